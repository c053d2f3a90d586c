import type { MailMessage } from '../../platform/mail.js';
import { EMAILS, renderEmail, type EmailBrand } from '../../platform/email/index.js';

/** The accounts e-mails (texts in platform/email/catalog.ts): the main link is the first URL of the text part. */

export function verifyEmailMail(
  to: string,
  o: { brand: EmailBrand; firstName: string; link: string },
): MailMessage {
  return renderEmail(to, o.brand, EMAILS.verifyEmail({ ...o, brand: o.brand.sender }));
}

/** Sent instead of a verification e-mail when the address is already registered (no enumeration). */
export function alreadyRegisteredMail(
  to: string,
  o: { brand: EmailBrand; firstName: string; resetLink: string; verifyLink?: string },
): MailMessage {
  return renderEmail(to, o.brand, EMAILS.alreadyRegistered({ ...o, brand: o.brand.sender }));
}

export function resetPasswordMail(
  to: string,
  o: { brand: EmailBrand; firstName: string; link: string },
): MailMessage {
  return renderEmail(to, o.brand, EMAILS.resetPassword({ ...o, brand: o.brand.sender }));
}

export function createPasswordMail(
  to: string,
  o: { brand: EmailBrand; firstName: string; link: string },
): MailMessage {
  return renderEmail(to, o.brand, EMAILS.createPassword({ ...o, brand: o.brand.sender }));
}
