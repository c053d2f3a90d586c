import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as a real SMTP server received it, with the plain-text and HTML bodies decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The text/html part ('' when the message has none). */
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  /** For createMailer / SMTP_URL: plain SMTP on loopback, no TLS, no auth. */
  url: string;
  messages: ReceivedMail[];
  /** Messages answered with a temporary failure (451) so far. */
  refused: number;
  /** The first message to `to` (waits up to `timeoutMs` for it to arrive). */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real `smtp-server` on 127.0.0.1 that keeps every message. STARTTLS and AUTH are switched off,
 * so nodemailer talks plain SMTP to it (`smtp://127.0.0.1:<port>`). `refuseFirst: n` answers the
 * first n messages with "451 try again later", as a server in trouble would.
 */
export async function startSmtpServer(
  opts: { port?: number; refuseFirst?: number } = {},
): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const state = { refused: 0 };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        if (state.refused < (opts.refuseFirst ?? 0)) {
          state.refused++;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelopeFrom = session.envelope.mailFrom;
        messages.push({
          from: envelopeFrom ? envelopeFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...parseMessage(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  // smtp-server keeps its net.Server on `.server`.
  const port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refused() {
      return state.refused;
    },
    async waitFor(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = messages.find((m) => m.to.includes(to.toLowerCase()));
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers, the text/plain and the text/html body of a MIME message (enough for the e-mails the API sends). */
export function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = splitPart(raw);
  const subject = decodeWords(headers.get('subject') ?? '');
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => p.replace(/^\r?\n/, ''));
    const found = { text: '', html: '' };
    for (const part of parts) {
      const parsed = parseMessage(part);
      const partType = (splitPart(part).headers.get('content-type') ?? '').toLowerCase();
      if (partType.startsWith('multipart/')) {
        found.text ||= parsed.text;
        found.html ||= parsed.html;
      } else if (partType.startsWith('text/plain')) found.text ||= parsed.text;
      else if (partType.startsWith('text/html')) found.html ||= parsed.html;
    }
    return { subject, ...found };
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding') ?? '');
  return type.toLowerCase().startsWith('text/html')
    ? { subject, text: '', html: decoded }
    : { subject, text: decoded, html: '' };
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string): string {
  const enc = encoding.toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QBqb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
