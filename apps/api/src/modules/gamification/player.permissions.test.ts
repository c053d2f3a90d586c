import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { at, eventCases, eventUrl as ev, itEachPermission } from '../../../test/permission-matrix.js';
import { createGame } from './standings.test-utils.js';

/**
 * Who may call the participant's game routes: the event's participants ('participant': staff who
 * are not participants 403, another tenant 404). Then malformed input (400, never 500) and games
 * a player must not see (another event's, unpublished: 404).
 */
type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;
interface Target {
  tenant: Tenant;
  gameId: string;
}

let t: TestContext;
let a: Target;
let b: Target;

async function target(tenant: Tenant): Promise<Target> {
  return { tenant, gameId: await createGame(t, tenant.event.id) };
}

const CASES = eventCases<Target>([
  { name: 'my games', method: 'GET', kind: 'participant', ok: 200, request: at((x) => ev(x, 'me/games')) },
  {
    name: 'one game',
    method: 'GET',
    kind: 'participant',
    ok: 200,
    request: at((x) => ev(x, `me/games/${x.gameId}`)),
  },
  {
    name: 'opt out',
    method: 'PUT',
    kind: 'participant',
    ok: 200,
    request: at(
      (x) => ev(x, `me/games/${x.gameId}/opt-out`),
      () => ({ optedOut: true }),
    ),
  },
]);

beforeAll(async () => {
  t = await createTestContext();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(() => t.close());

describe('participant game: permissions', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));

  it("another tenant's, another event's and an unpublished game: 404", async () => {
    const token = a.tenant.tokens.participant;
    const hidden = await createGame(t, a.tenant.event.id, { isPublished: false });
    const otherEvent = await t.f.event({ eventHubId: a.tenant.hub.id });
    const elsewhere = await createGame(t, otherEvent.id);
    for (const gameId of [b.gameId, hidden, elsewhere]) {
      const res = await t.as(token, { method: 'GET', url: ev(a, `me/games/${gameId}`) });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(404);
      const put = await t.as(token, {
        method: 'PUT',
        url: ev(a, `me/games/${gameId}/opt-out`),
        payload: { optedOut: true },
      });
      expect(put.statusCode).toBe(404);
    }
    const list = (await t.as(token, { method: 'GET', url: ev(a, 'me/games') })).json() as {
      games: Array<{ id: string }>;
    };
    expect(list.games.map((g) => g.id)).toEqual([a.gameId]);
  });
});

describe('participant game: malformed input', () => {
  it('answers 400 with field messages, never 500', async () => {
    const token = a.tenant.tokens.participant;
    const put = (payload: unknown, gameId = a.gameId) =>
      t.as(token, { method: 'PUT', url: ev(a, `me/games/${gameId}/opt-out`), payload: payload as object });
    for (const body of [{}, { optedOut: 'yes' }, { optedOut: null }, { optedOut: '\u0000' }]) {
      const res = await put(body);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain('optedOut');
    }
    expect((await put({ optedOut: true }, 'not-a-uuid')).statusCode).toBe(400);
    expect((await t.as(token, { method: 'GET', url: ev(a, 'me/games/%00') })).statusCode).toBe(400);
    // An over-long path segment is refused by the router before the route (414), never a 500.
    const long = await t.as(token, { method: 'GET', url: ev(a, `me/games/${'x'.repeat(200)}`) });
    expect(long.statusCode).toBe(414);
  });
});
