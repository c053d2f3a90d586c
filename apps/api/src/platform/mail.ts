import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Db } from './db/index.js';
import { logEmails, markEmail, type EmailCategory } from './email-log.repo.js';
import type { Jobs, QueueOptions } from './jobs.js';
import { insertDevMail } from './mail.repo.js';
import { createSealer } from './sealed.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** For the e-mail log (`email_log`): the event the message belongs to, if any (default none). */
  eventId?: string | null;
  /** For the e-mail log: SYSTEM (default), CAMPAIGN or TEST. */
  category?: EmailCategory;
  /** For the e-mail log: the campaign that sent it. */
  communicationId?: string | null;
  /** The Message-ID header (campaigns: deterministic per campaign and recipient, `<id.participant@host>`). */
  messageId?: string;
}

/** The transport: sends one message now. Modules do not call it; they queue through `MailOutbox`. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** True when messages go to the built-in dev mailbox instead of SMTP. */
  readonly devMailbox: boolean;
}

/** SMTP through nodemailer when `smtpUrl` is set; otherwise the dev mailbox table, readable in the console. */
export function createMailer(db: Db, opts: { smtpUrl?: string | undefined; from: string }): Mailer {
  if (opts.smtpUrl) {
    // Bounded waits: a send must end well within the job's expireInSeconds, or the job would be
    // retried while the first attempt could still deliver (a duplicate).
    const transport: Transporter = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      devMailbox: false,
      async send(m) {
        await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          ...(m.html ? { html: m.html } : {}),
          ...(m.messageId ? { messageId: m.messageId } : {}),
        });
      },
    };
  }
  return {
    devMailbox: true,
    async send(m) {
      await insertDevMail(db, { to: m.to, subject: m.subject, text: m.text, html: m.html ?? null });
    },
  };
}

export const MAIL_QUEUE = 'mail.send';

/**
 * Retries of a failed send: about 30 s, 1, 2, 4 … min apart (pg-boss backoff with jitter), 8 times,
 * so an SMTP outage of up to ~2 hours delays mail without losing it. A send that hangs for 5 min
 * counts as failed.
 */
export const MAIL_RETRY: QueueOptions = {
  retryLimit: 8,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 300,
};

/**
 * Every e-mail goes through this outbox: a `mail.send` job per message, added in the transaction
 * of the write that causes it, so a rolled-back write sends nothing and a committed one is sent
 * even if the process dies right after answering. A worker sends it through the `Mailer`, retrying
 * failures. The job holds the rendered message, sealed (platform/sealed.ts): its links carry
 * one-time secrets that the database otherwise stores only as hashes.
 */
export interface MailOutbox {
  /** Queues messages inside `tx`: they go out once it commits, never if it rolls back. */
  enqueue(tx: Db, messages: MailMessage | MailMessage[]): Promise<void>;
  /** After the commit: send now instead of at the worker's next poll. */
  wake(): void;
}

const messageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
});

interface SealedMail {
  sealed: string;
  /** Its row in `email_log` (absent in jobs queued before the log existed). */
  logId?: string;
}

/** The SMTP reply code of a nodemailer error, if any. */
function responseCode(err: unknown): number | undefined {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
}

interface MailLog {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export function createMailOutbox(
  jobs: Jobs,
  mailer: Mailer,
  opts: { secret: string; log: MailLog; retry?: QueueOptions; db?: Db },
): MailOutbox {
  /** Marks the log row; a failure to mark never fails (or repeats) the send. */
  const mark = async (
    logId: string | undefined,
    status: 'SENT' | 'DEFERRED' | 'FAILED' | 'BOUNCED',
    error?: string,
  ): Promise<void> => {
    if (!logId || !opts.db) return;
    try {
      await markEmail(opts.db, logId, status, error);
    } catch (err) {
      opts.log.warn({ err, logId }, 'e-mail log not updated');
    }
  };
  const sealer = createSealer(opts.secret, 'mail-outbox');
  const queue = { ...MAIL_RETRY, ...opts.retry };
  jobs.define<SealedMail>(
    MAIL_QUEUE,
    async (data, job) => {
      let message: MailMessage;
      try {
        message = messageSchema.parse(sealer.open(data.sealed)) as MailMessage;
      } catch (err) {
        // Sealed with another JWT_SECRET (rotated since) or damaged: no retry can open it.
        opts.log.error({ err, jobId: job.id }, 'queued e-mail can not be opened: dropped');
        await mark(data.logId, 'FAILED', 'the queued message could not be opened');
        return;
      }
      try {
        await mailer.send(message);
      } catch (err) {
        const last = job.retryCount >= (queue.retryLimit ?? 0);
        const reason = err instanceof Error ? err.message : String(err);
        const code = responseCode(err);
        await mark(
          data.logId,
          !last ? 'DEFERRED' : code !== undefined && code >= 500 ? 'BOUNCED' : 'FAILED',
          reason,
        );
        opts.log[last ? 'error' : 'warn'](
          { err, jobId: job.id, retryCount: job.retryCount },
          last ? 'e-mail not sent, no retry left' : 'e-mail not sent, will retry',
        );
        throw err;
      }
      await mark(data.logId, 'SENT');
    },
    queue,
  );
  return {
    async enqueue(tx, messages) {
      const list = Array.isArray(messages) ? messages : [messages];
      if (list.length === 0) return;
      // The log row in the same transaction: a rolled-back write logs nothing either.
      const logIds = await logEmails(
        tx,
        list.map((m) => ({
          eventId: m.eventId ?? null,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html ?? null,
          category: m.category ?? 'SYSTEM',
          communicationId: m.communicationId ?? null,
        })),
      );
      await jobs.enqueueMany<SealedMail>(
        tx,
        MAIL_QUEUE,
        list.map((m, i) => ({
          sealed: sealer.seal({
            to: m.to,
            subject: m.subject,
            text: m.text,
            ...(m.html ? { html: m.html } : {}),
          }),
          logId: logIds[i]!,
        })),
      );
    },
    wake: () => jobs.wake(MAIL_QUEUE),
  };
}
