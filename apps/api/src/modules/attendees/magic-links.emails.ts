import { MAGIC_LINK_TTL_HOURS } from '@plenary/domain';
import type { MailMessage } from '../../platform/mail.js';

/** The sign-in link of one participant: plain text, the link the first URL of the message. */
export function magicLinkMail(
  to: string,
  o: { brand: string; event: string; firstName: string; link: string },
): MailMessage {
  const greeting = o.firstName.trim() ? `Hello ${o.firstName.trim()},` : 'Hello,';
  return {
    to,
    subject: `Your sign-in link for ${o.event}`,
    text:
      `${greeting}\n\nopen this link to sign in to ${o.event} (it works once, for ${MAGIC_LINK_TTL_HOURS} hours):\n\n${o.link}\n\n` +
      `— ${o.brand}\n\nYou receive this e-mail because the organisers of ${o.event} invited this address. If you did not expect it, you can ignore it.`,
  };
}
