import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, tokenDataSchema } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { TEST_PASSWORD } from '../../../test/factories.js';
import { LIMITS } from './accounts.service.js';
import { randomIp, signIn } from './accounts.test-utils.js';

let t: TestContext;
let tenant: Awaited<ReturnType<TestContext['f']['tenant']>>;
beforeAll(async () => {
  // REDIS_URL from the environment: the CI's second run exercises the Redis counters here too.
  t = await createTestContext(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {});
  tenant = await t.f.tenant();
});
afterAll(() => t.close());

const creds = (email: string, password = TEST_PASSWORD, host = 'localhost:3000') => ({
  email,
  password,
  host,
});

describe('POST auth with e-mail and password', () => {
  it('answers the token and its claims, and records the sign-in', async () => {
    const user = tenant.users.participant;
    const res = await signIn(t, creds(user.email.toUpperCase()));
    expect(res.statusCode).toBe(200);
    const { token, tokenData } = res.json();
    expect(typeof token).toBe('string');
    expect(tokenDataSchema.parse(tokenData)).toMatchObject({
      userId: user.id,
      userRole: 'user',
      organizationUserRole: null,
      eventHubUserRole: null,
      eventUserRoles: [{ eventId: tenant.event.id, role: 'participant' }],
    });
    // exp is fixed before iat is taken: both are floored seconds, so they may differ by one.
    expect(tokenData.exp - tokenData.iat).toBeGreaterThanOrEqual(t.deps.config.TOKEN_TTL_SECONDS - 1);
    expect(tokenData.exp - tokenData.iat).toBeLessThanOrEqual(t.deps.config.TOKEN_TTL_SECONDS);
    // The token works.
    const me = await t.as(token, { method: 'GET', url: `/api/v1/users/${user.id}` });
    expect(me.statusCode).toBe(200);
    const rows = await t.deps.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'sign-in')
      .where('actorId', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.entityId).toBe(tokenData.sid);
  });

  it('answers one generic 401 for an unknown e-mail and for a wrong password', async () => {
    const unknown = await signIn(t, creds('nobody-here@example.com'));
    const wrong = await signIn(t, creds(tenant.users.participant.email, 'Wrong!pass1'));
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: MESSAGES.invalidCredentials,
    });
    const failed = await t.deps.db
      .selectFrom('auditLog')
      .select('entityId')
      .where('action', '=', 'sign-in.failed')
      .execute();
    expect(failed.map((r) => r.entityId)).toContain(tenant.users.participant.id);
  });

  it('refuses an account without a password (SSO only) like a wrong password', async () => {
    const user = await t.f.user();
    await t.deps.db.updateTable('users').set({ passwordHash: null }).where('id', '=', user.id).execute();
    const res = await signIn(t, creds(user.email));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.invalidCredentials);
  });

  it('answers 403 for an unverified e-mail, but only with the right password', async () => {
    const user = await t.f.user({ verified: false });
    const right = await signIn(t, creds(user.email));
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe(MESSAGES.emailNotVerified);
    const wrong = await signIn(t, creds(user.email, 'Wrong!pass1'));
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses participants on a cms. host and lets every console role in', async () => {
    const participant = await signIn(
      t,
      creds(tenant.users.participant.email, TEST_PASSWORD, 'cms.localhost:3000'),
    );
    expect(participant.statusCode).toBe(403);
    expect(participant.json().message).toBe('You are not authorized to access cms');
    for (const role of ['superadmin', 'orgAdmin', 'hubAdmin', 'eventAdmin', 'moderator'] as const) {
      const res = await signIn(t, creds(tenant.users[role].email, TEST_PASSWORD, 'cms.localhost:3000'));
      expect(res.statusCode, role).toBe(200);
    }
    // The same participant is welcome on the event host.
    expect((await signIn(t, creds(tenant.users.participant.email))).statusCode).toBe(200);
  });

  it('keeps login types apart: cms, event, or the web / demo the client names', async () => {
    const user = tenant.users.eventAdmin;
    const cases = [
      [{ host: 'cms.localhost:3000' }, 'cms'],
      [{ host: 'localhost:3000' }, 'event'],
      [{ host: 'localhost:3000', loginType: 'web' }, 'web'],
      [{ host: 'cms.localhost:3000', loginType: 'demo' }, 'demo'],
    ] as const;
    for (const [body, expected] of cases) {
      const res = await signIn(t, { ...creds(user.email), ...body });
      expect(res.statusCode).toBe(200);
      const session = await t.deps.db
        .selectFrom('authSessions')
        .select('loginType')
        .where('id', '=', res.json().tokenData.sid)
        .executeTakeFirstOrThrow();
      expect(session.loginType).toBe(expected);
    }
    const bad = await signIn(t, { ...creds(user.email), loginType: 'root' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('loginType');
  });

  describe('bad input', () => {
    const post = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth',
        payload,
        headers: { 'content-type': contentType },
        remoteAddress: randomIp(),
      });

    it('malformed JSON is a 400', async () => {
      const res = await post('{"email": ');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Malformed JSON body' });
    });

    it('missing fields answer Required field per field', async () => {
      const res = await post('{}');
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        email: 'Required field',
        password: 'Required field',
        host: 'Required field',
      });
      const sso = await post('{"sso": true}');
      expect(sso.json().fields).toEqual({
        token: 'Required field',
        state: 'Required field',
        host: 'Required field',
      });
    });

    it('wrong types, bad e-mail, over-long strings and bad hosts', async () => {
      const wrongType = await post(JSON.stringify({ email: 42, password: true, host: 'localhost' }));
      expect(wrongType.statusCode).toBe(400);
      expect(Object.keys(wrongType.json().fields).sort()).toEqual(['email', 'password']);
      const badEmail = await post(JSON.stringify(creds('not-an-email')));
      expect(badEmail.json().fields).toEqual({ email: MESSAGES.invalidEmail });
      const long = await post(
        JSON.stringify({
          email: `${'a'.repeat(250)}@example.com`,
          password: 'x'.repeat(300),
          host: `${'h'.repeat(300)}.com`,
        }),
      );
      expect(long.json().fields).toEqual({
        email: 'Max length exceeded',
        password: 'Max length exceeded',
        host: 'Max length exceeded',
      });
      const badHost = await post(JSON.stringify(creds('a@example.com', 'x', 'evil.com/path')));
      expect(badHost.json().fields).toEqual({ host: 'Please enter a valid host name' });
      const badSso = await post(JSON.stringify({ sso: 'yes', token: 'c', state: 's', host: 'localhost' }));
      expect(badSso.statusCode).toBe(400);
      expect(badSso.json().fields).toHaveProperty('sso');
      const notObject = await post('[1,2]');
      expect(notObject.statusCode).toBe(400);
    });
  });
});

