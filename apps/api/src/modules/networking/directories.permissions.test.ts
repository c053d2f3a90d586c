import { afterAll, beforeAll, describe } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { at, eventCases, eventUrl as ev, itEachPermission } from '../../../test/permission-matrix.js';
import type { Tenant } from '../agenda/agenda.test-utils.js';

/** Who may call the directories and profile-privacy routes (test/permission-matrix.ts). */
interface Target {
  tenant: Tenant;
  directoryId: string;
}

let t: TestContext;
let a: Target;
let b: Target;
let n = 0;

async function newDirectory(tenant: Tenant): Promise<string> {
  const res = await t.as(tenant.tokens.eventAdmin, {
    method: 'POST',
    url: `/api/v1/events/${tenant.event.id}/directories`,
    payload: { name: `Directory ${++n}` },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return (res.json() as { id: string }).id;
}

async function target(tenant: Tenant): Promise<Target> {
  return { tenant, directoryId: await newDirectory(tenant) };
}

const CASES = eventCases<Target>([
  {
    name: 'list directories',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, 'directories')),
  },
  {
    name: 'create a directory',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, 'directories'),
      () => ({ name: `New ${++n}`, view: 'PILL' }),
    ),
  },
  {
    name: 'read a directory',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, `directories/${x.directoryId}`)),
  },
  {
    name: 'update a directory',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `directories/${x.directoryId}`),
      () => ({ view: 'CAROUSEL' }),
    ),
  },
  {
    name: 'delete a directory',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => ({ url: ev(x, `directories/${await newDirectory(x.tenant)}`) }),
  },
  {
    name: "a directory's people",
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, `directories/${x.directoryId}/items`)),
  },
  {
    name: 'read own privacy',
    method: 'GET',
    kind: 'self',
    ok: 200,
    request: at((x) => ev(x, 'participants/user-profile/privacy')),
  },
  {
    name: 'set own privacy',
    method: 'PUT',
    kind: 'self',
    ok: 200,
    request: at(
      (x) => ev(x, 'participants/user-profile/privacy'),
      () => ({ hidden: false }),
    ),
  },
]);

beforeAll(async () => {
  t = await createTestContext();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(() => t.close());

describe('directories and profile privacy: permissions', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));
});
