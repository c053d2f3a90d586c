import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from './db/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** True when messages go to the built-in dev mailbox instead of SMTP. */
  readonly devMailbox: boolean;
}

/** SMTP through nodemailer when `smtpUrl` is set; otherwise the dev mailbox table, readable in the console. */
export function createMailer(db: Db, opts: { smtpUrl?: string | undefined; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      devMailbox: false,
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
      },
    };
  }
  return {
    devMailbox: true,
    async send(m) {
      await db.insertInto('mailOutbox').values({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? null }).execute();
    },
  };
}
