import type { AssignedPoints, LeaderboardSnapshot } from '@plenary/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { gameWithTaskAndBadge, type GameTarget } from './games.test-utils.js';
import { person } from './standings.test-utils.js';

let t: TestContext;
let a: GameTarget;
let b: GameTarget;

beforeAll(async () => {
  t = await createTestContext();
  a = await gameWithTaskAndBadge(t, await t.f.tenant());
  b = await gameWithTaskAndBadge(t, await t.f.tenant());
});
afterAll(() => t.close());

const url = (x: GameTarget, rest = '') =>
  `/api/v1/events/${x.tenant.event.id}/gamifications/${x.gameId}/assigned-points${rest}`;
const post = (x: GameTarget, payload: object, token = x.tenant.tokens.eventAdmin) =>
  t.as(token, { method: 'POST', url: url(x), payload });
async function score(x: GameTarget, participantId: string): Promise<number | undefined> {
  const res = await t.as(x.tenant.tokens.eventAdmin, {
    method: 'GET',
    url: `/api/v1/events/${x.tenant.event.id}/gamifications/${x.gameId}/leaderboard`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as LeaderboardSnapshot).entries.find((e) => e.participantId === participantId)?.score;
}

describe('assigned points', () => {
  it('refuses bad input with the field messages', async () => {
    const p = await person(t, a.tenant.event.id);
    const other = await person(t, b.tenant.event.id);
    const cases: Array<[object, Record<string, string>]> = [
      [{ participantId: p.id, points: 0, reason: 'x' }, { points: 'Points must not be 0' }],
      [{ participantId: p.id, points: 2.5, reason: 'x' }, { points: 'Points must be a whole number' }],
      [
        { participantId: p.id, points: 100_001, reason: 'x' },
        { points: 'Points must be between -100000 and 100000' },
      ],
      [{ participantId: p.id, points: 5, reason: '  ' }, { reason: 'A reason is required' }],
      [
        { participantId: p.id, points: 5, reason: 'x'.repeat(501) },
        { reason: 'The reason must be at most 500 characters' },
      ],
      [
        { participantId: other.id, points: 5, reason: 'x' },
        { participantId: 'No participant of this event has this id' },
      ],
      [
        { participantId: p.id, points: 5, reason: 'x', taskId: b.taskId },
        { taskId: 'No task of this game has this id' },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await post(a, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toMatchObject(fields);
    }
    const list = await t.as(a.tenant.tokens.eventAdmin, { method: 'GET', url: url(a) });
    expect(list.json().total).toBe(0);
  });

  it('moves the score and the board; the list shows who gave what; taking them back removes them', async () => {
    const p = await person(t, a.tenant.event.id);
    const bonus = await post(a, { participantId: p.id, points: 15, reason: 'Best question of the day' });
    expect(bonus.statusCode, bonus.body).toBe(201);
    const record = bonus.json() as AssignedPoints;
    expect(record).toMatchObject({
      participantId: p.id,
      participantEmail: p.email,
      points: 15,
      reason: 'Best question of the day',
      taskId: null,
      imported: false,
    });
    expect(record.createdBy).not.toBe('');
    const penalty = await post(a, { participantId: p.id, points: -5, reason: 'Late', taskId: a.taskId });
    expect(penalty.statusCode, penalty.body).toBe(201);
    expect(penalty.json().taskName).toBe('Complete your profile');
    expect(await score(a, p.id)).toBe(10);

    const found = await t.as(a.tenant.tokens.moderator, {
      method: 'GET',
      url: `${url(a)}?search=best%20question`,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ total: 1, records: [{ id: record.id }] });
    const csv = await t.as(a.tenant.tokens.eventAdmin, {
      method: 'GET',
      url: `${url(a, '/export')}?format=csv`,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Best question of the day');

    const gone = await t.as(a.tenant.tokens.eventAdmin, { method: 'DELETE', url: url(a, `/${record.id}`) });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await score(a, p.id)).toBe(-5);
    const again = await t.as(a.tenant.tokens.eventAdmin, { method: 'DELETE', url: url(a, `/${record.id}`) });
    expect(again.statusCode).toBe(404);
  });

  it("another tenant's game, and another game's assigned points, answer 404", async () => {
    const p = await person(t, a.tenant.event.id);
    const record = (
      await post(a, { participantId: p.id, points: 3, reason: 'Helper' })
    ).json() as AssignedPoints;
    const foreignGame = { ...a, gameId: b.gameId };
    expect((await post(foreignGame, { participantId: p.id, points: 3, reason: 'x' })).statusCode).toBe(404);
    const viaOther = await t.as(b.tenant.tokens.eventAdmin, {
      method: 'DELETE',
      url: url(b, `/${record.id}`),
    });
    expect(viaOther.statusCode).toBe(404);
    expect(await score(a, p.id)).toBe(3);
  });
});
