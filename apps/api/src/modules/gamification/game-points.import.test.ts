import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignedDuplicateRow,
  AWARD_MESSAGES,
  type AssignedPoints,
  type LeaderboardSnapshot,
} from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, type Client } from '../attendees/attendees.test-utils.js';
import { committed, uploaded, verified } from '../imports/imports.test-utils.js';
import { asAdmin, gameWithTaskAndBadge, type GameTarget } from './games.test-utils.js';
import type { Person } from '../meetings/meetings.test-utils.js';
import { person } from './standings.test-utils.js';

/** The GameTaskPoint import end to end through the API, with real xlsx files (exceljs). */
let t: TestContext;
let c: Client;
let g: GameTarget;
let ann: Person;
let bob: Person;

beforeAll(async () => {
  t = await createTestContext();
  g = await gameWithTaskAndBadge(t, await t.f.tenant(), 'Spring Quest');
  c = client(t, g.tenant.tokens.eventAdmin, g.tenant.event.id);
  ann = await person(t, g.tenant.event.id);
  bob = await person(t, g.tenant.event.id);
});
afterAll(() => t.close());

async function sheet(rows: Array<Array<string | number | null>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Points');
  ws.addRow(['Game', 'Email', 'Task', 'Points', 'Reason']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

type ErrorRow = { rowNumber: number; errors: Array<{ column: string | null; message: string }> };
const errorsOf = async (id: string) =>
  ((await c.get(`imports/${id}/errors`)).json().records as ErrorRow[]).map((r) => [
    r.rowNumber,
    Object.fromEntries(r.errors.map((e) => [e.column, e.message])),
  ]);
const assigned = async () =>
  (
    await asAdmin<{ records: AssignedPoints[] }>(
      t,
      g.tenant,
      'GET',
      `gamifications/${g.gameId}/assigned-points?sort=points:asc`,
    )
  ).records;

describe('GameTaskPoint import', () => {
  it('is offered with its columns and an xlsx template', async () => {
    const { tables } = (await c.get('imports/tables')).json() as {
      tables: Array<{ table: string; fileTypes: string[]; columns: Array<{ label: string }> }>;
    };
    const table = tables.find((x) => x.table === 'GameTaskPoint')!;
    expect(table.fileTypes).toEqual(['xlsx']);
    expect(table.columns.map((x) => x.label)).toEqual(['Game', 'Email', 'Task', 'Points', 'Reason']);
    expect((await c.get('imports/GameTaskPoint/template')).statusCode).toBe(200);
  });

  it('assigns points row by row, reports each bad row, and moves the board', async () => {
    const file = await sheet([
      ['spring quest', ann.email.toUpperCase(), null, 10, 'Best question'],
      ['Spring Quest', bob.email, 'complete your profile', '-3', 'Left early'],
      ['Spring Quest', bob.email, null, 7, 'Helped a speaker'],
      ['Autumn Quest', ann.email, null, 5, 'x'],
      ['Spring Quest', 'nobody@example.com', null, 5, 'x'],
      ['Spring Quest', ann.email, 'No such task', 5, 'x'],
      ['Spring Quest', ann.email, null, 0, 'x'],
      ['Spring Quest', ann.email, null, 'ten', 'x'],
      ['Spring Quest', ann.email, null, 5, null],
      ['spring quest', ann.email, null, 10, 'best question'],
      [null, null, null, null, 'only a reason'],
    ]);
    const up = await uploaded(c, 'GameTaskPoint', 'points.xlsx', file);
    expect(up.mapping).toEqual({
      game: 'Game',
      email: 'Email',
      task: 'Task',
      points: 'Points',
      reason: 'Reason',
    });
    const v = await verified(c, up.id);
    expect(v.counts).toMatchObject({ rows: 11, valid: 3, errors: 8 });
    expect(await errorsOf(up.id)).toEqual([
      [5, { game: AWARD_MESSAGES.gameUnknown }],
      [6, { email: AWARD_MESSAGES.emailUnknown }],
      [7, { task: AWARD_MESSAGES.taskNameUnknown }],
      [8, { points: AWARD_MESSAGES.pointsZero }],
      [9, { points: AWARD_MESSAGES.pointsInteger }],
      [10, { reason: AWARD_MESSAGES.reasonRequired }],
      [11, { email: assignedDuplicateRow(2) }],
      [
        12,
        {
          game: AWARD_MESSAGES.gameRequired,
          email: AWARD_MESSAGES.emailRequired,
          points: AWARD_MESSAGES.pointsRequired,
        },
      ],
    ]);

    const done = await committed(c, up.id, { skipInvalidRows: true });
    expect(done.status).toBe('COMPLETED');
    expect(done.counts).toMatchObject({ created: 3, updated: 0 });
    expect(
      (await assigned()).map((a) => [a.participantId, a.points, a.reason, a.taskName, a.imported]),
    ).toEqual([
      [bob.id, -3, 'Left early', 'Complete your profile', true],
      [bob.id, 7, 'Helped a speaker', null, true],
      [ann.id, 10, 'Best question', null, true],
    ]);
    const board = await asAdmin<LeaderboardSnapshot>(
      t,
      g.tenant,
      'GET',
      `gamifications/${g.gameId}/leaderboard`,
    );
    expect(board.entries.map((e) => [e.participantId, e.score])).toEqual([
      [ann.id, 10],
      [bob.id, 4],
    ]);
  });

  it('a game deleted between verify and commit: its rows get verify’s message and nothing is written', async () => {
    const doomed = await gameWithTaskAndBadge(t, g.tenant, 'Doomed Cup');
    const up = await uploaded(
      c,
      'GameTaskPoint',
      'doomed.xlsx',
      await sheet([['Doomed Cup', ann.email, null, 5, 'x']]),
    );
    expect((await verified(c, up.id)).counts).toMatchObject({ valid: 1, errors: 0 });
    await asAdmin(t, g.tenant, 'DELETE', `gamifications/${doomed.gameId}`);
    const done = await committed(c, up.id);
    expect(done.status).toBe('INVALID');
    expect(await errorsOf(up.id)).toEqual([[2, { game: AWARD_MESSAGES.gameUnknown }]]);
    expect(
      await t.deps.db.selectFrom('gameAssignedPoints').select('id').where('importId', '=', up.id).execute(),
    ).toEqual([]);
  });
});
