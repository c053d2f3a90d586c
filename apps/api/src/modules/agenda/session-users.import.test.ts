import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AGENDA_IMPORT_MESSAGES, IMPORT_MESSAGES, MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordEmits, type Emitted } from '../../../test/realtime.js';
import { client, participant, type Client } from '../attendees/attendees.test-utils.js';
import { SEATS_EVENT } from './enrollment.notify.js';
import { committed, uploaded, verified } from '../imports/imports.test-utils.js';

/** SessionUser ("Agenda") import end to end: seats, waitlist, 'This session is full', the breakout rule, exact counts. */
let t: TestContext;
let c: Client;
let eventId: string;
const p: Array<{ id: string; email: string }> = [];
const s: Record<string, string> = {};
const emitted: Emitted[] = [];

async function sheet(
  rows: Array<Array<string | null>>,
  headers = ['Email', 'Session', 'Session Id'],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Agenda');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

type ErrorRow = { rowNumber: number; errors: Array<{ column: string | null; message: string }> };
const errorsOf = async (id: string) =>
  ((await c.get(`imports/${id}/errors`)).json().records as ErrorRow[]).map((r) => [
    r.rowNumber,
    Object.fromEntries(r.errors.map((e) => [e.column, e.message])),
  ]);
const seats = (name: string) =>
  t.deps.db
    .selectFrom('sessions')
    .select(['enrolledCount', 'waitlistedCount'])
    .where('id', '=', s[name]!)
    .executeTakeFirstOrThrow();
const places = (name: string) =>
  t.deps.db
    .selectFrom('enrollments')
    .select(['participantId', 'state'])
    .where('sessionId', '=', s[name]!)
    .orderBy('createdAt')
    .orderBy('participantId')
    .execute();

beforeAll(async () => {
  t = await createTestContext();
  const ten = await t.f.tenant();
  eventId = ten.event.id;
  c = client(t, ten.tokens.eventAdmin, eventId);
  for (let i = 0; i < 5; i++) p.push(await participant(c));
  const db = t.deps.db;
  const breakout = (
    await db
      .insertInto('breakouts')
      .values({ eventId, name: 'Tracks', enrollable: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const session = async (
    name: string,
    over: { capacity?: number | null; waitlist?: boolean; breakoutId?: string } = {},
  ) => {
    const row = await db
      .insertInto('sessions')
      .values({
        eventId,
        name,
        startAt: new Date('2027-05-04T07:00:00Z'),
        endAt: new Date('2027-05-04T08:00:00Z'),
        capacity: over.capacity ?? null,
        waitlist: over.waitlist ?? true,
        breakoutId: over.breakoutId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  s.small = await session('Small', { capacity: 2 });
  s.tiny = await session('Tiny', { capacity: 1, waitlist: false });
  s.open = await session('Open');
  s.b1 = await session('Track 1', { breakoutId: breakout });
  s.b2 = await session('Track 2', { breakoutId: breakout });
  s.twinA = await session('Twin');
  s.twinB = await session('Twin');
  recordEmits(t, emitted);
});
afterAll(() => t.close());

describe('SessionUser import', () => {
  it('gives seats in row order, then waitlist places, and reports full sessions, the breakout rule and bad rows', async () => {
    const [a, b, c2, d] = p as [
      { email: string; id: string },
      { email: string; id: string },
      { email: string; id: string },
      { email: string; id: string },
    ];
    const file = await sheet([
      [a.email, 'Small', null],
      [b.email, 'small', null],
      [c2.email, 'Small', null],
      [a.email, 'Tiny', null],
      [b.email, 'Tiny', null],
      [a.email, 'Track 1', null],
      [a.email, 'Track 2', null],
      [d.email.toUpperCase(), 'Open', null],
      ['nobody@example.com', 'Open', null],
      ['not-an-email', 'Open', null],
      [d.email, 'Nope', null],
      [d.email, 'Twin', null],
      [d.email, null, s.twinB!],
      [d.email, null, '00000000-0000-4000-8000-000000000000'],
      [a.email, 'SMALL', null],
      [d.email, null, null],
    ]);
    const up = await uploaded(c, 'SessionUser', 'agenda.xlsx', file);
    expect(up.mapping).toEqual({ email: 'Email', session: 'Session', sessionId: 'Session Id' });
    const v = await verified(c, up.id);
    expect(v.counts).toMatchObject({ rows: 16, valid: 7, errors: 9 });
    expect(await errorsOf(up.id)).toEqual([
      [6, { session: 'This session is full' }],
      [8, { session: AGENDA_IMPORT_MESSAGES.breakoutHeld }],
      [10, { email: IMPORT_MESSAGES.notInEvent }],
      [11, { email: MESSAGES.invalidEmail }],
      [12, { session: AGENDA_IMPORT_MESSAGES.unknownSessionName }],
      [13, { session: AGENDA_IMPORT_MESSAGES.ambiguousSessionName }],
      [15, { sessionId: AGENDA_IMPORT_MESSAGES.unknownSessionId }],
      [16, { email: AGENDA_IMPORT_MESSAGES.duplicateEnrollment(2) }],
      [17, { session: MESSAGES.required }],
    ]);

    const done = await committed(c, up.id, { skipInvalidRows: true });
    expect(done.counts).toMatchObject({ created: 7, updated: 0, skipped: 9 });
    expect(await seats('small')).toEqual({ enrolledCount: 2, waitlistedCount: 1 });
    expect(await places('small')).toEqual([
      { participantId: a.id, state: 'ENROLLED' },
      { participantId: b.id, state: 'ENROLLED' },
      { participantId: c2.id, state: 'WAITLISTED' },
    ]);
    expect(await seats('tiny')).toEqual({ enrolledCount: 1, waitlistedCount: 0 });
    expect(await seats('b1')).toEqual({ enrolledCount: 1, waitlistedCount: 0 });
    expect(await seats('b2')).toEqual({ enrolledCount: 0, waitlistedCount: 0 });
    expect(await seats('open')).toEqual({ enrolledCount: 1, waitlistedCount: 0 });
    expect(await seats('twinB')).toEqual({ enrolledCount: 1, waitlistedCount: 0 });
    // Everyone watching the agenda sees the new counts of each session the import placed people in.
    const seatEvents = () =>
      emitted.filter((x) => x.room === `event:${eventId}` && x.event === SEATS_EVENT).map((x) => x.payload);
    await vi.waitFor(() => {
      expect(seatEvents()).toContainEqual(
        expect.objectContaining({ sessionId: s.small, enrolledCount: 2, waitlistedCount: 1, capacity: 2 }),
      );
      expect(seatEvents()).toContainEqual(
        expect.objectContaining({ sessionId: s.b1, enrolledCount: 1, waitlistedCount: 0, capacity: null }),
      );
      expect(seatEvents()).toHaveLength(5);
    });
    expect(new Set(seatEvents().map((x) => (x as { sessionId: string }).sessionId))).toEqual(
      new Set([s.small, s.tiny, s.b1, s.open, s.twinB]),
    );
  });

  it('over capacity: later rows wait in order; someone already placed is left as they are; a held breakout session counts', async () => {
    const [a, b, c2, d, e] = p as Array<{ email: string; id: string }>;
    const file = await sheet([
      [a!.email, 'Small', null],
      [d!.email, 'Small', null],
      [e!.email, 'Small', null],
      [b!.email, 'Track 2', null],
      [a!.email, 'Track 2', null],
    ]);
    const up = await uploaded(c, 'SessionUser', 'agenda-2.xlsx', file);
    const v = await verified(c, up.id);
    expect(await errorsOf(up.id)).toEqual([[6, { session: AGENDA_IMPORT_MESSAGES.breakoutHeld }]]);
    expect(v.counts).toMatchObject({ valid: 4, errors: 1 });
    const done = await committed(c, up.id, { skipInvalidRows: true });
    expect(done.counts).toMatchObject({ created: 3, skipped: 2 });
    expect(await seats('small')).toEqual({ enrolledCount: 2, waitlistedCount: 3 });
    expect((await places('small')).map((x) => x.participantId)).toEqual([a!.id, b!.id, c2!.id, d!.id, e!.id]);
    expect(await seats('b2')).toEqual({ enrolledCount: 1, waitlistedCount: 0 });
  });

  it('counts again under the lock at commit: a seat taken after verify is not given twice', async () => {
    const [, , , d, e] = p as Array<{ email: string; id: string }>;
    const db = t.deps.db;
    await db.updateTable('sessions').set({ capacity: 2 }).where('id', '=', s.tiny!).execute();
    const up = await uploaded(c, 'SessionUser', 'agenda-3.xlsx', await sheet([[d!.email, 'Tiny', null]]));
    expect((await verified(c, up.id)).status).toBe('VERIFIED');
    // Someone enrolls in the last seat between verify and commit.
    await sql`INSERT INTO enrollments (session_id, participant_id, event_id, state) VALUES (${s.tiny!}, ${e!.id}, ${eventId}, 'ENROLLED')`.execute(
      db,
    );
    await db.updateTable('sessions').set({ enrolledCount: 2 }).where('id', '=', s.tiny!).execute();
    const done = await committed(c, up.id);
    expect(done.counts).toMatchObject({ created: 0, skipped: 1 });
    expect(await seats('tiny')).toEqual({ enrolledCount: 2, waitlistedCount: 0 });
    const counted = await db
      .selectFrom('enrollments')
      .select(db.fn.countAll<number>().as('n'))
      .where('sessionId', '=', s.tiny!)
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(2);
  });
});
