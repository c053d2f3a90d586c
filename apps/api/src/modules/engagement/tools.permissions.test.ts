import { afterAll, beforeAll, describe } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { at, eventCases, eventUrl as ev, itEachPermission } from '../../../test/permission-matrix.js';
import type { Tenant } from '../agenda/agenda.test-utils.js';

/**
 * Who may call the tools, instances, live-tools and context routes (test/permission-matrix.ts).
 * Instances: admins, or moderators listed on the session — the tenant's moderator is listed on
 * none, so 403 like the participant (listed moderators: instances.test.ts).
 */
interface Target {
  tenant: Tenant;
  sessionId: string;
  toolId: string;
  instanceId: string;
}

let t: TestContext;
let a: Target;
let b: Target;
let n = 0;

async function call(tenant: Tenant, method: 'POST' | 'PUT', path: string, payload: unknown) {
  const res = await t.as(tenant.tokens.eventAdmin, {
    method,
    url: `/api/v1/events/${tenant.event.id}/${path}`,
    payload: payload as object,
  });
  if (res.statusCode >= 300) throw new Error(res.body);
  return res.json() as { id: string };
}

const toolBody = (sessionId: string) => ({
  type: 'POLL',
  name: `Poll ${++n}`,
  sessionIds: [sessionId],
  questions: [{ type: 'RADIOBOX', text: 'Which?', options: [{ label: 'A' }, { label: 'B' }] }],
});

async function newTool(x: { tenant: Tenant; sessionId: string }): Promise<string> {
  return (await call(x.tenant, 'POST', 'engagement-tools', toolBody(x.sessionId))).id;
}

async function newInstance(x: { tenant: Tenant; sessionId: string }, toolId: string): Promise<string> {
  return (
    await call(x.tenant, 'POST', `engagement-tools/${toolId}/instances`, {
      sessionId: x.sessionId,
      status: 'OPEN',
    })
  ).id;
}

async function target(tenant: Tenant): Promise<Target> {
  const sessionId = (
    await call(tenant, 'POST', 'sessions', {
      name: `S ${++n}`,
      startDate: '2030-06-01',
      startTime: '10:00 AM',
      endDate: '2030-06-01',
      endTime: '11:00 AM',
    })
  ).id;
  const toolId = await newTool({ tenant, sessionId });
  return { tenant, sessionId, toolId, instanceId: await newInstance({ tenant, sessionId }, toolId) };
}

const CASES = eventCases<Target>([
  { name: 'list tools', method: 'GET', kind: 'read', ok: 200, request: at((x) => ev(x, 'engagement-tools')) },
  {
    name: 'create a tool',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, 'engagement-tools'),
      (x) => toolBody(x.sessionId),
    ),
  },
  {
    name: 'read a tool',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `engagement-tools/${x.toolId}`)),
  },
  {
    name: 'update a tool',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `engagement-tools/${x.toolId}`),
      () => ({ description: 'changed' }),
    ),
  },
  {
    name: 'delete a tool',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => ({ url: ev(x, `engagement-tools/${await newTool(x)}`) }),
  },
  {
    name: 'copy a tool',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, `engagement-tools/${x.toolId}/copy`),
      () => ({}),
    ),
  },
  {
    name: 'list instances',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `engagement-tools/${x.toolId}/instances`)),
  },
  {
    name: 'create an instance',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, `engagement-tools/${x.toolId}/instances`),
      (x) => ({ sessionId: x.sessionId }),
    ),
  },
  {
    name: 'schedule an instance',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `engagement-tools/${x.toolId}/instances/${x.instanceId}`),
      () => ({ opensAt: '2030-06-01T10:00:00Z', closesAt: '2030-06-01T11:00:00Z' }),
    ),
  },
  {
    name: 'open or close an instance',
    method: 'PUT',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `engagement-tools/${x.toolId}/instances/${x.instanceId}/status`),
      () => ({ status: 'OPEN' }),
    ),
  },
  {
    name: 'delete an instance',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => ({
      url: ev(x, `engagement-tools/${x.toolId}/instances/${await newInstance(x, x.toolId)}`),
    }),
  },
  {
    name: "a session's live tools",
    method: 'GET',
    kind: 'participant',
    ok: 200,
    request: at((x) => ev(x, `sessions/${x.sessionId}/live-tools`)),
  },
  {
    name: "an instance's context",
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => `/api/v1/engagement/instances/${x.instanceId}/context`),
  },
]);

beforeAll(async () => {
  t = await createTestContext();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(() => t.close());

describe('engagement tools and instances: permissions', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));
});
