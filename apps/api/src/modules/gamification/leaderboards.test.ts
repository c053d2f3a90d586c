import type { LeaderboardSnapshot, MyStanding, Standing } from '@plenary/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { assign, at, award, createGame, createTask, person } from './standings.test-utils.js';

let t: TestContext;
let ten: Awaited<ReturnType<TestContext['f']['tenant']>>;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
});
afterAll(() => t.close());

const base = (gameId: string) => `/api/v1/events/${ten.event.id}/gamifications/${gameId}`;
async function get<T>(token: string, url: string, status = 200): Promise<T> {
  const res = await t.as(token, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
const board = (gameId: string, token = ten.tokens.eventAdmin) =>
  get<LeaderboardSnapshot>(token, `${base(gameId)}/leaderboard`);

async function players(n: number) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await person(t, ten.event.id));
  return out;
}

describe('ranking from the ledger', () => {
  it('ties: equal scores rank the earlier achiever first, then by participant id; ranks are distinct', async () => {
    const gameId = await createGame(t, ten.event.id);
    const taskId = await createTask(t, ten.event.id, gameId);
    const [a, b, c, d] = await players(4);
    const g = { eventId: ten.event.id, gameId, taskId };
    await award(t, { ...g, participantId: a!.id, points: 10, at: at(5) });
    await award(t, { ...g, participantId: b!.id, points: 10, at: at(3) });
    await award(t, { ...g, participantId: c!.id, points: 30, at: at(9) });
    // d reaches 10 at the same instant as b: participant id decides.
    await award(t, { ...g, participantId: d!.id, points: 10, at: at(3) });
    const snap = await board(gameId);
    const [first, second] = [b!.id, d!.id].sort();
    expect(snap.entries.map((e) => [e.rank, e.participantId, e.score])).toEqual([
      [1, c!.id, 30],
      [2, first, 10],
      [3, second, 10],
      [4, a!.id, 10],
    ]);
    expect(snap.players).toBe(4);
    expect(snap.name).toBe('Quest');
  });

  it('TOTAL_POINTS vs WEIGHTED_POINTS on a worked fixture (assigned points: their task’s weight, else ×1)', async () => {
    // Task A weight 150 %, task B weight 50 %. X: 10 on A, 10 on B. Y: 16 on B, 4 assigned by hand,
    // 2 assigned under A. TOTAL: X 20, Y 22 → Y first. WEIGHTED: X 15 + 5 = 20; Y 8 + 4 + 3 = 15 → X first.
    const totalId = await createGame(t, ten.event.id, { scoring: 'TOTAL_POINTS' });
    const weightedId = await createGame(t, ten.event.id, { scoring: 'WEIGHTED_POINTS' });
    const [x, y] = await players(2);
    for (const gameId of [totalId, weightedId]) {
      const a = await createTask(t, ten.event.id, gameId, { weightPercent: 150 });
      const b = await createTask(t, ten.event.id, gameId, { weightPercent: 50 });
      const g = { eventId: ten.event.id, gameId };
      await award(t, { ...g, taskId: a, participantId: x!.id, points: 10, at: at(1) });
      await award(t, { ...g, taskId: b, participantId: x!.id, points: 10, at: at(2) });
      await award(t, { ...g, taskId: b, participantId: y!.id, points: 16, at: at(1) });
      await assign(t, { ...g, participantId: y!.id, points: 4, at: at(2) });
      await assign(t, { ...g, participantId: y!.id, points: 2, at: at(3), taskId: a });
    }
    const total = await board(totalId);
    expect(total.entries.map((e) => [e.participantId, e.score])).toEqual([
      [y!.id, 22],
      [x!.id, 20],
    ]);
    const weighted = await board(weightedId);
    expect(weighted.entries.map((e) => [e.participantId, e.score])).toEqual([
      [x!.id, 20],
      [y!.id, 15],
    ]);
  });

  it('weighted scores keep two decimals', async () => {
    const gameId = await createGame(t, ten.event.id, { scoring: 'WEIGHTED_POINTS' });
    const taskId = await createTask(t, ten.event.id, gameId, { weightPercent: 133 });
    const [p] = await players(1);
    await award(t, { eventId: ten.event.id, gameId, taskId, participantId: p!.id, points: 7, at: at(1) });
    expect((await board(gameId)).entries[0]!.score).toBe(9.31);
  });
});