describe('throttling', () => {
  it('limits guesses per (account, IP) with 429 and Retry-After, without locking the owner out', async () => {
    const victim = await t.f.user();
    const attacker = randomIp();
    for (let i = 0; i < LIMITS.signInPerAccountAndIp.limit; i++) {
      expect((await signIn(t, creds(victim.email, 'Wrong!pass1'), attacker)).statusCode).toBe(401);
    }
    const blocked = await signIn(t, creds(victim.email, 'Wrong!pass1'), attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MESSAGES.tooManyAttempts);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.signInPerAccountAndIp.windowSec);
    // Even the right password is refused from the attacking address…
    expect((await signIn(t, creds(victim.email), attacker)).statusCode).toBe(429);
    // …but the owner, from their own address, signs in.
    expect((await signIn(t, creds(victim.email), randomIp())).statusCode).toBe(200);
    // Other accounts from the attacking address are not affected by this account's counter.
    expect((await signIn(t, creds(tenant.users.moderator.email), attacker)).statusCode).toBe(200);
  });

  it('limits failures per IP across accounts; successes do not use up the budget', async () => {
    const ip = randomIp();
    const user = await t.f.user();
    // Successful sign-ins give their slot back: more than the per-IP limit of them is fine.
    for (let i = 0; i < LIMITS.signInPerIp.limit + 2; i++)
      expect((await signIn(t, creds(user.email), ip)).statusCode).toBe(200);
    for (let i = 0; i < LIMITS.signInPerIp.limit; i++) {
      expect((await signIn(t, creds(`spray-${i}@example.com`, 'Guess!123a'), ip)).statusCode).toBe(401);
    }
    const blocked = await signIn(t, creds(user.email), ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(t, creds(user.email), randomIp())).statusCode).toBe(200);
  }, 60_000);

  it('a success resets the (account, IP) counter', async () => {
    const user = await t.f.user();
    const ip = randomIp();
    for (let i = 0; i < LIMITS.signInPerAccountAndIp.limit - 1; i++)
      await signIn(t, creds(user.email, 'Wrong!pass1'), ip);
    expect((await signIn(t, creds(user.email), ip)).statusCode).toBe(200);
    for (let i = 0; i < LIMITS.signInPerAccountAndIp.limit; i++)
      expect((await signIn(t, creds(user.email, 'Wrong!pass1'), ip)).statusCode).toBe(401);
  });

  it('parallel guesses can not overtake the limit', async () => {
    const user = await t.f.user();
    const ip = randomIp();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => signIn(t, creds(user.email, 'Wrong!pass1'), ip)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LIMITS.signInPerAccountAndIp.limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - LIMITS.signInPerAccountAndIp.limit);
  });
});

describe('POST auth/logout and token expiry', () => {
  it('revokes the session at once', async () => {
    const res = await signIn(t, creds(tenant.users.eventAdmin.email));
    const { token, tokenData } = res.json();
    const logout = await t.as(token, { method: 'POST', url: '/api/v1/auth/logout' });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    const after = await t.as(token, { method: 'GET', url: `/api/v1/users/${tokenData.userId}` });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Session ended');
    expect((await t.as(token, { method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(401);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('actorId')
      .where('action', '=', 'sign-out')
      .where('entityId', '=', tokenData.sid)
      .execute();
    expect(audit).toEqual([{ actorId: tokenData.userId }]);
  });

  it('logout without a token is a 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(401);
  });

  it("answers 401 'Token expired' for a token past its exp", async () => {
    const { tokenData } = (await signIn(t, creds(tenant.users.participant.email))).json();
    const now = Math.floor(Date.now() / 1000);
    // Shaped like the tokens we issue (sub = userId): only the expiry is wrong.
    const expired = await new SignJWT({ ...tokenData, iat: now - 120, exp: now - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(tokenData.userId)
      .sign(new TextEncoder().encode(t.deps.config.JWT_SECRET));
    const res = await t.as(expired, { method: 'GET', url: `/api/v1/users/${tokenData.userId}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Token expired' });
  });

  it("answers 401 'Token expired' when the session's time is up", async () => {
    const { token, tokenData } = (await signIn(t, creds(tenant.users.participant.email))).json();
    await t.deps.db
      .updateTable('authSessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', tokenData.sid)
      .execute();
    const res = await t.as(token, { method: 'GET', url: `/api/v1/users/${tokenData.userId}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Token expired');
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await new SignJWT({ userId: tenant.users.superadmin.id, sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-1234'));
    expect((await t.as(forged, { method: 'GET', url: '/api/v1/dev/mailbox' })).statusCode).toBe(401);
  });
});
