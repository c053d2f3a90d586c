import type { MailMessage } from '../mail.js';
import { escapeHtml as h, textOn } from './html.js';

/** Who an e-mail comes from, as the reader sees it (platform/email/brand.ts builds it). */
export interface EmailBrand {
  /** The header's name: the event's, or the brand's for account e-mails. */
  name: string;
  /** The product that sends it (the host's brand), for the signature. */
  sender: string;
  /** Absolute URL of the logo, or undefined (the name alone). */
  logoUrl: string | undefined;
  /** Header stripe and button; a checked `#rrggbb`. */
  color: string;
}

export interface EmailLink {
  label: string;
  url: string;
}

/** What one e-mail says; `renderEmail` lays it out as HTML and as plain text the same way. */
export interface EmailContent {
  subject: string;
  /** The inbox preview line (hidden in the HTML body). */
  preview: string;
  greeting: string;
  paragraphs: string[];
  /** The call to action: a button, with the link also written out; the first URL of the text part. */
  action?: EmailLink;
  /** Under the button, e.g. how long the link works. */
  actionNote?: string;
  /** Further links, each after a sentence saying what it is for. */
  more?: Array<EmailLink & { text: string }>;
  closing?: string[];
  /** The footer: why this address got the e-mail. */
  reason: string;
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

function text(c: EmailContent, brand: EmailBrand): string {
  const blocks = [c.greeting, ...c.paragraphs];
  if (c.action) blocks.push(`${c.action.label}:\n${c.action.url}`);
  if (c.actionNote) blocks.push(c.actionNote);
  for (const m of c.more ?? []) blocks.push(`${m.text}\n${m.label}: ${m.url}`);
  blocks.push(...(c.closing ?? []), `— ${brand.sender}`, c.reason);
  return blocks.join('\n\n');
}

const paragraph = (t: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${h(t)}</p>`;
const small = (t: string, linkHtml = '') =>
  `<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#4b5563">${h(t)}${linkHtml}</p>`;
const link = (l: EmailLink, color: string) =>
  `<a href="${h(l.url)}" style="color:${color};text-decoration:underline;word-break:break-all">${h(l.url)}</a>`;

function button(action: EmailLink, color: string): string {
  const label = textOn(color);
  return `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 16px"><tr>
<td bgcolor="${color}" style="border-radius:6px;background:${color}">
<a href="${h(action.url)}" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:600;line-height:20px;color:${label};text-decoration:none;border-radius:6px">${h(action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#4b5563">If the button does not work, open this link: ${link(action, color)}</p>`;
}

function html(c: EmailContent, brand: EmailBrand): string {
  const color = brand.color;
  const logo = brand.logoUrl
    ? `<img src="${h(brand.logoUrl)}" alt="" height="32" style="display:inline-block;height:32px;vertical-align:middle;margin-right:12px;border:0">`
    : '';
  const body = [
    paragraph(c.greeting),
    ...c.paragraphs.map(paragraph),
    c.action ? button(c.action, color) : '',
    c.actionNote ? small(c.actionNote) : '',
    ...(c.more ?? []).map((m) => small(`${m.text} `, link(m, color))),
    ...(c.closing ?? []).map(paragraph),
    paragraph(`— ${brand.sender}`),
  ].join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light"><title>${h(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:${FONT}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${h(c.preview)}</div>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:560px;background:#ffffff;border-radius:8px;border-top:6px solid ${color}">
<tr><td style="padding:24px 32px 8px;font-family:${FONT}">${logo}<span style="font-size:20px;font-weight:700;line-height:32px;color:#111827;vertical-align:middle">${h(brand.name)}</span></td></tr>
<tr><td style="padding:16px 32px 8px;font-family:${FONT}">
${body}
</td></tr>
</table>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:560px"><tr><td style="padding:16px 32px;font-family:${FONT};font-size:12px;line-height:18px;color:#4b5563">${h(c.reason)}</td></tr></table>
</td></tr></table>
</body></html>`;
}

/** The one way an e-mail is made: the same content as HTML (branded) and as plain text. */
export function renderEmail(to: string, brand: EmailBrand, content: EmailContent): MailMessage {
  return { to, subject: content.subject, text: text(content, brand), html: html(content, brand) };
}
