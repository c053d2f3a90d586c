import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { TEST_PASSWORD } from '../../../test/factories.js';
import type { MailMessage } from '../../platform/mail.js';
import { LIMITS, sendCreatePasswordEmail } from './accounts.service.js';
import { firstLink, randomIp, signIn, waitForMail } from './accounts.test-utils.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {});
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand!new2026';
const newEmail = () => `reg-${randomUUID().slice(0, 8)}@example.com`;
const post = (url: string, payload: unknown, ip = randomIp()) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${url}`, payload: payload as object, remoteAddress: ip });
const register = (over: Record<string, unknown> = {}, ip?: string) =>
  post(
    'users/register',
    {
      email: newEmail(),
      password: NEW_PASSWORD,
      firstName: 'Ada',
      lastName: 'Lovelace',
      host: 'localhost:3000',
      ...over,
    },
    ip,
  );
const tokenOf = (link: URL) => link.pathname.split('/').at(-1) ?? '';

describe('POST users/register and users/verify-email', () => {
  it('creates an unverified user, mails a single-use link, and verifying lets them sign in', async () => {
    const email = newEmail();
    const res = await register({ email: `  ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const user = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailVerifiedAt: null,
      userRole: 'user',
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);

    const mail = await waitForMail(t, email);
    expect(mail.subject).toBe('Confirm your e-mail address for Plenary');
    const link = firstLink(mail);
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toMatch(/^\/verify-email\/[\w-]{43}$/);
    const row = await t.deps.db
      .selectFrom('oneTimeTokens')
      .selectAll()
      .where('userId', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('verify-email');
    expect(row.tokenHash).not.toContain(tokenOf(link)); // only the hash is stored
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(47.9 * 3600_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(48 * 3600_000);

    expect((await signIn(t, { email, password: NEW_PASSWORD, host: 'localhost:3000' })).statusCode).toBe(403);
    const verified = await post('users/verify-email', { token: tokenOf(link), host: 'localhost:3000' });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ verified: true });
    expect((await signIn(t, { email, password: NEW_PASSWORD, host: 'localhost:3000' })).statusCode).toBe(200);

    const again = await post('users/verify-email', { token: tokenOf(link), host: 'localhost:3000' });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.linkUsed);
  });

  it('answers an already registered address exactly like a new one, mailing it a notice instead', async () => {
    const existing = await t.f.user();
    const res = await register({ email: existing.email, password: 'Other!pass99', firstName: 'Mallory' });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(['id']);
    expect(res.json().id).not.toBe(existing.id);
    const mail = await waitForMail(t, existing.email);
    expect(mail.subject).toBe('You already have an account at Plenary');
    expect(firstLink(mail).toString()).toBe('http://localhost:3000/forgot-password');
    expect(mail.text).toContain(`Hello ${existing.firstName},`);
    // Nothing about the account changed.
    const after = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(existing);
    expect(
      (await signIn(t, { email: existing.email, password: TEST_PASSWORD, host: 'localhost' })).statusCode,
    ).toBe(200);
    expect(
      (await signIn(t, { email: existing.email, password: 'Other!pass99', host: 'localhost' })).statusCode,
    ).toBe(401);
    const count = await t.deps.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', existing.email)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('an unverified registered address gets a fresh verification link; the old one stops working', async () => {
    const email = newEmail();
    await register({ email });
    const first = tokenOf(firstLink(await waitForMail(t, email)));
    await register({ email });
    const notice = await waitForMail(t, email, { after: 1 });
    expect(notice.subject).toBe('You already have an account at Plenary');
    const fresh = tokenOf(firstLink(notice));
    expect(fresh).not.toBe(first);
    expect((await post('users/verify-email', { token: first, host: 'localhost' })).statusCode).toBe(410);
    expect((await post('users/verify-email', { token: fresh, host: 'localhost' })).statusCode).toBe(200);
  });

  it('links point to known hosts only (brand hosts keep theirs; a foreign host gets PUBLIC_URL)', async () => {
    const summit = newEmail();
    await register({ email: summit, host: 'cms.summit.localhost:3000' });
    const mail = await waitForMail(t, summit);
    expect(firstLink(mail).origin).toBe('http://cms.summit.localhost:3000');
    expect(mail.subject).toBe('Confirm your e-mail address for Summit Live');
    const foreign = newEmail();
    await register({ email: foreign, host: 'attacker.example' });
    expect(firstLink(await waitForMail(t, foreign)).origin).toBe('http://localhost:3000');
  });

  it('410 for an unknown or expired verification token', async () => {
    const unknown = await post('users/verify-email', { token: 'x'.repeat(43), host: 'localhost' });
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json()).toEqual({ statusCode: 410, error: 'Gone', message: ACCOUNT_MESSAGES.linkInvalid });
    const email = newEmail();
    const { id } = (await register({ email })).json();
    const token = tokenOf(firstLink(await waitForMail(t, email)));
    await t.deps.db
      .updateTable('oneTimeTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', id)
      .execute();
    const expired = await post('users/verify-email', { token, host: 'localhost' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(ACCOUNT_MESSAGES.linkExpired);
  });

  it('validates the registration', async () => {
    const weak = await register({ password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toEqual({ password: MESSAGES.invalidPassword });
    expect(MESSAGES.invalidPassword).toMatch(/at least 8 characters/);
    const missing = await post('users/register', { email: newEmail(), host: 'localhost' });
    expect(missing.json().fields).toEqual({
      password: 'Required field',
      firstName: 'Required field',
      lastName: 'Required field',
    });
    const blank = await register({ firstName: '   ', email: 'nope' });
    expect(blank.json().fields).toEqual({ firstName: 'Required field', email: MESSAGES.invalidEmail });
    const long = await register({ lastName: 'x'.repeat(101), password: `Aa1!${'x'.repeat(300)}` });
    expect(long.json().fields).toEqual({ lastName: 'Max length exceeded', password: 'Max length exceeded' });
    const types = await register({ firstName: 7 });
    expect(types.statusCode).toBe(400);
    expect(types.json().fields).toHaveProperty('firstName');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(400);
    const verifyMissing = await post('users/verify-email', {});
    expect(verifyMissing.json().fields).toEqual({ token: 'Required field', host: 'Required field' });
    const verifyLong = await post('users/verify-email', { token: 'x'.repeat(201), host: 'localhost' });
    expect(verifyLong.json().fields).toEqual({ token: 'Max length exceeded' });
  });

  it('limits registration e-mails per address and IP (429), whether or not the address exists', async () => {
    const ip = randomIp();
    const existing = await t.f.user();
    for (let i = 0; i < LIMITS.mailPerAddressAndIp.limit; i++)
      expect((await register({ email: existing.email }, ip)).statusCode).toBe(201);
    const blocked = await register({ email: existing.email }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('password reset', () => {
  const requestReset = (email: string, host = 'localhost:3000', ip?: string) =>
    post('auth/reset-password/request', { email, host }, ip);
  const complete = (token: string, password = NEW_PASSWORD) =>
    post('auth/reset-password/complete', { token, password });
  const resetToken = (mail: MailMessage) => firstLink(mail).searchParams.get('token') ?? '';

  it('answers 202 with the same body for known and unknown addresses; only the known one gets mail', async () => {
    const user = await t.f.user();
    const known = await requestReset(user.email);
    const unknown = await requestReset('no-account@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    const mail = await waitForMail(t, user.email);
    expect(mail.subject).toBe('Reset your Plenary password');
    const link = firstLink(mail);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/reset-password');
    const row = await t.deps.db
      .selectFrom('oneTimeTokens')
      .selectAll()
      .where('userId', '=', user.id)
      .where('purpose', '=', 'reset-password')
      .executeTakeFirstOrThrow();
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(3590_000);
    await t.drainJobs();
    expect(t.mail.sent.some((m) => m.to === 'no-account@example.com')).toBe(false);
  });

  it('sets the password, ends every session, and works once', async () => {
    const user = await t.f.user();
    const before = (await signIn(t, { email: user.email, password: TEST_PASSWORD, host: 'localhost' })).json()
      .token;
    await requestReset(user.email);
    const token = resetToken(await waitForMail(t, user.email));
    const res = await complete(token);
    expect(res.statusCode).toBe(204);
    expect((await t.as(before, { method: 'GET', url: `/api/v1/users/${user.id}` })).statusCode).toBe(401);
    expect(
      (await signIn(t, { email: user.email, password: TEST_PASSWORD, host: 'localhost' })).statusCode,
    ).toBe(401);
    expect(
      (await signIn(t, { email: user.email, password: NEW_PASSWORD, host: 'localhost' })).statusCode,
    ).toBe(200);
    const again = await complete(token, 'Another!pass1');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.linkUsed);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', user.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['password-reset.requested', 'password-reset']),
    );
  });

  it('a new request invalidates the earlier link', async () => {
    const user = await t.f.user();
    await requestReset(user.email);
    const first = resetToken(await waitForMail(t, user.email));
    await requestReset(user.email);
    const second = resetToken(await waitForMail(t, user.email, { after: 1 }));
    expect(second).not.toBe(first);
    expect((await complete(first)).statusCode).toBe(410);
    expect((await complete(second)).statusCode).toBe(204);
  });

  it('applies the password rule and keeps the link usable after a refused password', async () => {
    const user = await t.f.user();
    await requestReset(user.email);
    const token = resetToken(await waitForMail(t, user.email));
    const weak = await complete(token, 'alllowercase1!');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toEqual({ password: MESSAGES.invalidPassword });
    const missing = await post('auth/reset-password/complete', {});
    expect(missing.json().fields).toEqual({ token: 'Required field', password: 'Required field' });
    expect((await complete(token)).statusCode).toBe(204);
  });

  it('410 for expired and unknown tokens', async () => {
    const user = await t.f.user();
    await requestReset(user.email);
    const token = resetToken(await waitForMail(t, user.email));
    await t.deps.db
      .updateTable('oneTimeTokens')
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where('userId', '=', user.id)
      .execute();
    const expired = await complete(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(ACCOUNT_MESSAGES.linkExpired);
    const unknown = await complete('y'.repeat(43));
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().message).toBe(ACCOUNT_MESSAGES.linkInvalid);
  });

  it('a reset proves the address: an unverified account becomes verified', async () => {
    const user = await t.f.user({ verified: false });
    await requestReset(user.email);
    expect((await complete(resetToken(await waitForMail(t, user.email)))).statusCode).toBe(204);
    expect(
      (await signIn(t, { email: user.email, password: NEW_PASSWORD, host: 'localhost' })).statusCode,
    ).toBe(200);
  });

  it('a verification token is no reset token (and the other way round)', async () => {
    const email = newEmail();
    await register({ email });
    const verifyToken = tokenOf(firstLink(await waitForMail(t, email)));
    expect((await complete(verifyToken)).statusCode).toBe(410);
    const user = await t.f.user();
    await requestReset(user.email);
    const token = resetToken(await waitForMail(t, user.email));
    expect((await post('users/verify-email', { token, host: 'localhost' })).statusCode).toBe(410);
  });

  it('validates the request and limits it per address and IP', async () => {
    const bad = await post('auth/reset-password/request', { email: 'x', host: '' });
    expect(bad.json().fields).toEqual({ email: MESSAGES.invalidEmail, host: 'Required field' });
    const ip = randomIp();
    for (let i = 0; i < LIMITS.mailPerAddressAndIp.limit; i++)
      expect((await requestReset('limit@example.com', 'localhost', ip)).statusCode).toBe(202);
    const blocked = await requestReset('limit@example.com', 'localhost', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('create-password e-mails (sendCreatePasswordEmail, for the tenancy module)', () => {
  it('mails a 7-day /create-password link that the reset endpoint completes', async () => {
    const admin = await t.f.user({ verified: false });
    await t.deps.db.updateTable('users').set({ passwordHash: null }).where('id', '=', admin.id).execute();
    await sendCreatePasswordEmail(t.deps, admin, 'cms.localhost:3000');
    await t.drainJobs();
    const mail = t.mail.lastTo(admin.email)!;
    expect(mail.subject).toBe('Create your Plenary password');
    const link = firstLink(mail);
    expect(`${link.origin}${link.pathname}`).toBe('http://cms.localhost:3000/create-password');
    const row = await t.deps.db
      .selectFrom('oneTimeTokens')
      .selectAll()
      .where('userId', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('create-password');
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.99 * 86_400_000);
    // A second e-mail replaces the first link.
    await sendCreatePasswordEmail(t.deps, admin, 'cms.localhost:3000');
    await t.drainJobs();
    const second = firstLink(t.mail.lastTo(admin.email)!).searchParams.get('token')!;
    expect((await complete(link.searchParams.get('token')!)).statusCode).toBe(410);
    expect((await complete(second)).statusCode).toBe(204);
    expect(
      (await signIn(t, { email: admin.email, password: NEW_PASSWORD, host: 'localhost' })).statusCode,
    ).toBe(200);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', admin.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('password-created');
  });

  const complete = (token: string) => post('auth/reset-password/complete', { token, password: NEW_PASSWORD });
});
