import { randomInt } from 'node:crypto';
import type { MailMessage } from '../../platform/mail.js';
import type { TestContext } from '../../../test/harness.js';

/** Test helpers of the accounts tests (not a test file itself). */

/** A fresh client address per test, so throttle counters (also in a shared Redis) never collide. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** E-mails go out through a job after the answer: wait for the one to `to`. */
export async function waitForMail(
  t: TestContext,
  to: string,
  opts: { after?: number; timeoutMs?: number } = {},
): Promise<MailMessage> {
  const deadline = Date.now() + (opts.timeoutMs ?? 5000);
  for (;;) {
    const mine = t.mail.sent.filter((m) => m.to === to.toLowerCase());
    if (mine.length > (opts.after ?? 0)) return mine.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The first URL of a message. */
export function firstLink(m: MailMessage): URL {
  const match = /https?:\/\/\S+/.exec(m.text);
  if (!match) throw new Error(`no link in "${m.subject}"`);
  return new URL(match[0]);
}

export function signIn(t: TestContext, body: Record<string, unknown>, ip = randomIp()) {
  return t.app.inject({ method: 'POST', url: '/api/v1/auth', payload: body, remoteAddress: ip });
}
