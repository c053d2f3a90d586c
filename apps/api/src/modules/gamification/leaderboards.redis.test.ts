import type { LeaderboardSnapshot, MyStanding } from '@plenary/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { assign, at, award, createGame, createTask, person } from './standings.test-utils.js';
import { projectionOf, rebuildStandings } from './standings.js';
import type { StandingsProjection } from './standings.redis.js';

// Runs only with REDIS_URL (see vitest.config.ts): the sorted-set projection against the ledger.
let t: TestContext;
let projection: StandingsProjection;

beforeAll(async () => {
  t = await createTestContext({ REDIS_URL: process.env.REDIS_URL });
  projection = projectionOf(t.deps)!;
});
afterAll(() => t.close());

describe('the Redis projection', () => {
  it('flushed and rebuilt from the ledger: byte for byte the same ZRANGE … WITHSCORES; the board reads the same as SQL', async () => {
    const ten = await t.f.tenant();
    const gameId = await createGame(t, ten.event.id, { scoring: 'WEIGHTED_POINTS' });
    const a = await createTask(t, ten.event.id, gameId, { weightPercent: 133 });
    const b = await createTask(t, ten.event.id, gameId, { weightPercent: 100 });
    const players: Array<Awaited<ReturnType<typeof person>>> = [];
    for (let i = 0; i < 8; i++) players.push(await person(t, ten.event.id));
    const g = { eventId: ten.event.id, gameId };
    for (const [i, p] of players.entries()) {
      await award(t, { ...g, taskId: a, participantId: p.id, points: 1 + (i % 3), at: at(i % 4) });
      if (i % 2 === 0) await award(t, { ...g, taskId: b, participantId: p.id, points: 5, at: at(10) });
    }
    await assign(t, { ...g, participantId: players[7]!.id, points: -2, at: at(20) });
    const before = await projection.dump(gameId);
    expect(before).toHaveLength(16);

    await projection.drop(gameId);
    expect(await projection.dump(gameId)).toEqual([]);
    await rebuildStandings(t.deps, gameId);
    expect(await projection.dump(gameId)).toEqual(before);

    // The projection's board and own ranks are the SQL ones (the standings list always ranks in SQL).
    const url = `/api/v1/events/${ten.event.id}/gamifications/${gameId}`;
    const fromRedis = (
      await t.as(ten.tokens.eventAdmin, { method: 'GET', url: `${url}/leaderboard?limit=100` })
    ).json() as LeaderboardSnapshot;
    const sql = (await t.as(ten.tokens.eventAdmin, { method: 'GET', url: `${url}/standings` })).json() as {
      records: Array<{ rank: number; participantId: string; score: number }>;
    };
    expect(fromRedis.entries.map((e) => [e.rank, e.participantId, e.score])).toEqual(
      sql.records.map((r) => [r.rank, r.participantId, r.score]),
    );
    const me = (
      await t.as(players[0]!.token, { method: 'GET', url: `${url}/leaderboard/me` })
    ).json() as MyStanding;
    const row = sql.records.find((r) => r.participantId === players[0]!.id)!;
    expect(me).toEqual({ score: row.score, rank: row.rank, players: 8 });
  });

  it('a read finds the projection gone (Redis restarted) and rebuilds it', async () => {
    const ten = await t.f.tenant();
    const gameId = await createGame(t, ten.event.id);
    const taskId = await createTask(t, ten.event.id, gameId);
    const p = await person(t, ten.event.id);
    await award(t, { eventId: ten.event.id, gameId, taskId, participantId: p.id, points: 4, at: at(1) });
    const before = await projection.dump(gameId);
    await projection.drop(gameId);
    const res = await t.as(p.token, {
      method: 'GET',
      url: `/api/v1/events/${ten.event.id}/gamifications/${gameId}/leaderboard/me`,
    });
    expect(res.json()).toEqual({ score: 4, rank: 1, players: 1 });
    expect(await projection.dump(gameId)).toEqual(before);
  });

  it('a stale update (fewer ledger rows than the projection holds) is dropped', async () => {
    const ten = await t.f.tenant();
    const gameId = await createGame(t, ten.event.id);
    const taskId = await createTask(t, ten.event.id, gameId);
    const p = await person(t, ten.event.id);
    await award(t, { eventId: ten.event.id, gameId, taskId, participantId: p.id, points: 4, at: at(1) });
    await award(t, { eventId: ten.event.id, gameId, taskId, participantId: p.id, points: 4, at: at(2) });
    const before = await projection.dump(gameId);
    await projection.update(gameId, [
      { participantId: p.id, raw: 400, reachedUs: '00000000000000001', rows: 1 },
    ]);
    expect(await projection.dump(gameId)).toEqual(before);
  });
});
