import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../src/modules/content/content.test-utils.js';
import { completeTenant } from '../complete-tenant.js';
import { errorBodySchema } from '../../src/platform/errors.js';
import { problemWith } from './answers.js';
import { casesOf, hostileMultiparts, injectOptions, type FuzzMaterial } from './requests.js';
import { createRecordedContext, type ApiRoute } from './route-table.js';

/** Cases per route (each sent as super admin, event admin and participant); FUZZ_RUNS=500 for a deep local run. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 8);
/** Base seed; each route's seed derives from it and the route, so a new route does not change the others' cases. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 9_2025);

/** Routes the fuzz suite does not call, with the reason. Everything else in the route table is fuzzed. */
export const NOT_FUZZED: Record<string, string> = {};

const hash = (text: string) => [...text].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, 0);

/**
 * Writes that destroy the fixture go last (deepest paths first, the organisation at the very end),
 * and signing out last of all, so earlier routes still meet the records and a valid token.
 */
function destructiveLast(a: ApiRoute, b: ApiRoute): number {
  const weight = (r: ApiRoute) => (r.url.endsWith('/auth/logout') ? 3 : r.method === 'DELETE' ? 2 : 1);
  const depth = (r: ApiRoute) => r.url.split('/').length;
  return weight(a) - weight(b) || (weight(a) === 2 ? depth(b) - depth(a) : 0);
}

/** Registers one test per route of shard `shard` (of `shards`): generated requests, zero 5xx, declared answers only. */
export async function fuzzShard(shard: number, shards: number): Promise<void> {
  const { t, routes } = await createRecordedContext();
  const mine = routes
    .filter((r, i) => i % shards === shard && !(`${r.method} ${r.url}` in NOT_FUZZED))
    .sort(destructiveLast);
  let m: FuzzMaterial;
  let tokens: Array<[string, string]>;

  beforeAll(async () => {
    const own = await completeTenant(t, `fuzzown${shard}`);
    const other = await completeTenant(t, `fuzzother${shard}`);
    const superadmin = await t.f.user({ userRole: 'superadmin' });
    const ids = [own, other].flatMap((x) => [
      x.event.id,
      x.organization.id,
      x.hub.id,
      x.users.participant.id,
      ...Object.values(x.records).flatMap((r) => (typeof r === 'string' ? [r] : [String(r.id)])),
    ]);
    m = { own, other, pool: { ids }, multiparts: hostileMultiparts(await png(8, 8)) };
    tokens = [
      ['superadmin', await t.f.token(superadmin.id)],
      ['eventAdmin', own.tokens.eventAdmin],
      ['participant', own.tokens.participant],
    ];
  }, 120_000);
  afterAll(() => t.close());

  describe(`fuzz shard ${shard + 1} of ${shards}: ${FUZZ_RUNS} cases per route × 3 roles`, () => {
    it('covers every route of the shard', () => {
      expect(mine.length).toBeGreaterThan(40);
    });
    it('answers a path parameter over the router limit with the error body', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/events/${'x'.repeat(5_000)}/labels`,
        headers: { authorization: `Bearer ${tokens[1]![1]}` },
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(errorBodySchema.safeParse(res.json()).success, res.body.slice(0, 200)).toBe(true);
    });
    for (const route of mine) {
      const name = `${route.method} ${route.url}`;
      it(
        name,
        async () => {
          const seed = FUZZ_SEED + hash(name);
          await fc.assert(
            fc.asyncProperty(casesOf(route, m), async (c) => {
              for (const [role, token] of tokens) {
                const res = await t.app.inject(injectOptions(route, c, token));
                const problem = problemWith(route, res);
                if (problem)
                  throw new Error(
                    `${route.method} ${c.url.slice(0, 300)} as ${role}${c.body ? ` with body ${c.body.name} ${String(c.body.payload).slice(0, 200)}` : ''}: ${problem}`,
                  );
              }
            }),
            {
              numRuns: FUZZ_RUNS,
              seed,
              endOnFailure: true,
              ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
            },
          );
        },
        120_000,
      );
    }
  });
}
