import { EMAILS, renderEmail, type EmailBrand } from '../../platform/email/index.js';
import type { MailMessage } from '../../platform/mail.js';

/** The sign-in link of one participant (text in platform/email/catalog.ts): the link is the first URL of the text part. */
export function magicLinkMail(
  to: string,
  o: { brand: EmailBrand; event: string; firstName: string; link: string },
): MailMessage {
  return renderEmail(to, o.brand, EMAILS.magicLink(o));
}
