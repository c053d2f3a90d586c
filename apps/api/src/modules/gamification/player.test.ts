import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerGame } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { award, at, createGame, createTask, person } from './standings.test-utils.js';

/** The participant's game page: progress per task, badge gallery, board and the opt-out. */
let t: TestContext;
afterAll(() => t.close());

let tenant: Awaited<ReturnType<TestContext['f']['tenant']>>;
beforeAll(async () => {
  t = await createTestContext();
  tenant = await t.f.tenant();
});

const game = async (token: string, gameId: string) => {
  const res = await t.as(token, {
    method: 'GET',
    url: `/api/v1/events/${tenant.event.id}/me/games/${gameId}`,
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as PlayerGame;
};

describe('participant game page', () => {
  it('shows progress, badges ("1 of 2 tasks", next), the board; opting out keeps points and own rank', async () => {
    const eventId = tenant.event.id;
    const gameId = await createGame(t, eventId, { leaderboardSize: 3 });
    const scan = await createTask(t, eventId, gameId, { name: 'Scan the booths' });
    await t.deps.db
      .updateTable('gameTasks')
      .set({ pointsPerSubTask: 10, tasksPointsLimit: 30 })
      .where('id', '=', scan)
      .execute();
    const poll = (
      await t.deps.db
        .insertInto('gameTasks')
        .values({
          gameId,
          eventId,
          kind: 'SURVEY',
          type: 'COMPLETION',
          name: 'Vote',
          points: 25,
          position: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.deps.db
      .insertInto('gameBadges')
      .values([
        { gameId, eventId, name: 'Explorer', taskIds: [scan, poll], position: 0 },
        { gameId, eventId, name: 'Voter', taskIds: [poll], position: 1 },
      ])
      .execute();
    const me = await t.deps.db
      .selectFrom('participants')
      .select('id')
      .where('eventId', '=', eventId)
      .where('userId', '=', tenant.users.participant.id)
      .executeTakeFirstOrThrow();
    const token = tenant.tokens.participant;

    const before = await game(token, gameId);
    expect(before).toMatchObject({ score: 0, rank: null, window: 'RUNNING', optedOut: false, board: [] });

    await award(t, { eventId, gameId, taskId: scan, participantId: me.id, points: 10, at: at(1) });
    await award(t, { eventId, gameId, taskId: scan, participantId: me.id, points: 10, at: at(2) });
    await t.deps.db
      .insertInto('gameLedger')
      .values({
        gameId,
        eventId,
        participantId: me.id,
        taskId: poll,
        targetKey: '',
        points: 25,
        awardedAt: at(3),
      })
      .execute();
    await t.deps.db
      .insertInto('gameBadgeAwards')
      .values({ badgeId: (await badge('Voter')).id, gameId, participantId: me.id, earnedAt: at(3) })
      .execute();
    const others = [];
    for (const [i, points] of [50, 40, 30].entries()) {
      const p = await person(t, eventId);
      others.push(p);
      await award(t, { eventId, gameId, taskId: scan, participantId: p.id, points, at: at(10 + i) });
    }

    const now = await game(token, gameId);
    expect(now.score).toBe(45);
    expect(now.rank).toBe(2);
    expect(now.tasks.map((x) => [x.name, x.state, x.done, x.of, x.pointsEarned, x.pointsLimit])).toEqual([
      ['Scan the booths', 'PARTIAL', 2, 3, 20, 30],
      ['Vote', 'DONE', 1, 1, 25, null],
    ]);
    expect(now.tasks[0]!.action).toEqual({ page: 'SCANNER', targetId: null });
    expect(now.badges.map((x) => [x.name, x.earnedAt !== null, x.done, x.of, x.next])).toEqual([
      ['Explorer', false, 1, 2, true],
      ['Voter', true, 1, 1, false],
    ]);
    expect(now.board.map((r) => r.participantId)).toContain(me.id);
    expect(now.me).toMatchObject({ participantId: me.id, rank: 2, score: 45 });

    const out = await t.as(token, {
      method: 'PUT',
      url: `/api/v1/events/${eventId}/me/games/${gameId}/opt-out`,
      payload: { optedOut: true },
    });
    expect(out.json()).toEqual({ optedOut: true });
    const after = await game(token, gameId);
    expect(after.optedOut).toBe(true);
    expect(after.score).toBe(45);
    expect(after.rank).not.toBeNull();
    expect(after.board.map((r) => r.participantId)).not.toContain(me.id);
    expect(after.me).toMatchObject({ participantId: me.id, score: 45 });

    const list = await t.as(token, { method: 'GET', url: `/api/v1/events/${eventId}/me/games` });
    expect(list.json().games).toEqual([
      expect.objectContaining({ id: gameId, score: 45, badgesEarned: 1, badgesTotal: 2 }),
    ]);

    async function badge(name: string) {
      return t.deps.db
        .selectFrom('gameBadges')
        .select('id')
        .where('gameId', '=', gameId)
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
    }
  });
});
