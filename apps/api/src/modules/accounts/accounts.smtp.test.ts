import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/harness.js';
import { createSmtpTestContext } from '../../../test/smtp-context.js';
import type { TestSmtpServer } from '../../../test/smtp.js';
import { randomIp } from './accounts.test-utils.js';

let t: TestContext;
let smtp: TestSmtpServer;
beforeAll(async () => {
  ({ t, smtp } = await createSmtpTestContext());
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('e-mail over SMTP (nodemailer → smtp-server on loopback)', () => {
  it('delivers the verification e-mail with a working link', async () => {
    const email = 'smtp.person@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: {
        email,
        password: 'Smtp!pass2026',
        firstName: 'Émile',
        lastName: 'Zola',
        host: 'localhost:3000',
      },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor(email);
    expect(mail.from).toBe('no-reply@plenary.local');
    expect(mail.subject).toBe('Confirm your e-mail address for Plenary');
    expect(mail.text).toContain('Hello Émile,');
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    expect(link).toMatch(/^http:\/\/localhost:3000\/verify-email\/[\w-]{43}$/);
    const token = new URL(link!).pathname.split('/').at(-1);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/verify-email',
      payload: { token, host: 'localhost:3000' },
    });
    expect(verified.json()).toEqual({ verified: true });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email, password: 'Smtp!pass2026', host: 'localhost:3000' },
      remoteAddress: randomIp(),
    });
    expect(signIn.statusCode).toBe(200);
    // Sent over SMTP, not kept in the dev mailbox.
    expect(await t.deps.db.selectFrom('mailOutbox').selectAll().execute()).toEqual([]);
  });

  it('the dev mailbox is 404 while real SMTP is configured, even for super admins', async () => {
    const tenant = await t.f.tenant();
    const res = await t.as(tenant.tokens.superadmin, { method: 'GET', url: '/api/v1/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    // The super admin's menu asks first, so it does not offer a page that answers 404.
    const status = await t.as(tenant.tokens.superadmin, { method: 'GET', url: '/api/v1/dev/mailbox/status' });
    expect(status.json()).toEqual({ enabled: false });
  });
});
