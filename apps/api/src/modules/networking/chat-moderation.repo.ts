import { sql, type SqlBool } from 'kysely';
import {
  chatBlacklistQuerySchema,
  chatParticipantsQuerySchema,
  chatReportListQuerySchema,
  type BlacklistEntry,
  type ChatPerson,
  type ChatReport,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';

/** Blocks, the blacklist, reports and whom one may message (migration 0021). */

export async function setBlock(db: Db, eventId: string, blockerId: string, blockedId: string, on: boolean) {
  if (on)
    await db
      .insertInto('chatBlocks')
      .values({ eventId, blockerId, blockedId })
      .onConflict((oc) => oc.columns(['blockerId', 'blockedId']).doNothing())
      .execute();
  else
    await db
      .deleteFrom('chatBlocks')
      .where('blockerId', '=', blockerId)
      .where('blockedId', '=', blockedId)
      .execute();
}

export async function blocksOf(db: Db, blockerId: string): Promise<ChatPerson[]> {
  return db
    .selectFrom('chatBlocks as b')
    .innerJoin('participants as p', 'p.id', 'b.blockedId')
    .select(['p.id as participantId', 'p.firstName', 'p.lastName', 'p.photoUrl'])
    .where('b.blockerId', '=', blockerId)
    .orderBy('b.createdAt', 'desc')
    .limit(1000)
    .execute();
}

export async function setBlacklisted(
  db: Db,
  eventId: string,
  participantId: string,
  on: boolean,
  by: string,
) {
  if (on)
    await db
      .insertInto('chatBlacklist')
      .values({ eventId, participantId, createdBy: by })
      .onConflict((oc) => oc.column('participantId').doNothing())
      .execute();
  else await db.deleteFrom('chatBlacklist').where('participantId', '=', participantId).execute();
}

export async function insertReport(
  db: Db,
  r: { messageId: string; eventId: string; reporterId: string; reason: string },
): Promise<{ id: string } | undefined> {
  return db
    .insertInto('chatReports')
    .values(r)
    .onConflict((oc) => oc.columns(['messageId', 'reporterId']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function findReport(db: Db, eventId: string, reportId: string) {
  return db
    .selectFrom('chatReports as r')
    .innerJoin('chatMessages as m', 'm.id', 'r.messageId')
    .select(['r.id', 'r.messageId', 'r.status', 'm.conversationId', 'm.seq'])
    .where('r.eventId', '=', eventId)
    .where('r.id', '=', reportId)
    .executeTakeFirst();
}

/** Hides a message and closes every open report of it. */
export async function hideMessage(tx: Db, messageId: string, by: string): Promise<void> {
  await tx
    .updateTable('chatMessages')
    .set({ hidden: true, hiddenBy: by, hiddenAt: sql<Date>`now()` })
    .where('id', '=', messageId)
    .execute();
  await tx
    .updateTable('chatReports')
    .set({ status: 'HIDDEN', resolvedBy: by, resolvedAt: sql<Date>`now()` })
    .where('messageId', '=', messageId)
    .where('status', '=', 'OPEN')
    .execute();
}

export async function dismissReport(tx: Db, reportId: string, by: string): Promise<void> {
  await tx
    .updateTable('chatReports')
    .set({ status: 'DISMISSED', resolvedBy: by, resolvedAt: sql<Date>`now()` })
    .where('id', '=', reportId)
    .execute();
}

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** `GET …/chat/reports`: reported messages, newest first. */
export const chatReportList = defineList({
  query: chatReportListQuerySchema,
  select: (db: Db, eventId: string) =>
    db
      .selectFrom('chatReports as r')
      .innerJoin('chatMessages as m', 'm.id', 'r.messageId')
      .innerJoin('participants as rp', 'rp.id', 'r.reporterId')
      .leftJoin('participants as sp', 'sp.id', 'm.senderId')
      .select([
        'r.id',
        'r.messageId',
        'm.conversationId',
        'm.text',
        'm.hidden',
        'm.senderId',
        'sp.firstName as senderFirstName',
        'sp.lastName as senderLastName',
        'rp.firstName as reporterFirstName',
        'rp.lastName as reporterLastName',
        'r.reason',
        'r.status',
        'r.createdAt',
      ])
      .where('r.eventId', '=', eventId),
  record: (row): ChatReport => ({
    id: row.id,
    messageId: row.messageId,
    conversationId: row.conversationId,
    messageText: row.text,
    messageHidden: row.hidden,
    senderName: fullName(row.senderFirstName, row.senderLastName),
    senderParticipantId: row.senderId,
    reporterName: fullName(row.reporterFirstName, row.reporterLastName),
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt,
  }),
  id: sql.ref('r.id'),
  fields: {
    createdAt: { sql: sql.ref('r.createdAt'), sortable: true, label: 'Reported at' },
    status: { sql: sql.ref('r.status'), sortable: true, label: 'Status' },
    reason: { sql: sql.ref('r.reason'), searchable: true, label: 'Reason' },
    messageText: { sql: sql.ref('m.text'), searchable: true, label: 'Message' },
  },
  filters: { status: (status) => sql<SqlBool>`r.status = ${status}` },
  defaultSort: 'createdAt:desc',
});

/** `GET …/chat/blacklist`. */
export const chatBlacklistList = defineList({
  query: chatBlacklistQuerySchema,
  select: (db: Db, eventId: string) =>
    db
      .selectFrom('chatBlacklist as x')
      .innerJoin('participants as p', 'p.id', 'x.participantId')
      .select(['p.id', 'p.firstName', 'p.lastName', 'p.email', 'x.createdAt'])
      .where('x.eventId', '=', eventId),
  record: (row): BlacklistEntry => ({
    participantId: row.id,
    name: fullName(row.firstName, row.lastName),
    email: row.email,
    createdAt: row.createdAt,
  }),
  id: sql.ref('p.id'),
  fields: {
    name: {
      sql: sql`(p.first_name || ' ' || p.last_name)`,
      sortable: sql`lower(p.last_name || ' ' || p.first_name)`,
      searchable: true,
      label: 'Name',
    },
    email: { sql: sql.ref('p.email'), sortable: true, searchable: true, label: 'E-mail' },
    createdAt: { sql: sql.ref('x.createdAt'), sortable: true, label: 'Blacklisted at' },
  },
  filters: {},
  defaultSort: 'createdAt:desc',
});

/** Whom the caller may message: participants, not hidden, not blacklisted, not blocked either way, not the caller. */
export interface ChatPartnerScope {
  eventId: string;
  /** The caller's participant id, or null for staff who do not take part. */
  participantId: string | null;
  userId: string;
}

export const chatPartnerList = defineList({
  query: chatParticipantsQuerySchema,
  select: (db: Db, scope: ChatPartnerScope) =>
    db
      .selectFrom('participants as p')
      .select(['p.id as participantId', 'p.firstName', 'p.lastName', 'p.photoUrl'])
      .where('p.eventId', '=', scope.eventId)
      .where('p.userId', '<>', scope.userId)
      .where('p.profileHidden', '=', false)
      .where(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM chat_blacklist x WHERE x.participant_id = p.id)`)
      .$if(scope.participantId !== null, (qb) =>
        qb.where(
          sql<SqlBool>`NOT EXISTS (SELECT 1 FROM chat_blocks k WHERE (k.blocker_id = ${scope.participantId} AND k.blocked_id = p.id)
            OR (k.blocked_id = ${scope.participantId} AND k.blocker_id = p.id))`,
        ),
      ),
  record: (row): ChatPerson => row,
  id: sql.ref('p.id'),
  fields: {
    firstName: {
      sql: sql.ref('p.firstName'),
      sortable: sql`lower(p.first_name)`,
      searchable: sql`(p.first_name || ' ' || p.last_name || ' ' || p.company)`,
    },
    lastName: { sql: sql.ref('p.lastName'), sortable: sql`lower(p.last_name)` },
  },
  filters: {},
  defaultSort: 'lastName:asc',
});
