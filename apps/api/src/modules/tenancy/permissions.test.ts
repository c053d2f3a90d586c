import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { by, itEachPermission, statuses, type MatrixCase } from '../../../test/permission-matrix.js';

/**
 * Who may call what (test/permission-matrix.ts): every tenancy and view-settings endpoint, with
 * statuses per role. Allowed roles outside their tenant get 404 (the record's existence is not
 * revealed); roles that may not use an endpoint at all get 403; no token, 401.
 */
type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;

let t: TestContext;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await createTestContext();
  a = await t.f.tenant();
  b = await t.f.tenant();
});
afterAll(() => t.close());

const unique = () => randomUUID().slice(0, 8);
const fresh = {
  async organization(target: Tenant) {
    const org = await t.f.organization();
    await t.f.grant(target.users.orgAdmin.id, 'organization', org.id);
    return org.id;
  },
  async hub(target: Tenant) {
    const hub = await t.f.hub({ organizationId: target.organization.id });
    await t.f.grant(target.users.hubAdmin.id, 'eventHub', hub.id);
    return hub.id;
  },
  async event(target: Tenant) {
    const event = await t.f.event({ eventHubId: target.hub.id });
    await t.f.grant(target.users.eventAdmin.id, 'event', event.id);
    return event.id;
  },
  /** Someone moderating the tenant's event who never created a password. */
  async moderator(target: Tenant) {
    const user = await t.deps.db
      .insertInto('users')
      .values({
        email: `invitee-${unique()}@example.com`,
        firstName: 'In',
        lastName: 'Vitee',
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.f.grant(user.id, 'event', target.event.id, 'moderator');
    return user.id;
  },
  async appVersion() {
    const row = await t.deps.db
      .insertInto('appVersions')
      .values({ platform: 'iOS', version: `1.0.0-${unique()}`, isRequired: false, updatedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
};
const at = (url: string) => async () => ({ url });
const eventBody = (target: Tenant) => ({
  name: `Event ${unique()}`,
  eventHubId: target.hub.id,
  startAt: '2026-09-01T09:00:00Z',
  endAt: '2026-09-02T17:00:00Z',
  timezone: 'UTC',
});

const CASES: MatrixCase<Tenant>[] = [
  // organizations: super admins all; organisation admins read and edit their own
  {
    name: 'list organizations',
    method: 'GET',
    request: at('/api/v1/organizations'),
    expected: statuses(by(200, 200, 403, 403, 403, 403, 401)),
  },
  {
    name: 'export organizations',
    method: 'GET',
    request: at('/api/v1/organizations/export'),
    expected: statuses(by(200, 200, 403, 403, 403, 403, 401)),
  },
  {
    name: 'create organization',
    method: 'POST',
    request: async () => ({ url: '/api/v1/organizations', payload: { name: `Org ${unique()}` } }),
    expected: statuses(by(201, 403, 403, 403, 403, 403, 401)),
  },
  {
    name: 'get organization',
    method: 'GET',
    request: async (x) => ({ url: `/api/v1/organizations/${x.organization.id}` }),
    expected: statuses(by(200, 200, 403, 403, 403, 403, 401), by(200, 404, 403, 403, 403, 403, 401)),
  },
  {
    name: 'update organization',
    method: 'PATCH',
    request: async (x) => ({
      url: `/api/v1/organizations/${x.organization.id}`,
      payload: { settings: { status: 'PUBLISHED' } },
    }),
    expected: statuses(by(200, 200, 403, 403, 403, 403, 401), by(200, 404, 403, 403, 403, 403, 401)),
  },
  {
    name: 'delete organization',
    method: 'DELETE',
    request: async (x) => ({ url: `/api/v1/organizations/${await fresh.organization(x)}` }),
    expected: statuses(by(204, 403, 403, 403, 403, 403, 401)),
  },

  // event hubs: super admins; organisation admins in their organisations; hub admins read theirs
  {
    name: 'list event hubs',
    method: 'GET',
    request: at('/api/v1/event-hubs'),
    expected: statuses(by(200, 200, 200, 403, 403, 403, 401)),
  },
  {
    name: 'export event hubs',
    method: 'GET',
    request: at('/api/v1/event-hubs/export'),
    expected: statuses(by(200, 200, 200, 403, 403, 403, 401)),
  },
  {
    name: 'create event hub',
    method: 'POST',
    request: async (x) => ({
      url: '/api/v1/event-hubs',
      payload: { name: `Hub ${unique()}`, organizationId: x.organization.id },
    }),
    expected: statuses(by(201, 201, 403, 403, 403, 403, 401), by(201, 404, 403, 403, 403, 403, 401)),
  },
  {
    name: 'get event hub',
    method: 'GET',
    request: async (x) => ({ url: `/api/v1/event-hubs/${x.hub.id}` }),
    expected: statuses(by(200, 200, 200, 403, 403, 403, 401), by(200, 404, 404, 403, 403, 403, 401)),
  },
  {
    name: 'update event hub',
    method: 'PATCH',
    request: async (x) => ({ url: `/api/v1/event-hubs/${x.hub.id}`, payload: { name: x.hub.name } }),
    expected: statuses(by(200, 200, 403, 403, 403, 403, 401), by(200, 404, 404, 403, 403, 403, 401)),
  },
  {
    name: 'delete event hub',
    method: 'DELETE',
    request: async (x) => ({ url: `/api/v1/event-hubs/${await fresh.hub(x)}` }),
    expected: statuses(by(204, 204, 403, 403, 403, 403, 401), by(204, 404, 404, 403, 403, 403, 401)),
  },

  // events: down to event admins, who read and edit their own events only
  {
    name: 'list events',
    method: 'GET',
    request: at('/api/v1/events'),
    expected: statuses(by(200, 200, 200, 200, 403, 403, 401)),
  },
  {
    name: 'event filters',
    method: 'GET',
    request: at('/api/v1/events/filters'),
    expected: statuses(by(200, 200, 200, 200, 403, 403, 401)),
  },
  {
    name: 'export events',
    method: 'GET',
    request: at('/api/v1/events/export?format=xlsx'),
    expected: statuses(by(200, 200, 200, 200, 403, 403, 401)),
  },
  {
    name: 'create event',
    method: 'POST',
    request: async (x) => ({ url: '/api/v1/events', payload: eventBody(x) }),
    expected: statuses(by(201, 201, 201, 403, 403, 403, 401), by(201, 404, 404, 403, 403, 403, 401)),
  },
  {
    name: 'get event',
    method: 'GET',
    request: async (x) => ({ url: `/api/v1/events/${x.event.id}` }),
    expected: statuses(by(200, 200, 200, 200, 403, 403, 401), by(200, 404, 404, 404, 403, 403, 401)),
  },
  {
    name: 'update event',
    method: 'PATCH',
    request: async (x) => ({
      url: `/api/v1/events/${x.event.id}`,
      payload: { description: `Edited ${unique()}` },
    }),
    expected: statuses(by(200, 200, 200, 200, 403, 403, 401), by(200, 404, 404, 404, 403, 403, 401)),
  },
  {
    name: 'delete event',
    method: 'DELETE',
    request: async (x) => ({ url: `/api/v1/events/${await fresh.event(x)}` }),
    expected: statuses(by(204, 204, 204, 403, 403, 403, 401), by(204, 404, 404, 404, 403, 403, 401)),
  },

  // admin users: super, organisation and hub admins, within their scope
  {
    name: 'list admin users',
    method: 'GET',
    request: at('/api/v1/admin-users'),
    expected: statuses(by(200, 200, 200, 403, 403, 403, 401)),
  },
  {
    name: 'export admin users',
    method: 'GET',
    request: at('/api/v1/admin-users/export'),
    expected: statuses(by(200, 200, 200, 403, 403, 403, 401)),
  },
  {
    name: 'create admin user',
    method: 'POST',
    request: async (x) => ({
      url: '/api/v1/admin-users',
      payload: {
        email: `new-${unique()}@example.com`,
        firstName: 'New',
        lastName: 'Admin',
        roles: [{ scope: 'event', scopeId: x.event.id, role: 'moderator' }],
      },
    }),
    expected: statuses(by(201, 201, 201, 403, 403, 403, 401), by(201, 404, 404, 403, 403, 403, 401)),
  },
  {
    name: 'get admin user',
    method: 'GET',
    request: async (x) => ({ url: `/api/v1/admin-users/${x.users.moderator.id}` }),
    expected: statuses(by(200, 200, 200, 403, 403, 403, 401), by(200, 404, 404, 403, 403, 403, 401)),
  },
  {
    name: 'update admin user',
    method: 'PATCH',
    request: async (x) => ({
      url: `/api/v1/admin-users/${x.users.moderator.id}`,
      payload: { roles: [{ scope: 'event', scopeId: x.event.id, role: 'moderator' }] },
    }),
    expected: statuses(by(200, 200, 200, 403, 403, 403, 401), by(200, 404, 404, 403, 403, 403, 401)),
  },
  {
    name: 'resend create-password e-mail',
    method: 'POST',
    request: async (x) => ({ url: `/api/v1/admin-users/${await fresh.moderator(x)}/create-password-email` }),
    expected: statuses(by(204, 204, 204, 403, 403, 403, 401), by(204, 404, 404, 403, 403, 403, 401)),
  },
  {
    name: 'delete admin user',
    method: 'DELETE',
    request: async (x) => ({ url: `/api/v1/admin-users/${await fresh.moderator(x)}` }),
    expected: statuses(by(204, 204, 204, 403, 403, 403, 401), by(204, 404, 404, 403, 403, 403, 401)),
  },

  // app versions: super admins only
  {
    name: 'list app versions',
    method: 'GET',
    request: at('/api/v1/app-versions'),
    expected: statuses(by(200, 403, 403, 403, 403, 403, 401)),
  },
  {
    name: 'export app versions',
    method: 'GET',
    request: at('/api/v1/app-versions/export'),
    expected: statuses(by(200, 403, 403, 403, 403, 403, 401)),
  },
  {
    name: 'create app version',
    method: 'POST',
    request: async () => ({
      url: '/api/v1/app-versions',
      payload: { platform: 'Android', version: `2.0.0-${unique()}` },
    }),
    expected: statuses(by(201, 403, 403, 403, 403, 403, 401)),
  },
  {
    name: 'get app version',
    method: 'GET',
    request: async () => ({ url: `/api/v1/app-versions/${await fresh.appVersion()}` }),
    expected: statuses(by(200, 403, 403, 403, 403, 403, 401)),
  },
  {
    name: 'update app version',
    method: 'PATCH',
    request: async () => ({
      url: `/api/v1/app-versions/${await fresh.appVersion()}`,
      payload: { isRequired: true },
    }),
    expected: statuses(by(200, 403, 403, 403, 403, 403, 401)),
  },
  {
    name: 'delete app version',
    method: 'DELETE',
    request: async () => ({ url: `/api/v1/app-versions/${await fresh.appVersion()}` }),
    expected: statuses(by(204, 403, 403, 403, 403, 403, 401)),
  },

  // view settings: anyone signed in, for themselves
  {
    name: 'save view settings',
    method: 'POST',
    request: async () => ({
      url: `/api/v1/view-settings/table-${unique()}`,
      payload: { columns: [], order: [], pageSize: 20 },
    }),
    expected: statuses(by(201, 201, 201, 201, 201, 201, 401)),
  },
  {
    name: 'read unsaved view settings (the defaults)',
    method: 'GET',
    request: async () => ({ url: `/api/v1/view-settings/table-${unique()}` }),
    expected: statuses(by(200, 200, 200, 200, 200, 200, 401)),
  },
];

describe('permission matrix', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tokens, own: a, other: b }));

  it("scopes list contents to the caller's tenant", async () => {
    const ids = async (token: string, path: string) =>
      (await t.as(token, { method: 'GET', url: `/api/v1/${path}?limit=1000` }))
        .json()
        .records.map((r: { id: string }) => r.id);
    expect(await ids(a.tokens.orgAdmin, 'organizations')).not.toContain(b.organization.id);
    expect(await ids(a.tokens.orgAdmin, 'event-hubs')).not.toContain(b.hub.id);
    expect(await ids(a.tokens.hubAdmin, 'events')).toContain(a.event.id);
    expect(await ids(a.tokens.hubAdmin, 'events')).not.toContain(b.event.id);
    expect(await ids(a.tokens.eventAdmin, 'events')).not.toContain(b.event.id);
    expect(await ids(a.tokens.orgAdmin, 'admin-users')).not.toContain(b.users.moderator.id);
    expect(await ids(a.tokens.superadmin, 'events')).toEqual(
      expect.arrayContaining([a.event.id, b.event.id]),
    );
    const exported = (
      await t.as(a.tokens.hubAdmin, { method: 'GET', url: '/api/v1/events/export?columns=name' })
    ).body;
    expect(exported).not.toContain(b.event.name);
  });
});
