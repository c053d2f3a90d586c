import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';

/**
 * Who may call what: every tenancy and view-settings endpoint × every role of f.tenant() (and no
 * token) × a target in the caller's own tenant and in another tenant. Allowed roles outside their
 * tenant get 404 (the record's existence is not revealed); roles that may not use an endpoint at
 * all get 403; no token, 401.
 */
type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;
const ROLES = ['superadmin', 'orgAdmin', 'hubAdmin', 'eventAdmin', 'moderator', 'participant', 'anonymous'] as const;
type Role = (typeof ROLES)[number];
type Expected = Record<Role, number>;

/** Expected statuses in ROLES order. */
const by = (...codes: number[]): Expected => Object.fromEntries(ROLES.map((r, i) => [r, codes[i]!])) as Expected;

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The request aimed at `target` (fresh rows are created where the request consumes them). */
  request: (target: Tenant) => Promise<{ url: string; payload?: object }>;
  own: Expected;
  /** Default: same as own (lists, and resources that belong to no tenant). */
  other?: Expected;
}

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
      .values({ email: `invitee-${unique()}@example.com`, firstName: 'In', lastName: 'Vitee', updatedAt: new Date() })
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
const at = (url: string, payload?: object) => async () => ({ url, ...(payload ? { payload } : {}) });
const eventBody = (target: Tenant) => ({ name: `Event ${unique()}`, eventHubId: target.hub.id, startAt: '2026-09-01T09:00:00Z', endAt: '2026-09-02T17:00:00Z', timezone: 'UTC' });