describe('public boards, own rank and the staff standings', () => {
  it('opted-out and hidden players are left out of the public board (ranks stay theirs) but see their own rank; staff see them flagged', async () => {
    const gameId = await createGame(t, ten.event.id, { leaderboardSize: 3 });
    const taskId = await createTask(t, ten.event.id, gameId);
    const [top, hidden, third, fourth, fifth] = await players(5);
    const g = { eventId: ten.event.id, gameId, taskId };
    for (const [i, p] of [top, hidden, third, fourth, fifth].entries())
      await award(t, { ...g, participantId: p!.id, points: 50 - i * 10, at: at(i) });
    await t.deps.db.insertInto('gameOptOuts').values({ gameId, participantId: top!.id }).execute();
    await t.deps.db
      .updateTable('participants')
      .set({ profileHidden: true })
      .where('id', '=', hidden!.id)
      .execute();

    const snap = await board(gameId, ten.tokens.participant);
    expect(snap.entries.map((e) => [e.rank, e.participantId])).toEqual([
      [3, third!.id],
      [4, fourth!.id],
      [5, fifth!.id],
    ]);
    expect(snap.players).toBe(5);

    const mine = await get<MyStanding>(top!.token, `${base(gameId)}/leaderboard/me`);
    expect(mine).toEqual({ score: 50, rank: 1, players: 5 });
    const nobody = await get<MyStanding>(ten.tokens.participant, `${base(gameId)}/leaderboard/me`);
    expect(nobody).toEqual({ score: 0, rank: null, players: 5 });

    const list = await get<{ total: number; records: Standing[] }>(
      ten.tokens.moderator,
      `${base(gameId)}/standings`,
    );
    expect(list.total).toBe(5);
    expect(list.records.map((r) => [r.rank, r.optedOut, r.hidden])).toEqual([
      [1, true, false],
      [2, false, true],
      [3, false, false],
      [4, false, false],
      [5, false, false],
    ]);
    const searched = await get<{ total: number; records: Standing[] }>(
      ten.tokens.eventAdmin,
      `${base(gameId)}/standings?search=${encodeURIComponent(third!.email)}`,
    );
    expect(searched.records.map((r) => r.rank)).toEqual([3]);
    const optedOut = await get<{ total: number }>(
      ten.tokens.eventAdmin,
      `${base(gameId)}/standings?optedOut=true`,
    );
    expect(optedOut.total).toBe(1);
  });

  it('an unpublished game: staff see its board, participants get 404 (board and own rank)', async () => {
    const gameId = await createGame(t, ten.event.id, { isPublished: false });
    await board(gameId);
    await get(ten.tokens.participant, `${base(gameId)}/leaderboard`, 404);
    await get(ten.tokens.participant, `${base(gameId)}/leaderboard/me`, 404);
  });

  it('another event’s game is 404 on every route', async () => {
    const other = await t.f.tenant();
    const gameId = await createGame(t, other.event.id);
    for (const path of ['leaderboard', 'leaderboard/me', 'standings', 'report?format=csv'])
      await get(ten.tokens.eventAdmin, `${base(gameId)}/${path}`, 404);
  });
});

