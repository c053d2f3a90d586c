import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime';

export interface CapturedMail extends ParsedMail {
  id: number;
  /** RCPT TO addresses of the SMTP envelope, lower case. */
  envelopeTo: string[];
  receivedAt: string;
}

export interface MailSink {
  /** `smtp://127.0.0.1:<port>` for the server under test. */
  smtpUrl: string;
  /** `http://127.0.0.1:<port>`: GET /messages answers every captured message as JSON. */
  httpUrl: string;
  messages: CapturedMail[];
  close(): Promise<void>;
}

function listen(server: Server | SMTPServer): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const target = server instanceof SMTPServer ? server.server : server;
      resolve((target.address() as AddressInfo).port);
    });
  });
}

/**
 * A real SMTP server on loopback that keeps every message in memory, plus a tiny HTTP endpoint so
 * the Playwright workers (other processes) can read them.
 */
export async function startMailSink(): Promise<MailSink> {
  const messages: CapturedMail[] = [];
  let nextId = 1;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const parsed = parseMail(Buffer.concat(chunks).toString('utf8'));
          messages.push({
            ...parsed,
            id: nextId++,
            envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            receivedAt: new Date().toISOString(),
          });
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  const smtpPort = await listen(smtp);

  const http = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/messages')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(messages));
      return;
    }
    res.writeHead(404).end();
  });
  const httpPort = await listen(http);

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    messages,
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
