import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUserSchema, MAILBOX_LIMIT } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';

let t: TestContext;
type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  t = await createTestContext();
  [tenant, other] = [await t.f.tenant(), await t.f.tenant()];
});
afterAll(() => t.close());

const ROLES = ['superadmin', 'orgAdmin', 'hubAdmin', 'eventAdmin', 'moderator', 'participant'] as const;
type RoleName = (typeof ROLES)[number];
const get = (token: string | undefined, url: string) => t.as(token, { method: 'GET', url: `/api/v1/${url}` });

describe('GET users/{id}', () => {
  it('answers the user, with only the whitelisted fields', async () => {
    const me = tenant.users.participant;
    const res = await get(tenant.tokens.participant, `users/${me.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: me.id,
      email: me.email,
      firstName: me.firstName,
      lastName: me.lastName,
      photoUrl: null,
      userRole: 'user',
      emailVerified: true,
      createdAt: me.createdAt.toISOString(),
    });
    expect(accountUserSchema.parse(res.json())).toBeTruthy();
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('argon2');
  });

  // Who may read whom: oneself, super admins, and admins whose scope holds the user.
  const matrix: Array<[target: RoleName, expected: Record<RoleName, number>]> = [
    [
      'participant',
      { superadmin: 200, orgAdmin: 200, hubAdmin: 200, eventAdmin: 200, moderator: 404, participant: 200 },
    ],
    [
      'moderator',
      { superadmin: 200, orgAdmin: 200, hubAdmin: 200, eventAdmin: 200, moderator: 200, participant: 404 },
    ],
    [
      'eventAdmin',
      { superadmin: 200, orgAdmin: 200, hubAdmin: 200, eventAdmin: 200, moderator: 404, participant: 404 },
    ],
    [
      'hubAdmin',
      { superadmin: 200, orgAdmin: 200, hubAdmin: 200, eventAdmin: 404, moderator: 404, participant: 404 },
    ],
    [
      'orgAdmin',
      { superadmin: 200, orgAdmin: 200, hubAdmin: 404, eventAdmin: 404, moderator: 404, participant: 404 },
    ],
  ];
  for (const [target, expected] of matrix) {
    it(`permission matrix for reading the ${target}`, async () => {
      for (const caller of ROLES) {
        const res = await get(tenant.tokens[caller], `users/${tenant.users[target].id}`);
        expect(res.statusCode, `${caller} reads ${target}`).toBe(expected[caller]);
      }
      // Another tenant's admins see nothing of this tenant, except the super admin.
      for (const caller of ROLES) {
        const res = await get(other.tokens[caller], `users/${tenant.users[target].id}`);
        expect(res.statusCode, `other tenant's ${caller} reads ${target}`).toBe(
          caller === 'superadmin' ? 200 : 404,
        );
      }
    });
  }

  it('404 for unknown ids and malformed ids, 401 without a token', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1']) {
      const res = await get(tenant.tokens.superadmin, `users/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not found' });
    }
    // Fastify refuses path parameters over 100 characters before routing.
    expect((await get(tenant.tokens.superadmin, `users/${'x'.repeat(101)}`)).statusCode).toBe(414);
    expect((await get(undefined, `users/${tenant.users.participant.id}`)).statusCode).toBe(401);
  });

  it('an event admin sees a participant of another event of theirs only', async () => {
    const secondEvent = await t.f.event({ eventHubId: tenant.hub.id });
    const p2 = await t.f.participant(secondEvent.id);
    expect((await get(tenant.tokens.eventAdmin, `users/${p2}`)).statusCode).toBe(404);
    expect((await get(tenant.tokens.hubAdmin, `users/${p2}`)).statusCode).toBe(200);
  });
});

describe('GET users/{userId}/events', () => {
  const events = (token: string, userId: string, query = '') => get(token, `users/${userId}/events${query}`);

  it("lists the user's events with their role and the documented fields", async () => {
    const res = await events(tenant.tokens.participant, tenant.users.participant.id);
    expect(res.statusCode).toBe(200);
    const e = tenant.event;
    expect(res.json()).toEqual({
      total: 1,
      records: [
        {
          id: e.id,
          name: e.name,
          description: '',
          address: '',
          startAt: e.startAt.toISOString(),
          endAt: e.endAt.toISOString(),
          timezone: 'Europe/Berlin',
          eventHubId: tenant.hub.id,
          organizationId: tenant.organization.id,
          primaryColor: '#000000',
          secondaryColor: '#000000',
          role: 'participant',
        },
      ],
    });
  });

  it("carries the event's description and venue, which the participant event home shows under About this event", async () => {
    const event = await t.f.event({ eventHubId: tenant.hub.id });
    await t.deps.db
      .updateTable('events')
      .set({ description: 'Two days of talks.\nBring a laptop.', address: 'Plenary Hall, Main Street 1' })
      .where('id', '=', event.id)
      .execute();
    const person = await t.f.participant(event.id);
    const res = await events(await t.f.token(person), person);
    expect(res.statusCode).toBe(200);
    expect(res.json().records).toEqual([
      expect.objectContaining({
        id: event.id,
        description: 'Two days of talks.\nBring a laptop.',
        address: 'Plenary Hall, Main Street 1',
      }),
    ]);
  });

  it('the role is the strongest one; admins of an organisation or hub get every event of it', async () => {
    const org = await t.f.organization();
    const hubA = await t.f.hub({ organizationId: org.id });
    const hubB = await t.f.hub({ organizationId: org.id });
    const [e1, e2, e3] = [
      await t.f.event({ eventHubId: hubA.id, name: 'Alpha Forum' }),
      await t.f.event({ eventHubId: hubA.id, name: 'Beta Days' }),
      await t.f.event({ eventHubId: hubB.id, name: 'Gamma Con' }),
    ];
    const outside = await t.f.event();
    const person = await t.f.user();
    await t.f.participant(e1.id, person.id);
    await t.f.grant(person.id, 'event', e1.id, 'moderator'); // moderator beats participant
    await t.f.participant(e2.id, person.id);
    await t.f.grant(person.id, 'event', outside.id, 'admin');
    const token = await t.f.token(person.id);
    const mine = (await events(token, person.id, '?sort=name:asc')).json();
    expect(mine.records.map((r: { id: string; role: string }) => [r.id, r.role])).toEqual(
      [
        [e1.id, 'moderator'],
        [e2.id, 'participant'],
        [outside.id, 'admin'],
      ].sort((a, b) =>
        [e1, e2, outside]
          .find((e) => e.id === a[0])!
          .name.localeCompare([e1, e2, outside].find((e) => e.id === b[0])!.name),
      ),
    );

    const hubAdmin = await t.f.user();
    await t.f.grant(hubAdmin.id, 'eventHub', hubA.id);
    await t.f.participant(e3.id, hubAdmin.id);
    const hubList = (await events(await t.f.token(hubAdmin.id), hubAdmin.id, '?sort=name:asc')).json();
    expect(hubList.records.map((r: { name: string; role: string }) => `${r.name}:${r.role}`)).toEqual([
      'Alpha Forum:admin',
      'Beta Days:admin',
      'Gamma Con:participant',
    ]);

    const orgAdmin = await t.f.user();
    await t.f.grant(orgAdmin.id, 'organization', org.id);
    const orgList = (await events(await t.f.token(orgAdmin.id), orgAdmin.id)).json();
    expect(orgList.total).toBe(3);
    expect(new Set(orgList.records.map((r: { role: string }) => r.role))).toEqual(new Set(['admin']));
  });

  it('super admins have every event', async () => {
    const all = await t.deps.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await events(tenant.tokens.superadmin, tenant.users.superadmin.id, '?limit=1000');
    expect(res.json().total).toBe(Number(all.n));
    expect(res.json().records.every((r: { role: string }) => r.role === 'admin')).toBe(true);
  });

  it('search, page, limit and sort', async () => {
    const user = await t.f.user();
    const hub = await t.f.hub();
    const names = ['Harbour Summit', 'Harbour Gala', 'Riverside Expo', '100% Harbour_Talk'];
    for (const [i, name] of names.entries()) {
      const e = await t.f.event({ eventHubId: hub.id, name, startAt: new Date(Date.UTC(2030, 0, i + 1)) });
      await t.f.participant(e.id, user.id);
    }
    const token = await t.f.token(user.id);
    const byDefault = (await events(token, user.id)).json();
    expect(byDefault.records.map((r: { name: string }) => r.name)).toEqual([...names].reverse()); // startAt desc
    const search = (await events(token, user.id, '?search=harbour&sort=startAt:asc')).json();
    expect(search.total).toBe(3);
    expect(search.records.map((r: { name: string }) => r.name)).toEqual([
      'Harbour Summit',
      'Harbour Gala',
      '100% Harbour_Talk',
    ]);
    // LIKE wildcards match themselves.
    expect((await events(token, user.id, `?search=${encodeURIComponent('0% H')}`)).json().total).toBe(1);
    expect((await events(token, user.id, '?search=_')).json().total).toBe(1);
    const page2 = (await events(token, user.id, '?sort=name:asc&limit=2&page=2')).json();
    expect(page2.total).toBe(4);
    expect(page2.records.map((r: { name: string }) => r.name)).toEqual(['Harbour Summit', 'Riverside Expo']);
    const badSort = await events(token, user.id, '?sort=password:asc');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().fields).toHaveProperty('sort');
    for (const q of ['?page=0', '?limit=abc', `?search=${'s'.repeat(201)}`, '?sort=name']) {
      expect((await events(token, user.id, q)).statusCode, q).toBe(400);
    }
    expect((await events(token, user.id, `?search=${'s'.repeat(201)}`)).json().fields).toEqual({
      search: 'Max length exceeded',
    });
  });

  it('permission matrix: oneself or a super admin; everyone else 404', async () => {
    const target = tenant.users.participant.id;
    const expected: Record<RoleName, number> = {
      superadmin: 200,
      orgAdmin: 404,
      hubAdmin: 404,
      eventAdmin: 404,
      moderator: 404,
      participant: 200,
    };
    for (const caller of ROLES)
      expect((await events(tenant.tokens[caller], target)).statusCode, caller).toBe(expected[caller]);
    for (const caller of ROLES)
      expect((await events(other.tokens[caller], target)).statusCode, `other ${caller}`).toBe(
        caller === 'superadmin' ? 200 : 404,
      );
    expect((await get(undefined, `users/${target}/events`)).statusCode).toBe(401);
    expect((await events(tenant.tokens.superadmin, randomUUID())).statusCode).toBe(404);
    expect((await events(tenant.tokens.superadmin, 'nope')).statusCode).toBe(404);
    // A super admin reading someone else's list gets that person's events and roles.
    const theirs = (await events(tenant.tokens.superadmin, tenant.users.eventAdmin.id)).json();
    expect(theirs.records).toEqual([expect.objectContaining({ id: tenant.event.id, role: 'admin' })]);
  });
});

describe('GET dev/mailbox', () => {
  it('shows the latest 200 kept messages to super admins', async () => {
    const rows = Array.from({ length: MAILBOX_LIMIT + 5 }, (_, i) => ({
      to: `m${i}@example.com`,
      subject: `Message ${i}`,
      text: `Body ${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    }));
    await t.deps.db.insertInto('mailOutbox').values(rows).execute();
    const res = await get(tenant.tokens.superadmin, 'dev/mailbox');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(MAILBOX_LIMIT + 5);
    expect(body.records).toHaveLength(MAILBOX_LIMIT);
    expect(body.records[0]).toEqual({
      id: expect.any(String),
      to: `m${MAILBOX_LIMIT + 4}@example.com`,
      subject: `Message ${MAILBOX_LIMIT + 4}`,
      text: `Body ${MAILBOX_LIMIT + 4}`,
      createdAt: '2026-01-01T00:03:24.000Z',
    });
    expect(Object.keys(body.records[0]).sort()).toEqual(['createdAt', 'id', 'subject', 'text', 'to']);
  });

  it('permission matrix: super admin only (others 404, anonymous 401)', async () => {
    for (const caller of ROLES)
      expect((await get(tenant.tokens[caller], 'dev/mailbox')).statusCode, caller).toBe(
        caller === 'superadmin' ? 200 : 404,
      );
    expect((await get(undefined, 'dev/mailbox')).statusCode).toBe(401);
  });

  it('status: enabled while SMTP_URL is unset, for super admins only', async () => {
    const res = await get(tenant.tokens.superadmin, 'dev/mailbox/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true });
    for (const caller of ROLES.filter((r) => r !== 'superadmin'))
      expect((await get(tenant.tokens[caller], 'dev/mailbox/status')).statusCode, caller).toBe(404);
    expect((await get(undefined, 'dev/mailbox/status')).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents every accounts route with tag, summary and responses', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; summary?: string; responses?: Record<string, unknown> }>
      >;
    };
    const routes = [
      ['post', '/api/v1/auth'],
      ['post', '/api/v1/auth/logout'],
      ['post', '/api/v1/users/register'],
      ['post', '/api/v1/users/verify-email'],
      ['post', '/api/v1/auth/reset-password/request'],
      ['post', '/api/v1/auth/reset-password/complete'],
      ['get', '/api/v1/users/{id}'],
      ['get', '/api/v1/users/{userId}/events'],
      ['get', '/api/v1/dev/mailbox'],
      ['get', '/api/v1/dev/mailbox/status'],
      ['get', '/api/v1/auth/sso/providers'],
      ['get', '/api/v1/auth/sso/start'],
    ] as const;
    for (const [method, path] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op!.tags).toEqual(['accounts']);
      expect(op!.summary).toBeTruthy();
      expect(Object.keys(op!.responses ?? {}).length).toBeGreaterThan(1);
    }
  });
});
