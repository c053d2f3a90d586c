import { expect } from '@playwright/test';
import type { CapturedMail } from './mail-sink';
import { mailboxUrl } from './env';

export type { CapturedMail };

export async function allMail(): Promise<CapturedMail[]> {
  const res = await fetch(`${mailboxUrl()}/messages`);
  if (!res.ok) throw new Error(`mail sink answered ${res.status}`);
  return (await res.json()) as CapturedMail[];
}

function addressedTo(mail: CapturedMail, to: string): boolean {
  const address = to.toLowerCase();
  return mail.envelopeTo.includes(address) || mail.to.includes(address);
}

/** Waits for a message to `to` (optionally with a matching subject) that arrived over SMTP. */
export async function waitForMail(
  to: string,
  opts: { subject?: RegExp; timeout?: number; exclude?: number[] } = {},
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await allMail();
        found = mails
          .filter((m) => addressedTo(m, to) && !(opts.exclude ?? []).includes(m.id))
          .filter((m) => !opts.subject || opts.subject.test(m.subject))
          .at(-1);
        return found !== undefined;
      },
      {
        message: `an e-mail to ${to}${opts.subject ? ` with subject ${opts.subject}` : ''} over SMTP`,
        timeout: opts.timeout ?? 20_000,
        intervals: [250, 500, 1000],
      },
    )
    .toBe(true);
  return found!;
}

/** Every http(s) URL in the message, text part first, then the html part's hrefs and text. */
export function linksIn(mail: CapturedMail): URL[] {
  const urls: URL[] = [];
  const decodeEntities = (s: string) => s.replace(/&amp;/g, '&').replace(/&#x3D;|&#61;/g, '=');
  const candidates = [
    ...(mail.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []),
    ...[...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1]!)),
    ...(mail.html.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []).map(decodeEntities),
  ];
  for (const raw of candidates) {
    try {
      const url = new URL(raw.replace(/[.,;]+$/, ''));
      if (!urls.some((u) => u.href === url.href)) urls.push(url);
    } catch {
      // not a URL
    }
  }
  return urls;
}

/** The message's link whose path starts with `pathPrefix` (e.g. '/verify-email/'); fails clearly when absent. */
export function linkTo(mail: CapturedMail, pathPrefix: string): URL {
  const link = linksIn(mail).find((u) => u.pathname.startsWith(pathPrefix));
  expect(
    link,
    `a link to ${pathPrefix}… in the e-mail "${mail.subject}":\n${mail.text || mail.html}`,
  ).toBeDefined();
  return link!;
}
