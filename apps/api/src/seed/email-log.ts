import type { AppDeps } from '../platform/deps.js';
import { logEmails, markEmail } from '../platform/email-log.repo.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { emailLogDemoEvent } from './email-log.repo.js';
import { DEMO_PARTICIPANT_EMAIL } from './engagement.js';

/**
 * The demo event's e-mail log (`/communication/emails`, issue 14): a sign-in link (its secret
 * redacted by logEmails), an enrolment confirmation, one deferred by the SMTP server and one
 * bounced, so the screen shows every status a demo viewer asks about.
 */
export async function seedEmailLog({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const demo = await emailLogDemoEvent(db, DEMO_EVENT_NAME);
  if (!demo || demo.logged) return;
  const { eventId } = demo;
  const mail = (to: string, subject: string, text: string) => ({
    eventId,
    to,
    subject,
    text,
    html: `<!doctype html><html><body style="font-family:sans-serif"><p>${text.replace(/\n/g, '<br>')}</p></body></html>`,
    category: 'SYSTEM' as const,
    communicationId: null,
  });
  await db.transaction().execute(async (tx) => {
    const [signIn, enrolled, deferred, bounced] = await logEmails(tx, [
      mail(
        DEMO_PARTICIPANT_EMAIL,
        `Your sign-in link for ${DEMO_EVENT_NAME}`,
        `Hello Amara,\nopen https://app.example.com/event/login?magic=demo-secret-not-shown to sign in.`,
      ),
      mail(
        DEMO_PARTICIPANT_EMAIL,
        'You are enrolled: Opening keynote',
        'Hello Amara,\nyour place in “Opening keynote” is confirmed.',
      ),
      mail(
        'late.reader@example.com',
        `Welcome to ${DEMO_EVENT_NAME}`,
        'Hello,\nwe look forward to seeing you.',
      ),
      mail(
        'no.such.person@example.com',
        `Welcome to ${DEMO_EVENT_NAME}`,
        'Hello,\nwe look forward to seeing you.',
      ),
    ]);
    await markEmail(tx, signIn!, 'SENT');
    await markEmail(tx, enrolled!, 'SENT');
    await markEmail(tx, deferred!, 'DEFERRED', '451 4.7.1 Try again later');
    await markEmail(tx, bounced!, 'BOUNCED', '550 5.1.1 <no.such.person@example.com>: user unknown');
  });
}
