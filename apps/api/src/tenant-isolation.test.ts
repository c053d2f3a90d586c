// Tenant-isolation sweep (docs/SECURITY.md, "Tenant-isolation sweep"): two complete tenants; every route
// of the recorded route table called by every role of tenant 1 with tenant 2's ids in the path and in
// id fields of the body, also while impersonating a tenant-2 user and a user who takes part in both.
// Expected 404 or the role's 403 (400 only where the body or query is refused before any record is read), and
// never a byte of tenant 2's data: every tenant-2 name, title and address carries MARKER.
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeTenant, type CompleteTenant } from '../test/complete-tenant.js';
import { requestJsonSchema, validOf } from '../test/fuzz/arbitraries.js';
import { encode } from '../test/fuzz/requests.js';
import { expand, fillFrom, pathParameters, unknownParameters } from '../test/fuzz/path-fillers.js';
import { createRecordedContext, type ApiRoute } from '../test/fuzz/route-table.js';

const MARKER = 'zqtenanttwo';
const ROLES = ['orgAdmin', 'hubAdmin', 'eventAdmin', 'moderator', 'participant'] as const;
/** Routes the sweep does not call, with the reason. */
const NOT_SWEPT: Record<string, string> = {
  'GET /api/v1/files/:key':
    'a stored file is served to whoever holds its unguessable key (a capability URL, like the participant app caches it); no tenant check by design',
};

const { t, routes } = await createRecordedContext();
let one: CompleteTenant;
let two: CompleteTenant;
let sharedUserId: string;

beforeAll(async () => {
  one = await completeTenant(t, 'zqtenantone');
  two = await completeTenant(t, MARKER);
  const shared = await t.f.user({ email: `shared.${MARKER}@example.com`, firstName: `Shared ${MARKER}` });
  await t.f.participant(one.event.id, shared.id);
  await t.f.participant(two.event.id, shared.id);
  sharedUserId = shared.id;
}, 120_000);
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A body shaped by the route's schema whose every id is one of tenant 2's records. */
function bodyWithTheirIds(
  route: ApiRoute,
  theirs: string[],
): { payload: unknown; hasIds: boolean } | undefined {
  if (!route.body) return undefined;
  const [sample] = fc.sample(validOf(requestJsonSchema(route.body), { ids: theirs }), {
    numRuns: 1,
    seed: 42,
  });
  let n = 0;
  const swap = (v: unknown): unknown => {
    if (typeof v === 'string' && UUID.test(v)) return theirs[n++ % theirs.length];
    if (Array.isArray(v)) return v.map(swap);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]));
    return v;
  };
  const payload = swap(sample);
  return { payload, hasIds: n > 0 };
}

const leaks = (res: LightMyRequestResponse) => res.body.toLowerCase().includes(MARKER);

describe('tenant isolation: tenant 1 with tenant 2 ids, on every route', () => {
  it('knows how to fill every path parameter of the route table', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.flatMap((r) => unknownParameters(r.url).map((p) => `${r.method} ${r.url}: ${p}`))).toEqual(
      [],
    );
  });

  // Signing out ends the caller's session: last, so every other route meets valid tokens.
  const signOutLast = [...routes].sort(
    (a, b) => Number(a.url.endsWith('/auth/logout')) - Number(b.url.endsWith('/auth/logout')),
  );
  for (const route of signOutLast) {
    const name = `${route.method} ${route.url}`;
    if (name in NOT_SWEPT) continue;
    // A table key names the caller's own settings, no tenant's record.
    const withIds = pathParameters(route.url).some((p) => p.key !== 'view-settings/:tableKey');
    it(name, async () => {
      const theirs = [
        two.event.id,
        ...Object.values(two.records).flatMap((r) => (typeof r === 'string' ? [] : [String(r.id)])),
        two.users.participant.id,
      ];
      const url = withIds
        ? expand(
            route.url,
            Object.fromEntries(Object.entries(fillFrom(route.url, two)).map(([k, v]) => [k, encode(v)])),
          )
        : route.url;
      const body = bodyWithTheirIds(route, theirs);
      const callers: Array<[string, string, Record<string, string>]> = [
        ...ROLES.map((role) => [role, one.tokens[role], {}] as [string, string, Record<string, string>]),
        ...(['orgAdmin', 'hubAdmin', 'eventAdmin'] as const).flatMap((role) => [
          [
            `${role} impersonating tenant 2's participant`,
            one.tokens[role],
            { impersonate: two.users.participant.id },
          ] as [string, string, Record<string, string>],
          [
            `${role} impersonating a participant of both tenants`,
            one.tokens[role],
            { impersonate: sharedUserId },
          ] as [string, string, Record<string, string>],
        ]),
      ];
      const wrong: string[] = [];
      for (const [who, token, headers] of callers) {
        const options: InjectOptions = {
          method: route.method,
          url,
          headers: { authorization: `Bearer ${token}`, ...headers },
          ...(body ? { payload: body.payload as object } : {}),
        };
        const res = await t.app.inject(options);
        const status = res.statusCode;
        const refused =
          status === 403 ||
          status === 404 ||
          (status === 400 && (body !== undefined || route.querystring !== undefined)) ||
          (!route.secured && status >= 400 && status < 500);
        const problem = leaks(res)
          ? `tenant 2's data in the answer (${status})`
          : status >= 500
            ? `server error ${status}`
            : (withIds || body?.hasIds) && !refused
              ? `answered ${status} instead of 404/403`
              : undefined;
        if (problem) wrong.push(`${who}: ${problem} ${res.body.slice(0, 160)}`);
      }
      expect(wrong, `${name} → ${url}`).toEqual([]);
    });
  }
});
