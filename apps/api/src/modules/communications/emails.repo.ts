import { emailLogListQuerySchema, type EmailLogDetail, type EmailLogEntry } from '@plenary/domain';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';

/** The SQL of the e-mail log's console routes (the rows are written by platform/email-log.repo.ts). */

/** `eventId`: one event's e-mails; null: every e-mail of the platform (super admins). */
export interface EmailLogScope {
  eventId: string | null;
}

function emailSelect(db: Db, scope: EmailLogScope) {
  const q = db
    .selectFrom('emailLog as l')
    .select([
      'l.id',
      'l.eventId',
      'l.to',
      'l.subject',
      'l.category',
      'l.status',
      'l.communicationId',
      'l.error',
      'l.queuedAt',
      'l.sentAt',
    ]);
  return scope.eventId === null ? q : q.where('l.eventId', '=', scope.eventId);
}
type EmailRow = Awaited<ReturnType<ReturnType<typeof emailSelect>['executeTakeFirstOrThrow']>>;

const toEntry = (r: EmailRow): EmailLogEntry => ({
  id: r.id,
  eventId: r.eventId,
  to: r.to,
  subject: r.subject,
  category: r.category,
  status: r.status,
  communicationId: r.communicationId,
  error: r.error,
  queuedAt: r.queuedAt.toISOString(),
  sentAt: r.sentAt ? r.sentAt.toISOString() : null,
});

export const emailLogList = defineList({
  query: emailLogListQuerySchema,
  select: emailSelect,
  record: toEntry,
  id: sql.ref('l.id'),
  fields: {
    to: { sql: sql.ref('l.to'), sortable: true, searchable: true, label: 'To' },
    subject: { sql: sql.ref('l.subject'), sortable: true, searchable: true, label: 'Subject' },
    category: { sql: sql.ref('l.category'), sortable: true, label: 'Category' },
    status: { sql: sql.ref('l.status'), sortable: true, label: 'Status' },
    error: { label: 'Error' },
    queuedAt: { sql: sql.ref('l.queuedAt'), sortable: true, label: 'Queued at' },
    sentAt: {
      sql: sql.ref('l.sentAt'),
      // Sorting needs a NOT NULL key: unsent rows sort as the oldest.
      sortable: sql`coalesce(l.sent_at, 'epoch'::timestamptz)`,
      label: 'Sent at',
    },
  },
  filters: {
    status: (v) => sql<SqlBool>`l.status = ANY(${sql.val(v)}::text[])`,
    category: (v) => sql<SqlBool>`l.category = ANY(${sql.val(v)}::text[])`,
    queuedAtFrom: (v) => sql<SqlBool>`l.queued_at >= ${v}`,
    queuedAtTo: (v) => sql<SqlBool>`l.queued_at <= ${v}`,
  },
  defaultSort: 'queuedAt:desc',
});

/** One e-mail with its bodies, within the scope (else undefined → 404). */
export async function findEmail(
  db: Db,
  scope: EmailLogScope,
  id: string,
): Promise<EmailLogDetail | undefined> {
  const row = await emailSelect(db, scope)
    .select(['l.text', 'l.html'])
    .where('l.id', '=', id)
    .executeTakeFirst();
  return row && { ...toEntry(row), text: row.text, html: row.html };
}
