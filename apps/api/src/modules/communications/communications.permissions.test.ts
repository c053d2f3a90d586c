import { afterAll, beforeAll, describe } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { at, eventCases, eventUrl as ev, itEachPermission } from '../../../test/permission-matrix.js';
import type { Tenant } from '../agenda/agenda.test-utils.js';
import { deliveryEngineOf } from './communications.routes.js';

/** Who may call the communications (campaigns) routes: event admins and above (test/permission-matrix.ts). */
interface Target {
  tenant: Tenant;
  id: string;
}

let t: TestContext;
let a: Target;
let b: Target;
let n = 0;

const body = () => ({ channels: ['EMAIL'], subject: `Subject ${++n}`, body: 'Hello {firstName}' });

async function newCommunication(tenant: Tenant): Promise<string> {
  const res = await t.as(tenant.tokens.eventAdmin, {
    method: 'POST',
    url: `/api/v1/events/${tenant.event.id}/communications`,
    payload: body(),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id;
}

const target = async (tenant: Tenant): Promise<Target> => ({ tenant, id: await newCommunication(tenant) });

const CASES = eventCases<Target>([
  { name: 'list', method: 'GET', kind: 'admin', ok: 200, request: at((x) => ev(x, 'communications')) },
  {
    name: 'update-options',
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, 'communications/update-options')),
  },
  {
    name: 'audience count',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, 'communications/audience-count'),
      () => ({ audience: { type: 'EVERYONE' } }),
    ),
  },
  {
    name: 'preview',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, 'communications/preview'),
      () => ({ subject: 'Hi {firstName}', body: 'x' }),
    ),
  },
  {
    name: 'create',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at((x) => ev(x, 'communications'), body),
  },
  {
    name: 'read',
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, `communications/${x.id}`)),
  },
  {
    name: 'update',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `communications/${x.id}`),
      () => ({ subject: 'Changed' }),
    ),
  },
  {
    name: 'delete',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => ({ url: ev(x, `communications/${await newCommunication(x.tenant)}`) }),
  },
  {
    name: 'schedule',
    method: 'PUT',
    kind: 'admin',
    ok: 200,
    request: async (x) => ({
      url: ev(x, `communications/${await newCommunication(x.tenant)}/status`),
      payload: { action: 'SCHEDULE' },
    }),
  },
  {
    name: 'test send',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, `communications/${x.id}/test`)),
  },
  {
    name: 'delivery',
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, `communications/${x.id}/delivery`)),
  },
  {
    name: 'recipients',
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, `communications/${x.id}/recipients`)),
  },
]);

beforeAll(async () => {
  t = await createTestContext();
  await deliveryEngineOf(t.deps)?.stop();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(() => t.close());

describe('communications: permissions', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));
});
