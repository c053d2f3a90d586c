import { EVENT_INVITATION_TTL_DAYS } from '@plenary/domain';
import type { MailMessage } from '../../platform/mail.js';

/** The invitation to an event: plain text, the accept link the first URL of the message. */
export function invitationMail(
  to: string,
  o: { brand: string; event: string; firstName: string; link: string },
): MailMessage {
  const greeting = o.firstName.trim() ? `Hello ${o.firstName.trim()},` : 'Hello,';
  return {
    to,
    subject: `You are invited to ${o.event}`,
    text:
      `${greeting}\n\nthe organisers of ${o.event} would like to add you to the event's participants. ` +
      `Open this link to accept or decline (it works once, for ${EVENT_INVITATION_TTL_DAYS} days):\n\n${o.link}\n\n` +
      `Until you accept, you are not part of the event and the organisers see nothing of your account.\n\n— ${o.brand}\n\n` +
      'If you did not expect this invitation, you can ignore it.',
  };
}
