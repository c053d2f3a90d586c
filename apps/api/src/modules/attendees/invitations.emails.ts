import { EMAILS, renderEmail, type EmailBrand } from '../../platform/email/index.js';
import type { MailMessage } from '../../platform/mail.js';

/** The invitation to an event (text in platform/email/catalog.ts): the accept link is the first URL of the text part. */
export function invitationMail(
  to: string,
  o: { brand: EmailBrand; event: string; firstName: string; link: string },
): MailMessage {
  return renderEmail(to, o.brand, EMAILS.invitation(o));
}
