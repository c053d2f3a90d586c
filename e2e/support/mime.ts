/**
 * Just enough MIME to read what nodemailer sends: headers (with RFC 2047 encoded words),
 * multipart bodies, quoted-printable and base64. No dependency: mailparser is not installed.
 */

export interface ParsedMail {
  subject: string;
  from: string;
  to: string[];
  text: string;
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines, then split name: value.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return { headers, body };
}

function param(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header);
  return match?.[1];
}

function charsetDecode(bytes: Buffer, charset: string | undefined): string {
  const cs = (charset ?? 'utf-8').toLowerCase();
  try {
    return new TextDecoder(cs).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

export function decodeQuotedPrintable(input: string): Buffer {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = param(part.headers.get('content-type'), 'charset');
  if (encoding === 'base64')
    return charsetDecode(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return charsetDecode(decodeQuotedPrintable(part.body), charset);
  return part.body;
}

/** RFC 2047: =?utf-8?Q?...?= and =?utf-8?B?...?= words in headers. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) => {
      const bytes =
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return charsetDecode(bytes, charset);
    });
}

function collect(part: Part, out: { text: string[]; html: string[] }): void {
  const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = param(part.headers.get('content-type'), 'boundary');
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`);
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collect(splitHeaders(section.replace(/^\n/, '')), out);
    }
    return;
  }
  if (/attachment/i.test(part.headers.get('content-disposition') ?? '')) return;
  if (type.startsWith('text/html')) out.html.push(decodeBody(part));
  else if (type.startsWith('text/plain')) out.text.push(decodeBody(part));
}

export function parseMail(raw: string): ParsedMail {
  const top = splitHeaders(raw);
  const out = { text: [] as string[], html: [] as string[] };
  collect(top, out);
  const addresses = (h: string | undefined) =>
    (h ? decodeHeader(h) : '')
      .split(',')
      .map((a) => (/<([^>]+)>/.exec(a)?.[1] ?? a).trim().toLowerCase())
      .filter(Boolean);
  return {
    subject: decodeHeader(top.headers.get('subject') ?? ''),
    from: decodeHeader(top.headers.get('from') ?? ''),
    to: addresses(top.headers.get('to')),
    text: out.text.join('\n'),
    html: out.html.join('\n'),
  };
}
