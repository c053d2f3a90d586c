import { createHash } from 'node:crypto';
import { renderPlaceholders, type CampaignPlaceholder } from '@plenary/domain';
import type { CommunicationLinkJson } from '../../platform/db/schema.js';
import { renderEmail, type EmailBrand } from '../../platform/email/index.js';
import type { MailMessage } from '../../platform/mail.js';

/**
 * How a campaign becomes a message for one recipient: the template (subject, body) with the
 * campaign's frozen substitutions (eventName, sessionName) and the recipient's (firstName,
 * lastName). The same function renders the preview, the test send, the sent message and the
 * archive, so what the console shows is what was sent.
 */
export type Vars = Partial<Record<CampaignPlaceholder, string>>;

export interface Rendered {
  subject: string;
  body: string;
  /** In-app path for push clicks and inbox items, or null. */
  path: string | null;
  /** Absolute URL for the e-mail button, or null. */
  url: string | null;
}

/** The in-app path of a link, or an outside URL as is. */
export function linkTarget(
  eventId: string,
  link: CommunicationLinkJson,
): { path: string | null; url: string | null } {
  const base = `/event/${eventId}`;
  switch (link.type) {
    case 'SESSION':
      return { path: link.sessionId ? `${base}/agenda/${link.sessionId}` : null, url: null };
    case 'FEED':
      return { path: `${base}/activity-feed`, url: null };
    case 'CHAT':
      return { path: `${base}/chat`, url: null };
    case 'URL':
      return { path: null, url: link.url };
    default:
      return { path: null, url: null };
  }
}

export function renderFor(
  c: { eventId: string; subject: string; body: string; link: CommunicationLinkJson },
  vars: Vars,
  origin: string,
): Rendered {
  const target = linkTarget(c.eventId, c.link);
  return {
    subject: renderPlaceholders(c.subject, vars),
    body: renderPlaceholders(c.body, vars),
    // Push clicks and the inbox open in the app: an outside URL is opened as is.
    path: target.path ?? target.url,
    url: target.url ?? (target.path ? `${origin}${target.path}` : null),
  };
}

/** The branded e-mail (HTML + text part) of a rendered message. */
export function campaignEmail(
  to: string,
  brand: EmailBrand,
  r: Rendered,
  vars: Vars,
  eventName: string,
): MailMessage {
  return renderEmail(to, brand, {
    subject: r.subject,
    preview: r.body.slice(0, 140),
    greeting: vars.firstName ? `Hello ${vars.firstName},` : 'Hello,',
    paragraphs: r.body
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    ...(r.url ? { action: { label: 'Open', url: r.url } } : {}),
    reason: `You receive this e-mail because you take part in ${eventName}.`,
  });
}

/** Deterministic Message-ID per campaign and recipient: a resend after a crash carries the same one. */
export function campaignMessageId(communicationId: string, participantId: string, origin: string): string {
  const host = new URL(origin).hostname || 'localhost';
  return `<${communicationId}.${participantId}@${host}>`;
}

/** Push `topic` (≤ 32 URL-safe characters): the push service replaces an undelivered copy with the same topic. */
export function campaignPushTopic(communicationId: string, participantId: string): string {
  return createHash('sha256').update(`${communicationId}.${participantId}`).digest('base64url').slice(0, 32);
}
