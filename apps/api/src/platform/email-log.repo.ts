import type { Db } from './db/index.js';
import { redactSecrets } from './email-log.js';

export type EmailCategory = 'SYSTEM' | 'CAMPAIGN' | 'TEST';
export type EmailDeliveryStatus = 'QUEUED' | 'SENT' | 'DEFERRED' | 'FAILED' | 'BOUNCED';

export interface EmailLogInput {
  eventId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  category: EmailCategory;
  communicationId: string | null;
}

/** Longest error kept per row (an SMTP reply or exception message). */
const ERROR_MAX = 1000;

/**
 * Logs messages as QUEUED (call it in the transaction that queues them) and answers their ids in
 * order. Link secrets are redacted in the stored copy (email-log.ts).
 */
export async function logEmails(db: Db, rows: EmailLogInput[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const ids: string[] = [];
  for (let at = 0; at < rows.length; at += 500) {
    const inserted = await db
      .insertInto('emailLog')
      .values(
        rows.slice(at, at + 500).map((r) => ({
          eventId: r.eventId,
          to: r.to,
          subject: redactSecrets(r.subject),
          text: redactSecrets(r.text),
          html: r.html === null ? null : redactSecrets(r.html),
          category: r.category,
          communicationId: r.communicationId,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** A delivery outcome: SENT sets `sent_at`; DEFERRED (will retry), FAILED and BOUNCED keep the error. */
export async function markEmail(
  db: Db,
  id: string,
  status: 'SENT' | 'DEFERRED' | 'FAILED' | 'BOUNCED',
  error?: string,
): Promise<void> {
  await db
    .updateTable('emailLog')
    .set({
      status,
      error: status === 'SENT' ? null : ((error ?? null)?.slice(0, ERROR_MAX) ?? null),
      ...(status === 'SENT' ? { sentAt: new Date() } : {}),
    })
    .where('id', '=', id)
    .execute();
}
