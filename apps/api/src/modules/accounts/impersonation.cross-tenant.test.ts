import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, type Tenant } from '../attendees/attendees.test-utils.js';
import { session } from '../agenda/agenda.test-utils.js';

/**
 * Issue 9, finding 1: an admin of tenant A must never reach tenant B's data by acting as a person
 * (the `impersonate` header), whether that person was pulled into A with map-user or legitimately
 * takes part in events of both tenants. The impersonated principal is the target's participation
 * in the actor's events only (accounts/impersonation.ts).
 */
let t: TestContext;
let own: Tenant;
let other: Tenant;
let otherSecret: { id: string };
/** Takes part in an event of each tenant. */
let dual: { id: string; email: string };
beforeAll(async () => {
  t = await createTestContext();
  [own, other] = [await t.f.tenant(), await t.f.tenant()];
  otherSecret = await session(client(t, other.tokens.eventAdmin, other.event.id), {
    name: 'Board meeting',
    virtualLink: 'https://meet.example.com/board-secret',
  });
  const user = await t.f.user();
  await t.f.participant(own.event.id, user.id);
  await t.f.participant(other.event.id, user.id);
  dual = { id: user.id, email: user.email };
});
afterAll(() => t.close());

const ADMINS = ['eventAdmin', 'hubAdmin', 'orgAdmin'] as const;

/** A request as `token`'s user acting as `target`. */
const acting = (token: string, target: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.as(token, {
    method,
    url: `/api/v1/${url}`,
    headers: { impersonate: target },
    ...(payload ? { payload } : {}),
  });

/** Tenant B's event routes that hold data: participants (e-mails, phones), sessions with virtual links, materials, the own profile (read and write). */
const otherRoutes = (): Array<['GET' | 'POST', string, object?]> => [
  ['GET', `events/${other.event.id}/participants`],
  ['GET', `events/${other.event.id}/participants/view`],
  ['GET', `events/${other.event.id}/sessions/v2/view`],
  ['GET', `events/${other.event.id}/sessions/v2/${otherSecret.id}/view`],
  ['GET', `events/${other.event.id}/materials`],
  ['GET', `events/${other.event.id}/participants/user-profile`],
  ['POST', `events/${other.event.id}/participants/user-profile`, { firstName: 'Hijacked' }],
];

function expectNoData(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(404);
  expect(res.body, label).not.toContain('board-secret');
  expect(res.body, label).not.toContain(other.users.participant.email);
}

describe.each(ADMINS)('the chain of issue 9 as the %s of tenant A', (role) => {
  it("can not pull tenant B's participant in with map-user, nor act as them on B's routes", async () => {
    const admin = client(t, own.tokens[role], own.event.id);
    const victim = other.users.participant;
    const unknownId = await admin.post('participants/map-user', { userId: randomUUID() });
    const byId = await admin.post('participants/map-user', { userId: victim.id });
    expect(byId.statusCode).toBe(404);
    expect(byId.json()).toEqual(unknownId.json());
    const byEmail = await admin.post('participants/map-user', { email: victim.email });
    const unknownEmail = await admin.post('participants/map-user', { email: 'nobody-at-all@example.com' });
    expect(byEmail.statusCode).toBe(404);
    expect(byEmail.json()).toEqual(unknownEmail.json());
    expect(
      await t.deps.db
        .selectFrom('participants')
        .select('id')
        .where('eventId', '=', own.event.id)
        .where('userId', '=', victim.id)
        .execute(),
    ).toEqual([]);

    for (const [method, url, payload] of otherRoutes()) {
      const res = await acting(own.tokens[role], victim.id, method, url, payload);
      expectNoData(res, `${method} ${url}`);
      expect(res.json().message).toBe('Impersonated user not found');
    }
  });

  it("acting as someone who takes part in both tenants reaches only A's event", async () => {
    const mine = await acting(
      own.tokens[role],
      dual.id,
      'GET',
      `events/${own.event.id}/participants/user-profile`,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    for (const [method, url, payload] of otherRoutes())
      expectNoData(await acting(own.tokens[role], dual.id, method, url, payload), `${method} ${url}`);
    const inOther = await t.deps.db
      .selectFrom('participants')
      .select('firstName')
      .where('eventId', '=', other.event.id)
      .where('userId', '=', dual.id)
      .executeTakeFirstOrThrow();
    expect(inOther.firstName).not.toBe('Hijacked');
    // Their list of events shows only what the actor shares with them.
    const events = await acting(own.tokens[role], dual.id, 'GET', `users/${dual.id}/events`);
    expect(events.statusCode).toBe(200);
    expect(events.json().records.map((e: { id: string }) => e.id)).toEqual([own.event.id]);
  });
});

describe('targets with a role of their own are refused', () => {
  it('a moderator (of another tenant, or of the actor’s own event) can not be impersonated, by any admin', async () => {
    const moderatorElsewhere = await t.f.user();
    await t.f.participant(own.event.id, moderatorElsewhere.id);
    await t.f.grant(moderatorElsewhere.id, 'event', other.event.id, 'moderator');
    const moderatorHere = await t.f.user();
    await t.f.participant(own.event.id, moderatorHere.id);
    await t.f.grant(moderatorHere.id, 'event', own.event.id, 'moderator');
    for (const actor of [...ADMINS, 'superadmin'] as const) {
      for (const target of [moderatorElsewhere.id, moderatorHere.id, own.users.moderator.id]) {
        // The participants list is what a moderator may read and a participant may not.
        const res = await acting(own.tokens[actor], target, 'GET', `events/${own.event.id}/participants`);
        expect(res.statusCode, actor).toBe(404);
        expect(res.json().message).toBe('Impersonated user not found');
        const denied = await t.deps.db
          .selectFrom('auditLog')
          .select('action')
          .where('requestId', '=', String(res.headers['x-request-id']))
          .execute();
        expect(denied).toEqual([{ action: 'impersonation.denied' }]);
      }
    }
  });

  it('admins of any scope are refused for super admins too', async () => {
    for (const target of [
      own.users.orgAdmin.id,
      own.users.hubAdmin.id,
      own.users.eventAdmin.id,
      other.users.superadmin.id,
    ]) {
      expect((await acting(own.tokens.superadmin, target, 'GET', `users/${target}`)).statusCode).toBe(404);
    }
  });

  it('the impersonate-user-list offers exactly the people who can be impersonated', async () => {
    const res = await t.as(own.tokens.eventAdmin, {
      method: 'GET',
      url: `/api/v1/events/${own.event.id}/participants/impersonate-user-list?limit=100`,
    });
    expect(res.statusCode).toBe(200);
    const offered: string[] = res.json().records.map((r: { userId: string }) => r.userId);
    const everyone = await t.deps.db
      .selectFrom('participants')
      .select('userId')
      .where('eventId', '=', own.event.id)
      .execute();
    expect(offered.length).toBeGreaterThan(0);
    for (const { userId } of everyone) {
      const probe = await acting(own.tokens.eventAdmin, userId, 'GET', `users/${userId}`);
      expect(offered.includes(userId), userId).toBe(probe.statusCode === 200);
    }
  });
});

describe('super admins act only as participants', () => {
  it("act as the target's participations in every event, never as more", async () => {
    for (const eventId of [own.event.id, other.event.id]) {
      const res = await acting(
        own.tokens.superadmin,
        dual.id,
        'GET',
        `events/${eventId}/participants/user-profile`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(
        (await acting(own.tokens.superadmin, dual.id, 'GET', `events/${eventId}/participants`)).statusCode,
      ).toBe(403);
    }
  });
});