const CASES: Case[] = [
  // organizations: super admins all; organisation admins read and edit their own
  { name: 'list organizations', method: 'GET', request: at('/api/v1/organizations'), own: by(200, 200, 403, 403, 403, 403, 401) },
  { name: 'export organizations', method: 'GET', request: at('/api/v1/organizations/export'), own: by(200, 200, 403, 403, 403, 403, 401) },
  { name: 'create organization', method: 'POST', request: async () => ({ url: '/api/v1/organizations', payload: { name: `Org ${unique()}` } }), own: by(201, 403, 403, 403, 403, 403, 401) },
  {
    name: 'get organization',
    method: 'GET',
    request: async (x) => ({ url: `/api/v1/organizations/${x.organization.id}` }),
    own: by(200, 200, 403, 403, 403, 403, 401),
    other: by(200, 404, 403, 403, 403, 403, 401),
  },
  {
    name: 'update organization',
    method: 'PATCH',
    request: async (x) => ({ url: `/api/v1/organizations/${x.organization.id}`, payload: { settings: { status: 'PUBLISHED' } } }),
    own: by(200, 200, 403, 403, 403, 403, 401),
    other: by(200, 404, 403, 403, 403, 403, 401),
  },
  {
    name: 'delete organization',
    method: 'DELETE',
    request: async (x) => ({ url: `/api/v1/organizations/${await fresh.organization(x)}` }),
    own: by(204, 403, 403, 403, 403, 403, 401),
  },

  // event hubs: super admins; organisation admins in their organisations; hub admins read theirs
  { name: 'list event hubs', method: 'GET', request: at('/api/v1/event-hubs'), own: by(200, 200, 200, 403, 403, 403, 401) },
  { name: 'export event hubs', method: 'GET', request: at('/api/v1/event-hubs/export'), own: by(200, 200, 200, 403, 403, 403, 401) },
  {
    name: 'create event hub',
    method: 'POST',
    request: async (x) => ({ url: '/api/v1/event-hubs', payload: { name: `Hub ${unique()}`, organizationId: x.organization.id } }),
    own: by(201, 201, 403, 403, 403, 403, 401),
    other: by(201, 404, 403, 403, 403, 403, 401),
  },
  {
    name: 'get event hub',
    method: 'GET',
    request: async (x) => ({ url: `/api/v1/event-hubs/${x.hub.id}` }),
    own: by(200, 200, 200, 403, 403, 403, 401),
    other: by(200, 404, 404, 403, 403, 403, 401),
  },
  {
    name: 'update event hub',
    method: 'PATCH',
    request: async (x) => ({ url: `/api/v1/event-hubs/${x.hub.id}`, payload: { name: x.hub.name } }),
    own: by(200, 200, 403, 403, 403, 403, 401),
    other: by(200, 404, 404, 403, 403, 403, 401),
  },
  {
    name: 'delete event hub',
    method: 'DELETE',
    request: async (x) => ({ url: `/api/v1/event-hubs/${await fresh.hub(x)}` }),
    own: by(204, 204, 403, 403, 403, 403, 401),
    other: by(204, 404, 404, 403, 403, 403, 401),
  },

  // events: down to event admins, who read and edit their own events only
  { name: 'list events', method: 'GET', request: at('/api/v1/events'), own: by(200, 200, 200, 200, 403, 403, 401) },
  { name: 'event filters', method: 'GET', request: at('/api/v1/events/filters'), own: by(200, 200, 200, 200, 403, 403, 401) },
  { name: 'export events', method: 'GET', request: at('/api/v1/events/export?format=xlsx'), own: by(200, 200, 200, 200, 403, 403, 401) },
  {
    name: 'create event',
    method: 'POST',
    request: async (x) => ({ url: '/api/v1/events', payload: eventBody(x) }),
    own: by(201, 201, 201, 403, 403, 403, 401),
    other: by(201, 404, 404, 403, 403, 403, 401),
  },
  {
    name: 'get event',
    method: 'GET',
    request: async (x) => ({ url: `/api/v1/events/${x.event.id}` }),
    own: by(200, 200, 200, 200, 403, 403, 401),
    other: by(200, 404, 404, 404, 403, 403, 401),
  },
  {
    name: 'update event',
    method: 'PATCH',
    request: async (x) => ({ url: `/api/v1/events/${x.event.id}`, payload: { description: `Edited ${unique()}` } }),
    own: by(200, 200, 200, 200, 403, 403, 401),
    other: by(200, 404, 404, 404, 403, 403, 401),
  },
  {
    name: 'delete event',
    method: 'DELETE',
    request: async (x) => ({ url: `/api/v1/events/${await fresh.event(x)}` }),
    own: by(204, 204, 204, 403, 403, 403, 401),
    other: by(204, 404, 404, 404, 403, 403, 401),
  },

  // admin users: super, organisation and hub admins, within their scope
  { name: 'list admin users', method: 'GET', request: at('/api/v1/admin-users'), own: by(200, 200, 200, 403, 403, 403, 401) },
  { name: 'export admin users', method: 'GET', request: at('/api/v1/admin-users/export'), own: by(200, 200, 200, 403, 403, 403, 401) },
  {
    name: 'create admin user',
    method: 'POST',
    request: async (x) => ({
      url: '/api/v1/admin-users',
      payload: { email: `new-${unique()}@example.com`, firstName: 'New', lastName: 'Admin', roles: [{ scope: 'event', scopeId: x.event.id, role: 'moderator' }] },
    }),
    own: by(201, 201, 201, 403, 403, 403, 401),
    other: by(201, 404, 404, 403, 403, 403, 401),
  },
  {
    name: 'get admin user',
    method: 'GET',
    request: async (x) => ({ url: `/api/v1/admin-users/${x.users.moderator.id}` }),
    own: by(200, 200, 200, 403, 403, 403, 401),
    other: by(200, 404, 404, 403, 403, 403, 401),
  },
  {
    name: 'update admin user',
    method: 'PATCH',
    request: async (x) => ({ url: `/api/v1/admin-users/${x.users.moderator.id}`, payload: { roles: [{ scope: 'event', scopeId: x.event.id, role: 'moderator' }] } }),
    own: by(200, 200, 200, 403, 403, 403, 401),
    other: by(200, 404, 404, 403, 403, 403, 401),
  },
  {
    name: 'resend create-password e-mail',
    method: 'POST',
    request: async (x) => ({ url: `/api/v1/admin-users/${await fresh.moderator(x)}/create-password-email` }),
    own: by(204, 204, 204, 403, 403, 403, 401),
    other: by(204, 404, 404, 403, 403, 403, 401),
  },
  {
    name: 'delete admin user',
    method: 'DELETE',
    request: async (x) => ({ url: `/api/v1/admin-users/${await fresh.moderator(x)}` }),
    own: by(204, 204, 204, 403, 403, 403, 401),
    other: by(204, 404, 404, 403, 403, 403, 401),
  },

  // app versions: super admins only
  { name: 'list app versions', method: 'GET', request: at('/api/v1/app-versions'), own: by(200, 403, 403, 403, 403, 403, 401) },
  { name: 'export app versions', method: 'GET', request: at('/api/v1/app-versions/export'), own: by(200, 403, 403, 403, 403, 403, 401) },
  {
    name: 'create app version',
    method: 'POST',
    request: async () => ({ url: '/api/v1/app-versions', payload: { platform: 'Android', version: `2.0.0-${unique()}` } }),
    own: by(201, 403, 403, 403, 403, 403, 401),
  },
  { name: 'get app version', method: 'GET', request: async () => ({ url: `/api/v1/app-versions/${await fresh.appVersion()}` }), own: by(200, 403, 403, 403, 403, 403, 401) },
  {
    name: 'update app version',
    method: 'PATCH',
    request: async () => ({ url: `/api/v1/app-versions/${await fresh.appVersion()}`, payload: { isRequired: true } }),
    own: by(200, 403, 403, 403, 403, 403, 401),
  },
  { name: 'delete app version', method: 'DELETE', request: async () => ({ url: `/api/v1/app-versions/${await fresh.appVersion()}` }), own: by(204, 403, 403, 403, 403, 403, 401) },

  // view settings: anyone signed in, for themselves
  {
    name: 'save view settings',
    method: 'POST',
    request: async () => ({ url: `/api/v1/view-settings/table-${unique()}`, payload: { columns: [], order: [], pageSize: 20 } }),
    own: by(201, 201, 201, 201, 201, 201, 401),
  },
  { name: 'read unsaved view settings', method: 'GET', request: async () => ({ url: `/api/v1/view-settings/table-${unique()}` }), own: by(404, 404, 404, 404, 404, 404, 401) },
];

