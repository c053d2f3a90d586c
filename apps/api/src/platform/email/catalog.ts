import { EVENT_INVITATION_TTL_DAYS, MAGIC_LINK_TTL_HOURS } from '@plenary/domain';
import type { EmailContent } from './layout.js';

/**
 * Every e-mail the product sends, its subject and its words, in one place. Modules pick one,
 * fill it in and hand it to `renderEmail` with the brand. Texts are plain: the layout escapes them.
 */

const greeting = (firstName: string) => (firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,');
const ignoreIfNotYou = 'If that was not you, you can ignore it.';

/** Formatters per zone: building an Intl.DateTimeFormat costs far more than formatting with one. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();
function formatIn(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
) {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    cache.set(timeZone, format);
  }
  return format;
}

/** A session's day and times in the event's zone, e.g. "Tuesday 3 March 2026, 10:00–11:00 (Europe/Berlin)". */
export function sessionWhen(startAt: Date, endAt: Date, timeZone: string): string {
  const day = formatIn(dayFormats, timeZone, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const time = formatIn(timeFormats, timeZone, { hour: '2-digit', minute: '2-digit', hour12: false });
  return `${day.format(startAt)}, ${time.format(startAt)}–${time.format(endAt)} (${timeZone})`;
}

export const EMAILS = {
  verifyEmail: (o: { brand: string; firstName: string; link: string }): EmailContent => ({
    subject: `Confirm your e-mail address for ${o.brand}`,
    preview: `One step left: confirm your e-mail address for ${o.brand}.`,
    greeting: greeting(o.firstName),
    paragraphs: [`Please confirm your e-mail address to finish creating your ${o.brand} account.`],
    action: { label: 'Confirm e-mail address', url: o.link },
    actionNote: 'The link works once, for 48 hours.',
    reason: `You receive this e-mail because this address was entered at ${o.brand}. ${ignoreIfNotYou}`,
  }),

  /** Sent instead of a verification e-mail when the address is already registered (no enumeration). */
  alreadyRegistered: (o: {
    brand: string;
    firstName: string;
    resetLink: string;
    verifyLink?: string | undefined;
  }): EmailContent => ({
    subject: `You already have an account at ${o.brand}`,
    preview: `Someone tried to create a ${o.brand} account with this address.`,
    greeting: greeting(o.firstName),
    ...(o.verifyLink
      ? {
          paragraphs: [
            'Someone (probably you) tried to create an account with this address, but it already has one that is not confirmed yet.',
          ],
          action: { label: 'Confirm e-mail address', url: o.verifyLink },
          actionNote: 'The link works once, for 48 hours.',
          more: [
            { text: 'Forgot your password? Choose a new one here.', label: 'New password', url: o.resetLink },
          ],
        }
      : {
          paragraphs: [
            'Someone (probably you) tried to create an account with this address, but you already have one. Sign in as usual, or if you forgot your password, choose a new one.',
          ],
          action: { label: 'Choose a new password', url: o.resetLink },
        }),
    reason: `You receive this e-mail because this address was entered at ${o.brand}. ${ignoreIfNotYou}`,
  }),

  resetPassword: (o: { brand: string; firstName: string; link: string }): EmailContent => ({
    subject: `Reset your ${o.brand} password`,
    preview: `Choose a new password for ${o.brand}.`,
    greeting: greeting(o.firstName),
    paragraphs: [`Someone (probably you) asked to reset the password of your ${o.brand} account.`],
    action: { label: 'Choose a new password', url: o.link },
    actionNote:
      'The link works once, for 1 hour; asking again replaces it. Your password stays as it is until you choose a new one.',
    reason: `You receive this e-mail because a password reset was asked for this address at ${o.brand}. ${ignoreIfNotYou}`,
  }),

  createPassword: (o: { brand: string; firstName: string; link: string }): EmailContent => ({
    subject: `Create your ${o.brand} password`,
    preview: `An account was created for you at ${o.brand}.`,
    greeting: greeting(o.firstName),
    paragraphs: [`An account was created for you at ${o.brand}. Choose your password to start.`],
    action: { label: 'Choose your password', url: o.link },
    actionNote: 'The link works once, for 7 days.',
    reason: `You receive this e-mail because an administrator of ${o.brand} created an account for this address. If you did not expect it, you can ignore it.`,
  }),

  magicLink: (o: { event: string; firstName: string; link: string }): EmailContent => ({
    subject: `Your sign-in link for ${o.event}`,
    preview: `Sign in to ${o.event} with one click.`,
    greeting: greeting(o.firstName),
    paragraphs: [`Open this link to sign in to ${o.event}. No password needed.`],
    action: { label: `Sign in to ${o.event}`, url: o.link },
    actionNote: `The link works once, for ${MAGIC_LINK_TTL_HOURS} hours. Do not forward this e-mail: the link signs in as you.`,
    reason: `You receive this e-mail because the organisers of ${o.event} invited this address. If you did not expect it, you can ignore it.`,
  }),

  invitation: (o: { event: string; firstName: string; link: string }): EmailContent => ({
    subject: `You are invited to ${o.event}`,
    preview: `The organisers of ${o.event} would like you to join.`,
    greeting: greeting(o.firstName),
    paragraphs: [
      `The organisers of ${o.event} would like to add you to the event's participants. Open the invitation to accept or decline.`,
      'Until you accept, you are not part of the event and the organisers see nothing of your account.',
    ],
    action: { label: 'Open the invitation', url: o.link },
    actionNote: `The link works once, for ${EVENT_INVITATION_TTL_DAYS} days.`,
    reason: `You receive this e-mail because the organisers of ${o.event} invited this address. If you did not expect this invitation, you can ignore it.`,
  }),

  moderator: (o: { firstName: string; session: string; event: string; link: string }): EmailContent => ({
    subject: `You moderate "${o.session}" at ${o.event}`,
    preview: `You were invited to moderate "${o.session}".`,
    greeting: greeting(o.firstName),
    paragraphs: [`You were invited to moderate "${o.session}" (${o.event}).`],
    action: { label: 'Start moderating', url: o.link },
    actionNote: `The link works once, for ${MAGIC_LINK_TTL_HOURS} hours.`,
    reason: `You receive this e-mail because the organisers of ${o.event} invited this address. If you did not expect it, you can ignore it.`,
  }),

  promoted: (o: { firstName: string; session: string; event: string; link: string }): EmailContent => ({
    subject: `You have a seat in ${o.session}`,
    preview: `A seat freed up in "${o.session}": you are now enrolled.`,
    greeting: greeting(o.firstName),
    paragraphs: [
      `A seat freed up in "${o.session}" (${o.event}) and you were next on the waitlist: you are now enrolled.`,
    ],
    action: { label: 'View the session', url: o.link },
    closing: ['If you can no longer attend, leave the session in the app so the next person gets your seat.'],
    reason: `You receive this e-mail because you joined the waitlist of "${o.session}" at ${o.event}.`,
  }),

  enrolled: (o: {
    firstName: string;
    session: string;
    event: string;
    when: string;
    where: string | null;
    link: string;
  }): EmailContent => ({
    subject: `You are enrolled in ${o.session}`,
    preview: `Your seat in "${o.session}" is booked.`,
    greeting: greeting(o.firstName),
    paragraphs: [
      `Your seat in "${o.session}" (${o.event}) is booked.`,
      o.where ? `${o.when}, ${o.where}.` : `${o.when}.`,
    ],
    action: { label: 'View the session', url: o.link },
    closing: ['If you can no longer attend, leave the session in the app so someone else gets your seat.'],
    reason: `You receive this e-mail because this address took a seat in "${o.session}" at ${o.event}.`,
  }),

  waitlisted: (o: {
    firstName: string;
    session: string;
    event: string;
    position: number | null;
    link: string;
  }): EmailContent => ({
    subject: `You are on the waitlist for ${o.session}`,
    preview: `"${o.session}" is full: you are on its waitlist.`,
    greeting: greeting(o.firstName),
    paragraphs: [
      `"${o.session}" (${o.event}) is full, so you are on its waitlist${o.position ? ` (number ${o.position})` : ''}.`,
      'When a seat frees up, the next person on the waitlist gets it; we will e-mail you if it is yours.',
    ],
    action: { label: 'View the session', url: o.link },
    reason: `You receive this e-mail because this address joined the waitlist of "${o.session}" at ${o.event}.`,
  }),
} as const;
