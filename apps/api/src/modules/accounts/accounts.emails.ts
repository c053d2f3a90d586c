import type { MailMessage } from '../../platform/mail.js';

/**
 * The texts of the accounts e-mails: plain text (every client shows it), each link on its own
 * line, and the main link always the first URL of the message.
 */

const greeting = (firstName: string) => (firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,');
const footer = (brand: string) =>
  `\n\n— ${brand}\n\nYou receive this e-mail because this address was entered at ${brand}. If that was not you, you can ignore it.`;

export function verifyEmailMail(
  to: string,
  o: { brand: string; firstName: string; link: string },
): MailMessage {
  return {
    to,
    subject: `Confirm your e-mail address for ${o.brand}`,
    text: `${greeting(o.firstName)}\n\nplease confirm your e-mail address by opening this link (it works once, for 48 hours):\n\n${o.link}${footer(o.brand)}`,
  };
}

/** Sent instead of a verification e-mail when the address is already registered (no enumeration). */
export function alreadyRegisteredMail(
  to: string,
  o: { brand: string; firstName: string; resetLink: string; verifyLink?: string },
): MailMessage {
  const body = o.verifyLink
    ? `someone (probably you) tried to create an account with this address, but it already has one that is not confirmed yet. Confirm it with this link (it works once, for 48 hours):\n\n${o.verifyLink}\n\nForgot your password? Choose a new one here:\n\n${o.resetLink}`
    : `someone (probably you) tried to create an account with this address, but you already have one. Sign in as usual, or if you forgot your password, choose a new one here:\n\n${o.resetLink}`;
  return {
    to,
    subject: `You already have an account at ${o.brand}`,
    text: `${greeting(o.firstName)}\n\n${body}${footer(o.brand)}`,
  };
}

export function resetPasswordMail(
  to: string,
  o: { brand: string; firstName: string; link: string },
): MailMessage {
  return {
    to,
    subject: `Reset your ${o.brand} password`,
    text: `${greeting(o.firstName)}\n\nchoose a new password with this link (it works once, for 1 hour; asking again replaces it):\n\n${o.link}${footer(o.brand)}`,
  };
}

export function createPasswordMail(
  to: string,
  o: { brand: string; firstName: string; link: string },
): MailMessage {
  return {
    to,
    subject: `Create your ${o.brand} password`,
    text: `${greeting(o.firstName)}\n\nan account was created for you at ${o.brand}. Choose your password with this link (it works once, for 7 days):\n\n${o.link}${footer(o.brand)}`,
  };
}
