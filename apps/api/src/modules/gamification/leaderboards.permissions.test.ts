import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { at, eventCases, eventUrl as ev, itEachPermission } from '../../../test/permission-matrix.js';
import type { Tenant } from '../agenda/agenda.test-utils.js';
import { participantIdOf } from '../meetings/meetings.test-utils.js';
import { award, at as minute, createGame, createTask } from './standings.test-utils.js';

/**
 * Who may call the leaderboard routes (test/permission-matrix.ts): the public board for anyone of
 * the event (published game), my standing for its participants, the standings, their export and the
 * report for staff. Another tenant's game: 404.
 */
interface Target {
  tenant: Tenant;
  gameId: string;
}

let t: TestContext;
let a: Target;
let b: Target;

async function target(tenant: Tenant): Promise<Target> {
  const gameId = await createGame(t, tenant.event.id);
  const taskId = await createTask(t, tenant.event.id, gameId);
  const participantId = await participantIdOf(t, tenant.event.id, tenant.users.participant.id);
  await award(t, { eventId: tenant.event.id, gameId, taskId, participantId, points: 5, at: minute(1) });
  return { tenant, gameId };
}

const game = (x: Target, path: string) => ev(x, `gamifications/${x.gameId}/${path}`);

const CASES = eventCases<Target>([
  {
    name: 'the public board',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => game(x, 'leaderboard')),
  },
  {
    name: 'my standing',
    method: 'GET',
    kind: 'participant',
    ok: 200,
    request: at((x) => game(x, 'leaderboard/me')),
  },
  { name: 'the standings', method: 'GET', kind: 'read', ok: 200, request: at((x) => game(x, 'standings')) },
  {
    name: 'export the standings',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => game(x, 'standings/export?format=csv')),
  },
  {
    name: 'the gamifications report',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => game(x, 'report?format=xlsx')),
  },
]);

beforeAll(async () => {
  t = await createTestContext();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(() => t.close());

describe('leaderboards: permissions', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));

  it("another event's game in the own event's path is 404 to its staff", async () => {
    for (const path of ['leaderboard', 'standings', 'report?format=csv'])
      expect(
        (
          await t.as(a.tenant.tokens.eventAdmin, {
            method: 'GET',
            url: ev(a, `gamifications/${b.gameId}/${path}`),
          })
        ).statusCode,
      ).toBe(404);
  });
});

describe('leaderboards: malformed input', () => {
  it.each([
    ['leaderboard?limit=0', 'leaderboard?limit=0'],
    ['leaderboard?limit=101', 'leaderboard?limit=101'],
    ['leaderboard?limit=a%00b', 'leaderboard?limit=a%00b'],
    ['standings?sort=rank:sideways', 'standings?sort=rank:sideways'],
    ['standings?search=<5,000 characters>', 'standings?search=' + 'x'.repeat(5000)],
    ['standings?optedOut=maybe', 'standings?optedOut=maybe'],
    ['report?format=pdf', 'report?format=pdf'],
    ['report?format=<lone surrogate>', 'report?format=%ED%A0%80'],
  ])('%s answers 400', async (_name, path) => {
    const res = await t.as(a.tenant.tokens.eventAdmin, { method: 'GET', url: game(a, path) });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('a game id that is no uuid answers 400', async () => {
    for (const path of ['leaderboard', 'leaderboard/me', 'standings', 'report'])
      expect(
        (
          await t.as(a.tenant.tokens.eventAdmin, {
            method: 'GET',
            url: ev(a, `gamifications/not-a-uuid/${path}`),
          })
        ).statusCode,
      ).toBe(400);
  });
});
