import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TENANCY_MESSAGES } from '@plenary/domain';
import { readCsv, readXlsx } from '../../../test/exports.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let ten: Awaited<ReturnType<TestContext['f']['tenant']>>;
let other: Awaited<ReturnType<TestContext['f']['tenant']>>;
let su: string;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  other = await t.f.tenant();
  su = ten.tokens.superadmin;
});
afterAll(() => t.close());

const url = '/api/v1/admin-users';
const rolesOf = (userId: string) =>
  t.deps.db
    .selectFrom('memberships')
    .select(['scope', 'scopeId', 'role'])
    .where('userId', '=', userId)
    .orderBy('scope')
    .orderBy('scopeId')
    .execute();

describe('admin users', () => {
  it('creates a user with roles and e-mails a link to create a password that works', async () => {
    const res = await t.as(ten.tokens.orgAdmin, {
      method: 'POST',
      url,
      payload: {
        email: 'Nia.Admin@Example.com',
        firstName: 'Nia',
        lastName: 'Adeyemi',
        roles: [
          { scope: 'eventHub', scopeId: ten.hub.id, role: 'admin' },
          { scope: 'event', scopeId: ten.event.id, role: 'moderator' },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(String),
      email: 'nia.admin@example.com',
      firstName: 'Nia',
      lastName: 'Adeyemi',
      roles: [
        { scope: 'eventHub', scopeId: ten.hub.id, scopeName: ten.hub.name, role: 'admin' },
        { scope: 'event', scopeId: ten.event.id, scopeName: ten.event.name, role: 'moderator' },
      ],
      createdAt: expect.any(String),
    });
    await t.drainJobs();
    const link = t.mail.linkTo('nia.admin@example.com');
    expect(link.pathname).toBe('/create-password');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password/complete',
      payload: { token: link.searchParams.get('token'), password: 'Brand-new-1!' },
    });
    expect(done.statusCode).toBe(204);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email: 'nia.admin@example.com', password: 'Brand-new-1!', host: 'cms.localhost:3000' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().tokenData.eventHubUserRole).toBe('admin');
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'entity', 'actorId'])
      .where('entityId', '=', user.id)
      .where('entity', '=', 'adminUser')
      .execute();
    expect(audit).toEqual([{ action: 'create', entity: 'adminUser', actorId: ten.users.orgAdmin.id }]);
  });

  it('adds roles to an existing account without a new password e-mail, and refuses a second POST', async () => {
    const existing = await t.f.user({ email: 'known.person@example.com' });
    const sent = t.mail.sent.length;
    const res = await t.as(ten.tokens.hubAdmin, {
      method: 'POST',
      url,
      payload: {
        email: 'KNOWN.person@example.com',
        firstName: 'Ignored',
        lastName: 'Name',
        roles: [{ scope: 'event', scopeId: ten.event.id, role: 'admin' }],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id: existing.id,
      firstName: existing.firstName,
      lastName: existing.lastName,
    });
    await t.drainJobs();
    expect(t.mail.sent.length).toBe(sent);
    const again = await t.as(ten.tokens.hubAdmin, {
      method: 'POST',
      url,
      payload: {
        email: 'known.person@example.com',
        firstName: 'K',
        lastName: 'P',
        roles: [{ scope: 'event', scopeId: ten.event.id, role: 'moderator' }],
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ email: TENANCY_MESSAGES.alreadyAdmin });
    // In another organisation the same person can be added.
    const elsewhere = await t.as(other.tokens.orgAdmin, {
      method: 'POST',
      url,
      payload: {
        email: 'known.person@example.com',
        firstName: 'K',
        lastName: 'P',
        roles: [{ scope: 'organization', scopeId: other.organization.id, role: 'admin' }],
      },
    });
    expect(elsewhere.statusCode).toBe(201);
    // ... and each organisation sees only its own roles of that person.
    expect(elsewhere.json().roles).toEqual([
      {
        scope: 'organization',
        scopeId: other.organization.id,
        scopeName: other.organization.name,
        role: 'admin',
      },
    ]);
    const mine = await t.as(ten.tokens.orgAdmin, { method: 'GET', url: `${url}/${existing.id}` });
    expect(mine.json().roles).toEqual([
      { scope: 'event', scopeId: ten.event.id, scopeName: ten.event.name, role: 'admin' },
    ]);
    expect((await t.as(su, { method: 'GET', url: `${url}/${existing.id}` })).json().roles).toHaveLength(2);
  });

  it("grants only inside the caller's scope: anything else is 404 on the scope id", async () => {
    const payload = (roles: unknown[]) => ({
      email: `scope-${Math.random().toString(36).slice(2)}@example.com`,
      firstName: 'S',
      lastName: 'C',
      roles,
    });
    const cases: Array<[string, unknown[], string]> = [
      [
        ten.tokens.orgAdmin,
        [
          { scope: 'organization', scopeId: ten.organization.id, role: 'admin' },
          { scope: 'event', scopeId: other.event.id, role: 'admin' },
        ],
        'roles.1.scopeId',
      ],
      [
        ten.tokens.orgAdmin,
        [{ scope: 'organization', scopeId: other.organization.id, role: 'admin' }],
        'roles.0.scopeId',
      ],
      [
        ten.tokens.hubAdmin,
        [{ scope: 'organization', scopeId: ten.organization.id, role: 'admin' }],
        'roles.0.scopeId',
      ],
      [ten.tokens.hubAdmin, [{ scope: 'eventHub', scopeId: other.hub.id, role: 'admin' }], 'roles.0.scopeId'],
      [
        su,
        [{ scope: 'event', scopeId: '00000000-0000-4000-8000-000000000000', role: 'admin' }],
        'roles.0.scopeId',
      ],
      // A hub id named as an event does not pass either.
      [su, [{ scope: 'event', scopeId: ten.hub.id, role: 'admin' }], 'roles.0.scopeId'],
    ];
    for (const [token, roles, field] of cases) {
      const res = await t.as(token, { method: 'POST', url, payload: payload(roles) });
      expect(res.statusCode, JSON.stringify(roles)).toBe(404);
      expect(res.json().fields).toEqual({ [field]: MESSAGES.notFound });
    }
    // Nothing was created.
    const created = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', 'like', 'scope-%')
      .execute();
    expect(created).toHaveLength(0);
  });

  it('replaces roles inside the scope and leaves the others', async () => {
    const person = await t.f.user();
    await t.f.grant(person.id, 'event', ten.event.id, 'moderator');
    await t.f.grant(person.id, 'event', other.event.id, 'admin');
    const hub2 = await t.f.hub({ organizationId: ten.organization.id });
    const res = await t.as(ten.tokens.orgAdmin, {
      method: 'PATCH',
      url: `${url}/${person.id}`,
      payload: { roles: [{ scope: 'eventHub', scopeId: hub2.id, role: 'admin' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual([
      { scope: 'eventHub', scopeId: hub2.id, scopeName: hub2.name, role: 'admin' },
    ]);
    expect(await rolesOf(person.id)).toEqual(
      [
        { scope: 'event', scopeId: other.event.id, role: 'admin' },
        { scope: 'eventHub', scopeId: hub2.id, role: 'admin' },
      ].sort((a, b) => a.scope.localeCompare(b.scope)),
    );
    // Known to another organisation: only a super admin renames.
    const rename = await t.as(ten.tokens.orgAdmin, {
      method: 'PATCH',
      url: `${url}/${person.id}`,
      payload: { firstName: 'New' },
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().message).toBe(TENANCY_MESSAGES.renameElsewhere);
    expect(
      (await t.as(su, { method: 'PATCH', url: `${url}/${person.id}`, payload: { firstName: 'New' } })).json()
        .firstName,
    ).toBe('New');
  });

  it('renames someone whose roles are all in scope', async () => {
    const person = await t.f.user();
    await t.f.grant(person.id, 'eventHub', ten.hub.id);
    const res = await t.as(ten.tokens.hubAdmin, {
      method: 'PATCH',
      url: `${url}/${person.id}`,
      payload: { firstName: 'Rosa', lastName: 'Parks' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Rosa', lastName: 'Parks' });
    const row = await t.deps.db
      .selectFrom('users')
      .select('updatedBy')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(row.updatedBy).toBe(ten.users.hubAdmin.id);
  });

  it('removes only the roles inside the scope on delete', async () => {
    const person = await t.f.user();
    await t.f.grant(person.id, 'organization', ten.organization.id);
    await t.f.grant(person.id, 'organization', other.organization.id);
    expect(
      (await t.as(ten.tokens.orgAdmin, { method: 'DELETE', url: `${url}/${person.id}` })).statusCode,
    ).toBe(204);
    expect(await rolesOf(person.id)).toEqual([
      { scope: 'organization', scopeId: other.organization.id, role: 'admin' },
    ]);
    expect((await t.as(ten.tokens.orgAdmin, { method: 'GET', url: `${url}/${person.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await t.as(ten.tokens.orgAdmin, { method: 'DELETE', url: `${url}/${person.id}` })).statusCode,
    ).toBe(404);
    expect(
      await t.deps.db.selectFrom('users').select('id').where('id', '=', person.id).execute(),
    ).toHaveLength(1);
  });

  it('sends the first-time password e-mail again while no password is set', async () => {
    const created = await t.as(su, {
      method: 'POST',
      url,
      payload: {
        email: 'again@example.com',
        firstName: 'Again',
        lastName: 'Sent',
        roles: [{ scope: 'event', scopeId: ten.event.id, role: 'moderator' }],
      },
    });
    await t.drainJobs();
    const first = t.mail.linkTo('again@example.com');
    expect(
      (
        await t.as(ten.tokens.hubAdmin, {
          method: 'POST',
          url: `${url}/${created.json().id}/create-password-email`,
        })
      ).statusCode,
    ).toBe(204);
    await t.drainJobs();
    const second = t.mail.linkTo('again@example.com');
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    // Someone with a password: 409.
    const withPassword = await t.f.user();
    await t.f.grant(withPassword.id, 'event', ten.event.id, 'moderator');
    expect(
      (await t.as(su, { method: 'POST', url: `${url}/${withPassword.id}/create-password-email` })).statusCode,
    ).toBe(409);
    expect(
      (
        await t.as(other.tokens.orgAdmin, {
          method: 'POST',
          url: `${url}/${created.json().id}/create-password-email`,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('admin users: list and export', () => {
  it('lists only people with roles in scope, with their roles in scope', async () => {
    const list = await t.as(other.tokens.hubAdmin, { method: 'GET', url: `${url}?limit=300` });
    expect(list.statusCode).toBe(200);
    const records = list.json().records as Array<{ id: string; roles: Array<{ scopeId: string }> }>;
    const ids = records.map((u) => u.id);
    // Hub admin: the hub's admin (themself) and the event's admin and moderator; not the organisation admin.
    expect(ids).toEqual(
      expect.arrayContaining([other.users.hubAdmin.id, other.users.eventAdmin.id, other.users.moderator.id]),
    );
    expect(ids).not.toContain(other.users.orgAdmin.id);
    for (const record of records)
      for (const role of record.roles) expect([other.hub.id, other.event.id]).toContain(role.scopeId);
    const superList = await t.as(su, { method: 'GET', url: `${url}?limit=1000` });
    expect(superList.json().records.map((u: { id: string }) => u.id)).toEqual(
      expect.arrayContaining([...ids, ten.users.orgAdmin.id]),
    );
    expect(superList.json().records.map((u: { id: string }) => u.id)).not.toContain(ten.users.participant.id);
  });

  it('searches name and e-mail, filters by role, scope and scope id, sorts and pages', async () => {
    const org = await t.f.organization();
    const event = await t.f.event({ eventHubId: (await t.f.hub({ organizationId: org.id })).id });
    const people = [
      ['Zara', 'Quill', 'zq@listing.example', 'admin'],
      ['adam', 'Quill', 'aq@listing.example', 'moderator'],
      ['Mia', 'Quill', 'mq@listing.example', 'moderator'],
    ] as const;
    for (const [firstName, lastName, email, role] of people) {
      const u = await t.f.user({ firstName, lastName, email });
      await t.f.grant(u.id, 'event', event.id, role);
    }
    const get = (query: string) =>
      t.as(su, { method: 'GET', url: `${url}?scopeId=${event.id}&${query}` }).then((r) => r.json());
    expect((await get('sort=firstName:asc')).records.map((u: { firstName: string }) => u.firstName)).toEqual([
      'adam',
      'Mia',
      'Zara',
    ]);
    expect(
      (await get('sort=email:desc&limit=1&page=2')).records.map((u: { email: string }) => u.email),
    ).toEqual(['mq@listing.example']);
    expect((await get('role=moderator')).total).toBe(2);
    expect(
      (await get('role=admin&scope=event')).records.map((u: { firstName: string }) => u.firstName),
    ).toEqual(['Zara']);
    expect((await get('scope=organization')).total).toBe(0);
    expect(
      (await t.as(su, { method: 'GET', url: `${url}?search=${encodeURIComponent('mia quill')}` })).json()
        .total,
    ).toBe(1);
    expect((await t.as(su, { method: 'GET', url: `${url}?search=LISTING.example` })).json().total).toBe(3);
    for (const bad of ['role=owner', 'scope=planet', 'scopeId=1', 'sort=password:asc']) {
      expect((await t.as(su, { method: 'GET', url: `${url}?${bad}` })).statusCode, bad).toBe(400);
    }
  });

  it('does not reveal roles outside the scope through filters', async () => {
    // other's moderator is not in ten's scope, so a role filter does not find them for ten's admin.
    const res = await t.as(ten.tokens.orgAdmin, { method: 'GET', url: `${url}?role=moderator&limit=1000` });
    expect(res.json().records.map((u: { id: string }) => u.id)).not.toContain(other.users.moderator.id);
  });

  it('exports with roles as text and neutralised names', async () => {
    const person = await t.f.user({
      firstName: '=cmd|calc',
      lastName: 'Export',
      email: 'export.me@example.com',
    });
    await t.f.grant(person.id, 'event', ten.event.id, 'moderator');
    const csv = readCsv(
      (await t.as(ten.tokens.orgAdmin, { method: 'GET', url: `${url}/export?search=export.me` })).body,
    );
    expect(csv).toEqual([
      ['First name', 'Last name', 'E-mail', 'Roles', 'Created at'],
      ["'=cmd|calc", 'Export', 'export.me@example.com', `moderator of ${ten.event.name}`, expect.any(String)],
    ]);
    const xlsx = await readXlsx(
      (
        await t.as(ten.tokens.orgAdmin, {
          method: 'GET',
          url: `${url}/export?format=xlsx&search=export.me&columns=email,firstName`,
        })
      ).rawPayload,
    );
    expect(xlsx).toEqual([
      ['E-mail', 'First name'],
      ['export.me@example.com', "'=cmd|calc"],
    ]);
  });
});

describe('admin users: bad input', () => {
  it('answers 400 with field messages', async () => {
    const role = { scope: 'event', scopeId: ten.event.id, role: 'admin' };
    const cases: Array<[unknown, Record<string, string>]> = [
      [
        {},
        {
          email: MESSAGES.required,
          firstName: MESSAGES.required,
          lastName: MESSAGES.required,
          roles: MESSAGES.required,
        },
      ],
      [{ email: 'nope', firstName: 'A', lastName: 'B', roles: [role] }, { email: MESSAGES.invalidEmail }],
      [
        { email: 'a@example.com', firstName: 'x'.repeat(101), lastName: 'B', roles: [role] },
        { firstName: MESSAGES.maxLength },
      ],
      [{ email: 'a@example.com', firstName: 'A', lastName: 'B', roles: [] }, { roles: MESSAGES.required }],
      [
        {
          email: 'a@example.com',
          firstName: 'A',
          lastName: 'B',
          roles: [{ ...role, scope: 'organization', role: 'moderator' }],
        },
        { 'roles.0.role': TENANCY_MESSAGES.moderatorIsEventRole },
      ],
      [
        { email: 'a@example.com', firstName: 'A', lastName: 'B', roles: [role, role] },
        { 'roles.1.scopeId': TENANCY_MESSAGES.duplicateScope },
      ],
      [
        { email: 'a@example.com', firstName: 'A', lastName: 'B', roles: [{ ...role, scopeId: 'x' }] },
        { 'roles.0.scopeId': expect.any(String) as unknown as string },
      ],
      [
        { email: 'a@example.com', firstName: 'A', lastName: 'B', roles: 'admin' },
        { roles: expect.any(String) as unknown as string },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await t.as(su, { method: 'POST', url, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
    expect(
      (await t.as(su, { method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '[' }))
        .statusCode,
    ).toBe(400);
    expect((await t.as(su, { method: 'PATCH', url: `${url}/nope`, payload: {} })).statusCode).toBe(400);
    expect(
      (await t.as(su, { method: 'GET', url: `${url}/00000000-0000-4000-8000-000000000000` })).statusCode,
    ).toBe(404);
    // A user without any admin role is not an admin user.
    expect((await t.as(su, { method: 'GET', url: `${url}/${ten.users.participant.id}` })).statusCode).toBe(
      404,
    );
  });
});