describe('team boards', () => {
  it('SUM, MEAN over members with points and TOP_K rank the teams; labels pick the first team by position', async () => {
    const [a1, a2, a3, b1] = await players(4);
    const labels = await t.deps.db
      .insertInto('labels')
      .values([
        { eventId: ten.event.id, name: 'Red', type: 'MANUAL', rules: JSON.stringify([]) },
        { eventId: ten.event.id, name: 'Blue', type: 'MANUAL', rules: JSON.stringify([]) },
      ])
      .returning('id')
      .execute();
    const [red, blue] = labels.map((l) => l.id);
    await t.deps.db
      .insertInto('participantLabels')
      .values([
        { labelId: red!, participantId: a1!.id },
        { labelId: red!, participantId: a2!.id },
        { labelId: red!, participantId: a3!.id },
        { labelId: blue!, participantId: b1!.id },
        // a3 holds both: the first team by position (Red) counts.
        { labelId: blue!, participantId: a3!.id },
      ])
      .execute();
    const results: Record<string, Array<[string, number, number]>> = {};
    for (const aggregate of ['SUM', 'MEAN', 'TOP_K'] as const) {
      const gameId = await createGame(t, ten.event.id, {
        mode: 'TEAM',
        teamAggregate: aggregate,
        teamTopK: 1,
      });
      await t.deps.db
        .insertInto('gameTeams')
        .values([
          { gameId, name: 'Red team', labelId: red!, position: 0 },
          { gameId, name: 'Blue team', labelId: blue!, position: 1 },
        ])
        .execute();
      const taskId = await createTask(t, ten.event.id, gameId);
      const g = { eventId: ten.event.id, gameId, taskId };
      await award(t, { ...g, participantId: a1!.id, points: 10, at: at(1) });
      await award(t, { ...g, participantId: a2!.id, points: 10, at: at(2) });
      await award(t, { ...g, participantId: a3!.id, points: 5, at: at(3) });
      await award(t, { ...g, participantId: b1!.id, points: 18, at: at(4) });
      const snap = await board(gameId);
      results[aggregate] = snap.teams.map((team) => [team.name, team.score, team.members]);
      expect(snap.entries.find((e) => e.participantId === a3!.id)?.teamName).toBe('Red team');
    }
    expect(results).toEqual({
      SUM: [
        ['Red team', 25, 3],
        ['Blue team', 18, 1],
      ],
      MEAN: [
        ['Blue team', 18, 1],
        ['Red team', 8.33, 3],
      ],
      TOP_K: [
        ['Blue team', 18, 1],
        ['Red team', 10, 3],
      ],
    });
  });

  it('MANUAL teams come from the member list', async () => {
    const [m1, m2] = await players(2);
    const gameId = await createGame(t, ten.event.id, { mode: 'TEAM', teamSource: 'MANUAL' });
    const [t1, t2] = await t.deps.db
      .insertInto('gameTeams')
      .values([
        { gameId, name: 'Owls', position: 0 },
        { gameId, name: 'Foxes', position: 1 },
      ])
      .returning('id')
      .execute();
    await t.deps.db
      .insertInto('gameTeamMembers')
      .values([
        { gameId, teamId: t1!.id, participantId: m1!.id },
        { gameId, teamId: t2!.id, participantId: m2!.id },
      ])
      .execute();
    const taskId = await createTask(t, ten.event.id, gameId);
    await award(t, { eventId: ten.event.id, gameId, taskId, participantId: m2!.id, points: 3, at: at(1) });
    const snap = await board(gameId);
    expect(snap.teams.map((x) => [x.rank, x.name, x.score])).toEqual([
      [1, 'Foxes', 3],
      [2, 'Owls', 0],
    ]);
    expect(snap.entries[0]!.teamName).toBe('Foxes');
  });
});

describe('the gamifications report', () => {
  it('XLSX: a Standings and an Awards sheet; CSV: both tables, formulas neutralised', async () => {
    const gameId = await createGame(t, ten.event.id);
    const taskId = await createTask(t, ten.event.id, gameId, { name: '=HYPERLINK("x")' });
    const [p] = await players(1);
    await award(t, { eventId: ten.event.id, gameId, taskId, participantId: p!.id, points: 7, at: at(1) });
    await assign(t, { eventId: ten.event.id, gameId, participantId: p!.id, points: 3, at: at(2) });

    const xlsx = await t.as(ten.tokens.eventAdmin, {
      method: 'GET',
      url: `${base(gameId)}/report?format=xlsx`,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/attachment; filename="gamifications-.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const standings = book.getWorksheet('Standings')!;
    expect(standings.getRow(1).values).toEqual([
      undefined,
      'Rank',
      'Name',
      'E-mail',
      'Team',
      'Score',
      'Badges',
      'Opted out',
    ]);
    expect(standings.getRow(2).getCell(1).value).toBe(1);
    expect(standings.getRow(2).getCell(3).value).toBe(p!.email);
    expect(standings.getRow(2).getCell(5).value).toBe(10);
    const awards = book.getWorksheet('Awards')!;
    expect(awards.rowCount).toBe(3);
    expect(awards.getRow(2).getCell(4).value).toBe(`'=HYPERLINK("x")`);
    expect(awards.getRow(2).getCell(6).value).toBe(7);
    expect(awards.getRow(3).getCell(4).value).toBe('Best question');
    expect(awards.getRow(3).getCell(5).value).toBe('Assigned points');

    const csv = await t.as(ten.tokens.moderator, { method: 'GET', url: `${base(gameId)}/report?format=csv` });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Standings');
    expect(lines[1]).toBe('Rank,Name,E-mail,Team,Score,Badges,Opted out');
    expect(lines[2]).toContain(`,${p!.email},,10,0,No`);
    expect(lines.slice(3, 6)).toEqual(['', 'Awards', 'When,Name,E-mail,Task or reason,Kind,Points']);
    expect(lines[6]).toContain(`"'=HYPERLINK(""x"")",Task,7`);
    expect(lines[7]).toContain('Best question,Assigned points,3');
  });
});
