import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, ATTENDEE_MESSAGES, MAGIC_LINK_TTL_HOURS, MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, participant, type Client, type Tenant } from './attendees.test-utils.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let admin: Client;

beforeAll(async () => {
  // PUBLIC_URL's host is ours: links for it keep that host (and its cms. twin is ours too).
  t = await createTestContext({ PUBLIC_URL: 'https://events.example.org' });
  ten = await t.f.tenant();
  other = await t.f.tenant();
  admin = client(t, ten.tokens.eventAdmin, ten.event.id);
});
afterAll(() => t.close());

const signIn = (token: string, host = 'events.example.org') =>
  t.as(undefined, { method: 'POST', url: '/api/v1/auth/magic-link', payload: { token, host } });
const tokenOf = async (email: string) => {
  await t.drainJobs();
  return t.mail.linkTo(email).searchParams.get('magic')!;
};

describe('magic links', () => {
  it('mails a single-use link that signs the participant into the event', async () => {
    const p = await participant(admin, { firstName: 'Mia', email: 'mia@example.com' });
    const sent = await t.as(ten.tokens.eventAdmin, {
      method: 'POST',
      url: `/api/v1/events/${ten.event.id}/participants/magic-links`,
      headers: { host: 'cms.events.example.org' },
      payload: { participantIds: [p.id] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().sent).toBe(1);
    const hours = (new Date(sent.json().expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(MAGIC_LINK_TTL_HOURS - 0.1);
    expect(hours).toBeLessThanOrEqual(MAGIC_LINK_TTL_HOURS);
    await t.drainJobs();
    const mail = t.mail.lastTo('mia@example.com')!;
    expect(mail.subject).toBe(`Your sign-in link for ${ten.event.name}`);
    expect(mail.text).toContain('Hello Mia,');
    const link = t.mail.linkTo('mia@example.com');
    expect(`${link.origin}${link.pathname}`).toBe('https://events.example.org/event/login');
    const token = link.searchParams.get('magic')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.deps.db
      .selectFrom('oneTimeTokens')
      .selectAll()
      .where('userId', '=', p.userId)
      .where('purpose', '=', 'magic-link')
      .executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.eventId).toBe(ten.event.id);

    const res = await signIn(token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.eventId).toBe(ten.event.id);
    expect(body.tokenData).toMatchObject({
      userId: p.userId,
      eventUserRoles: [{ eventId: ten.event.id, role: 'participant' }],
    });
    const session = await t.deps.db
      .selectFrom('authSessions')
      .select('loginType')
      .where('id', '=', body.tokenData.sid)
      .executeTakeFirstOrThrow();
    expect(session.loginType).toBe('event');
    // The token works: the participant reads their own profile in the event.
    const own = await t.as(body.token, {
      method: 'GET',
      url: `/api/v1/events/${ten.event.id}/participants/user-profile`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().participant).toMatchObject({ id: p.id, emailVerified: true });

    const again = await signIn(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.linkUsed);
    expect((await signIn('x'.repeat(43))).json().message).toBe(ACCOUNT_MESSAGES.linkInvalid);
  });

  it('expires, and a newer link replaces an unused older one', async () => {
    const p = await participant(admin);
    await admin.post('participants/magic-links', { participantIds: [p.id] });
    const first = await tokenOf(p.email);
    await admin.post('participants/magic-links', { participantIds: [p.id] });
    const second = await tokenOf(p.email);
    expect(second).not.toBe(first);
    expect((await signIn(first)).json().message).toBe(ACCOUNT_MESSAGES.linkExpired);
    await t.deps.db
      .updateTable('oneTimeTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', p.userId)
      .where('purpose', '=', 'magic-link')
      .execute();
    const expired = await signIn(second);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(ACCOUNT_MESSAGES.linkExpired);
  });

  it('does not sign in a participant who left the event, nor a participant on a cms host', async () => {
    const gone = await participant(admin);
    await admin.post('participants/magic-links', { participantIds: [gone.id] });
    const token = await tokenOf(gone.email);
    await admin.delete(`participants/${gone.id}`);
    expect((await signIn(token)).statusCode).toBe(410);
    const p = await participant(admin);
    await admin.post('participants/magic-links', { participantIds: [p.id] });
    const cms = await signIn(await tokenOf(p.email), 'cms.events.example.org');
    expect(cms.statusCode).toBe(403);
    expect(cms.json().message).toBe(MESSAGES.notAuthorizedCms);
  });

  it('a link refused on a cms host is not used up: it still signs in on the event host, once', async () => {
    const p = await participant(admin);
    await admin.post('participants/magic-links', { participantIds: [p.id] });
    const token = await tokenOf(p.email);
    expect((await signIn(token, 'cms.events.example.org')).statusCode).toBe(403);
    const ok = await signIn(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().eventId).toBe(ten.event.id);
    const again = await signIn(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.linkUsed);
  });

  it('sends to a filtered selection and lists every link in the report', async () => {
    const event = await t.f.event({ eventHubId: ten.hub.id });
    const c = client(t, ten.tokens.hubAdmin, event.id);
    const press = (await c.post('labels', { name: 'Press' })).json();
    const a = await participant(c, { firstName: 'Ana', labelIds: [press.id] });
    const b = await participant(c, { firstName: 'Bea', labelIds: [press.id] });
    const x = await participant(c, { firstName: 'Xan' });
    const res = await c.post('participants/magic-links', {
      filter: { labelId: [press.id] },
      host: 'attacker.example.net',
    });
    expect(res.json().sent).toBe(2);
    // A host that is not ours falls back to PUBLIC_URL.
    await t.drainJobs();
    expect(t.mail.linkTo(a.email).origin).toBe('https://events.example.org');
    expect(t.mail.lastTo(x.email)).toBeUndefined();
    await signIn(await tokenOf(b.email));
    await c.post('participants/magic-links', {
      filter: { rules: [{ field: 'firstName', operator: 'EQUAL', value: 'xan' }] },
    });

    const report = await c.get('participants/magic-links?sort=firstName:asc');
    expect(report.statusCode, report.body).toBe(200);
    const { hubAdmin } = ten.users;
    expect(report.json().total).toBe(3);
    expect(
      report
        .json()
        .records.map((r: Record<string, unknown>) => [
          r.firstName,
          r.email,
          r.status,
          r.sentBy,
          r.usedAt !== null,
        ]),
    ).toEqual([
      ['Ana', a.email, 'ACTIVE', `${hubAdmin.firstName} ${hubAdmin.lastName}`, false],
      ['Bea', b.email, 'USED', `${hubAdmin.firstName} ${hubAdmin.lastName}`, true],
      ['Xan', x.email, 'ACTIVE', `${hubAdmin.firstName} ${hubAdmin.lastName}`, false],
    ]);
    expect(
      (await c.get('participants/magic-links?status=USED'))
        .json()
        .records.map((r: { firstName: string }) => r.firstName),
    ).toEqual(['Bea']);
    expect((await c.get(`participants/magic-links?participantId=${a.id}&search=ana`)).json().total).toBe(1);
    const reports = (await c.get('participants/extra-reports')).json();
    expect(reports).toMatchObject({ magicLinksSent: 3, magicLinksUsed: 1, verified: 1 });
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('entityId')
      .where('entity', '=', 'magic-link')
      .where('entityId', 'in', [a.id, b.id, x.id])
      .execute();
    expect(audit).toHaveLength(3);
  });

  it('limits sign-in attempts per address with 429 and Retry-After', async () => {
    const attempt = () =>
      t.as(undefined, {
        method: 'POST',
        url: '/api/v1/auth/magic-link',
        headers: { 'x-forwarded-for': '203.0.113.77' },
        payload: { token: 'y'.repeat(43), host: 'events.example.org' },
      });
    for (let i = 0; i < 60; i++) expect((await attempt()).statusCode).toBe(410);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers bad input with 400 and other events with 404', async () => {
    const p = await participant(admin);
    expect((await admin.post('participants/magic-links', {})).json().fields).toEqual({
      participantIds: ATTENDEE_MESSAGES.selectionRequired,
    });
    expect(
      (await admin.post('participants/magic-links', { participantIds: [p.id], filter: {} })).statusCode,
    ).toBe(400);
    expect((await admin.post('participants/magic-links', { participantIds: ['nope'] })).statusCode).toBe(400);
    expect((await admin.post('participants/magic-links', { participantIds: [] })).json().fields).toEqual({
      participantIds: MESSAGES.required,
    });
    expect(
      (
        await admin.post('participants/magic-links', {
          filter: { rules: [{ field: 'nope', operator: 'EQUAL', value: 1 }] },
        })
      ).statusCode,
    ).toBe(400);
    const foreign = await participant(client(t, other.tokens.eventAdmin, other.event.id));
    const res = await admin.post('participants/magic-links', { participantIds: [foreign.id] });
    expect(res.json().sent).toBe(0);
    await t.drainJobs();
    expect(t.mail.lastTo(foreign.email)).toBeUndefined();
    expect(
      (
        await t.as(ten.tokens.eventAdmin, {
          method: 'POST',
          url: `/api/v1/events/${other.event.id}/participants/magic-links`,
          payload: { participantIds: [foreign.id] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(undefined, {
          method: 'POST',
          url: '/api/v1/auth/magic-link',
          payload: { token: '', host: 'x.example.org' },
        })
      ).json().fields,
    ).toEqual({ token: MESSAGES.required });
    expect(
      (
        await t.as(undefined, {
          method: 'POST',
          url: '/api/v1/auth/magic-link',
          payload: { token: 'x'.repeat(201), host: 'x.example.org' },
        })
      ).json().fields,
    ).toEqual({ token: MESSAGES.maxLength });
    expect(
      (
        await t.as(undefined, { method: 'POST', url: '/api/v1/auth/magic-link', payload: { token: 'abc' } })
      ).json().fields,
    ).toEqual({ host: MESSAGES.required });
  });
});
