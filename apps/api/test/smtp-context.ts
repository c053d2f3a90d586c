import { createMailer, type Mailer } from '../src/platform/mail.js';
import { createTestContext, type TestContext } from './harness.js';
import { startSmtpServer, type TestSmtpServer } from './smtp.js';

/**
 * A test app whose e-mails go through the real mail job and the real nodemailer transport of
 * platform/mail.ts to an smtp-server on loopback. The transport is built once the test database
 * exists, so the app gets a mailer that forwards to it.
 */
export async function createSmtpTestContext(): Promise<{ t: TestContext; smtp: TestSmtpServer }> {
  const smtp = await startSmtpServer();
  let real: Mailer | undefined;
  const mailer: Mailer = { devMailbox: false, send: (m) => real!.send(m) };
  const t = await createTestContext({ SMTP_URL: smtp.url }, mailer);
  real = createMailer(t.deps.db, { smtpUrl: smtp.url, from: 'Plenary <no-reply@plenary.local>' });
  return { t, smtp };
}