describe('permission matrix', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const mismatches: string[] = [];
    for (const side of ['own', 'other'] as const) {
      const target = side === 'own' ? a : b;
      const expected = (side === 'other' ? c.other : undefined) ?? c.own;
      for (const role of ROLES) {
        const token = role === 'anonymous' ? undefined : a.tokens[role];
        const { url, payload } = await c.request(target);
        const res = await t.as(token, { method: c.method, url, ...(payload ? { payload } : {}) });
        if (res.statusCode !== expected[role]) mismatches.push(`${side} ${role}: ${res.statusCode} (expected ${expected[role]}) ${res.body.slice(0, 120)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('scopes list contents to the caller\'s tenant', async () => {
    const ids = async (token: string, path: string) => (await t.as(token, { method: 'GET', url: `/api/v1/${path}?limit=1000` })).json().records.map((r: { id: string }) => r.id);
    expect(await ids(a.tokens.orgAdmin, 'organizations')).not.toContain(b.organization.id);
    expect(await ids(a.tokens.orgAdmin, 'event-hubs')).not.toContain(b.hub.id);
    expect(await ids(a.tokens.hubAdmin, 'events')).toContain(a.event.id);
    expect(await ids(a.tokens.hubAdmin, 'events')).not.toContain(b.event.id);
    expect(await ids(a.tokens.eventAdmin, 'events')).not.toContain(b.event.id);
    expect(await ids(a.tokens.orgAdmin, 'admin-users')).not.toContain(b.users.moderator.id);
    expect(await ids(a.tokens.superadmin, 'events')).toEqual(expect.arrayContaining([a.event.id, b.event.id]));
    const exported = (await t.as(a.tokens.hubAdmin, { method: 'GET', url: '/api/v1/events/export?columns=name' })).body;
    expect(exported).not.toContain(b.event.name);
  });
});
