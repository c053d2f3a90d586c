import { sql } from 'kysely';
import { CHAT_GROUP_CAP_DEFAULT, type ChatKind, type ChatSettings } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { visibleTo, type Viewer } from '../agenda/index.js';

/** Chat conversations, members and messages (migration 0021). */

export async function settingsOf(db: Db, eventId: string): Promise<ChatSettings> {
  const row = await db
    .selectFrom('chatSettings')
    .select(['enabled', 'sessionChats', 'groupMemberCap'])
    .where('eventId', '=', eventId)
    .executeTakeFirst();
  return row ?? { enabled: true, sessionChats: false, groupMemberCap: CHAT_GROUP_CAP_DEFAULT };
}

export async function saveSettings(db: Db, eventId: string, s: ChatSettings, userId: string): Promise<void> {
  await db
    .insertInto('chatSettings')
    .values({ eventId, ...s, updatedBy: userId })
    .onConflict((oc) =>
      oc.column('eventId').doUpdateSet({ ...s, updatedBy: userId, updatedAt: sql<Date>`now()` }),
    )
    .execute();
}

export async function isBlacklisted(db: Db, participantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('chatBlacklist')
    .select('participantId')
    .where('participantId', '=', participantId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface PersonRow {
  participantId: string;
  firstName: string;
  lastName: string;
  photoUrl: string | null;
  profileHidden: boolean;
  userId: string;
}

export async function personOf(
  db: Db,
  eventId: string,
  participantId: string,
): Promise<PersonRow | undefined> {
  return db
    .selectFrom('participants')
    .select(['id as participantId', 'firstName', 'lastName', 'photoUrl', 'profileHidden', 'userId'])
    .where('eventId', '=', eventId)
    .where('id', '=', participantId)
    .executeTakeFirst();
}

export async function peopleOf(db: Db, eventId: string, ids: string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('participants')
    .select(['id as participantId', 'firstName', 'lastName', 'photoUrl', 'profileHidden', 'userId'])
    .where('eventId', '=', eventId)
    .where('id', 'in', ids)
    .execute();
}

/** Pairs among `ids` and `who` where either blocked the other. */
export async function blockedAmong(db: Db, who: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('chatBlocks')
    .select(['blockerId', 'blockedId'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blockerId', '=', who), eb('blockedId', 'in', ids)]),
        eb.and([eb('blockedId', '=', who), eb('blockerId', 'in', ids)]),
      ]),
    )
    .execute();
  return rows.map((r) => (r.blockerId === who ? r.blockedId : r.blockerId));
}

export async function blacklistedAmong(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('chatBlacklist')
    .select('participantId')
    .where('participantId', 'in', ids)
    .execute();
  return rows.map((r) => r.participantId);
}

export interface ConversationRow {
  id: string;
  eventId: string;
  kind: ChatKind;
  name: string | null;
  sessionId: string | null;
  createdBy: string | null;
  lastSeq: number;
  lastMessageAt: Date | null;
  createdAt: Date;
}

const conversationColumns = [
  'c.id',
  'c.eventId',
  'c.kind',
  'c.name',
  'c.sessionId',
  'c.createdBy',
  'c.lastSeq',
  'c.lastMessageAt',
  'c.createdAt',
] as const;

export async function findConversation(
  db: Db,
  eventId: string,
  conversationId: string,
): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('chatConversations as c')
    .select(conversationColumns)
    .where('c.eventId', '=', eventId)
    .where('c.id', '=', conversationId)
    .executeTakeFirst();
}

/** The conversation's event (any tenant): the room check reads it. */
export async function conversationScope(db: Db, conversationId: string) {
  return db
    .selectFrom('chatConversations as c')
    .select(['c.id', 'c.eventId', 'c.kind', 'c.sessionId'])
    .where('c.id', '=', conversationId)
    .executeTakeFirst();
}

export async function membership(db: Db, conversationId: string, participantId: string) {
  return db
    .selectFrom('chatMembers')
    .select(['lastReadSeq', 'joinedAt'])
    .where('conversationId', '=', conversationId)
    .where('participantId', '=', participantId)
    .executeTakeFirst();
}

export async function memberIds(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('chatMembers')
    .select('participantId')
    .where('conversationId', '=', conversationId)
    .execute();
  return rows.map((r) => r.participantId);
}

/** Members with their user ids (for user-room notices). */
export async function memberUsers(db: Db, conversationId: string) {
  return db
    .selectFrom('chatMembers as m')
    .innerJoin('participants as p', 'p.id', 'm.participantId')
    .select(['m.participantId', 'p.userId', 'm.lastReadSeq'])
    .where('m.conversationId', '=', conversationId)
    .execute();
}

export async function membersOf(db: Db, conversationId: string, limit = 500): Promise<PersonRow[]> {
  return db
    .selectFrom('chatMembers as m')
    .innerJoin('participants as p', 'p.id', 'm.participantId')
    .select([
      'p.id as participantId',
      'p.firstName',
      'p.lastName',
      'p.photoUrl',
      'p.profileHidden',
      'p.userId',
    ])
    .where('m.conversationId', '=', conversationId)
    .orderBy('m.joinedAt')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** The 1:1 of a pair (found or created; the unique pair key settles races). */
export async function directConversation(
  tx: Db,
  eventId: string,
  me: string,
  other: string,
): Promise<{ id: string; created: boolean }> {
  const pairKey = [me, other].sort().join(':');
  const inserted = await tx
    .insertInto('chatConversations')
    .values({ eventId, kind: 'DIRECT', pairKey, createdBy: me })
    .onConflict((oc) => oc.columns(['eventId', 'pairKey']).where('pairKey', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  const id =
    inserted?.id ??
    (
      await tx
        .selectFrom('chatConversations')
        .select('id')
        .where('eventId', '=', eventId)
        .where('pairKey', '=', pairKey)
        .executeTakeFirstOrThrow()
    ).id;
  await addMembers(tx, eventId, id, [me, other]);
  return { id, created: inserted !== undefined };
}

export async function insertGroup(tx: Db, eventId: string, name: string, createdBy: string): Promise<string> {
  const row = await tx
    .insertInto('chatConversations')
    .values({ eventId, kind: 'GROUP', name, createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A session's chat (found or created). */
export async function sessionConversation(tx: Db, eventId: string, sessionId: string): Promise<string> {
  await tx
    .insertInto('chatConversations')
    .values({ eventId, kind: 'SESSION', sessionId })
    .onConflict((oc) => oc.column('sessionId').where('sessionId', 'is not', null).doNothing())
    .execute();
  const row = await tx
    .selectFrom('chatConversations')
    .select('id')
    .where('sessionId', '=', sessionId)
    .where('eventId', '=', eventId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds members (idempotent); a new member has read nothing. */
export async function addMembers(
  tx: Db,
  eventId: string,
  conversationId: string,
  ids: string[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .insertInto('chatMembers')
    .values(ids.map((participantId) => ({ conversationId, participantId, eventId })))
    .onConflict((oc) => oc.columns(['conversationId', 'participantId']).doNothing())
    .execute();
}

/** Locks the conversation row (member cap checks against concurrent adds). */
export async function lockConversation(tx: Db, conversationId: string): Promise<void> {
  await sql`SELECT id FROM chat_conversations WHERE id = ${conversationId} FOR UPDATE`.execute(tx);
}

export async function memberCount(tx: Db, conversationId: string): Promise<number> {
  const row = await tx
    .selectFrom('chatMembers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('conversationId', '=', conversationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface MessageRow {
  id: string;
  conversationId: string;
  seq: number;
  senderId: string | null;
  firstName: string | null;
  lastName: string | null;
  photoUrl: string | null;
  text: string;
  hidden: boolean;
  clientId: string | null;
  createdAt: Date;
}

const messageSelect = (db: Db) =>
  db
    .selectFrom('chatMessages as m')
    .leftJoin('participants as p', 'p.id', 'm.senderId')
    .select([
      'm.id',
      'm.conversationId',
      'm.seq',
      'm.senderId',
      'p.firstName',
      'p.lastName',
      'p.photoUrl',
      'm.text',
      'm.hidden',
      'm.clientId',
      'm.createdAt',
    ]);

export async function messageById(
  db: Db,
  eventId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  return messageSelect(db).where('m.eventId', '=', eventId).where('m.id', '=', messageId).executeTakeFirst();
}

export async function messageByClientId(
  db: Db,
  conversationId: string,
  senderId: string,
  clientId: string,
): Promise<MessageRow | undefined> {
  return messageSelect(db)
    .where('m.conversationId', '=', conversationId)
    .where('m.senderId', '=', senderId)
    .where('m.clientId', '=', clientId)
    .executeTakeFirst();
}

/**
 * Inserts a message with the next seq of its conversation: one statement that bumps the counter row
 * (which serialises concurrent senders on that row) and inserts with the value it returns.
 */
export async function insertMessage(
  tx: Db,
  m: { conversationId: string; senderId: string; text: string; clientId: string | null },
): Promise<{ id: string; seq: number; createdAt: Date }> {
  const { rows } = await sql<{ id: string; seq: number; createdAt: Date }>`
    WITH c AS (
      UPDATE chat_conversations SET last_seq = last_seq + 1, last_message_at = now(), updated_at = now()
      WHERE id = ${m.conversationId}
      RETURNING id, event_id, last_seq
    )
    INSERT INTO chat_messages (conversation_id, event_id, seq, sender_id, text, client_id)
    SELECT c.id, c.event_id, c.last_seq, ${m.senderId}, ${m.text}, ${m.clientId} FROM c
    RETURNING id, seq, created_at`.execute(tx);
  return rows[0]!;
}

/** The sender has read their own message (the pointer never moves back). */
export async function markRead(
  tx: Db,
  conversationId: string,
  participantId: string,
  seq: number,
): Promise<number> {
  const row = await tx
    .updateTable('chatMembers')
    .set({
      lastReadSeq: sql<number>`GREATEST(last_read_seq, LEAST(${seq}::int, (SELECT last_seq FROM chat_conversations WHERE id = ${conversationId})))`,
    })
    .where('conversationId', '=', conversationId)
    .where('participantId', '=', participantId)
    .returning('lastReadSeq')
    .executeTakeFirst();
  return row?.lastReadSeq ?? 0;
}

/** Messages after `after` (ascending) or the newest before `before` (returned ascending). */
export async function messagesOf(
  db: Db,
  conversationId: string,
  q: { after?: number | undefined; before?: number | undefined; limit: number },
): Promise<{ rows: MessageRow[]; more: boolean }> {
  let query = messageSelect(db).where('m.conversationId', '=', conversationId);
  if (q.after !== undefined) query = query.where('m.seq', '>', q.after);
  if (q.before !== undefined) query = query.where('m.seq', '<', q.before);
  const ascending = q.after !== undefined;
  const rows = await query
    .orderBy('m.seq', ascending ? 'asc' : 'desc')
    .limit(q.limit + 1)
    .execute();
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  return { rows: ascending ? page : page.reverse(), more };
}

export interface ConversationListRow extends ConversationRow {
  lastReadSeq: number;
  memberCount: number;
  otherId: string | null;
  otherFirstName: string | null;
  otherLastName: string | null;
  otherPhotoUrl: string | null;
  sessionName: string | null;
  total: number;
}

/** The caller's conversations, newest activity first, with unread counts and the other person of a 1:1. */
export async function conversationsOf(
  db: Db,
  eventId: string,
  participantId: string,
  page: { offset: number; limit: number },
  only?: string,
): Promise<ConversationListRow[]> {
  const { rows } = await sql<ConversationListRow>`
    SELECT c.id, c.event_id, c.kind, c.name, c.session_id, c.created_by, c.last_seq, c.last_message_at, c.created_at,
      me.last_read_seq,
      (SELECT count(*)::int FROM chat_members mc WHERE mc.conversation_id = c.id) AS member_count,
      o.id AS other_id, o.first_name AS other_first_name, o.last_name AS other_last_name, o.photo_url AS other_photo_url,
      s.name AS session_name,
      count(*) OVER ()::int AS total
    FROM chat_members me
    JOIN chat_conversations c ON c.id = me.conversation_id
    LEFT JOIN LATERAL (
      SELECT p.id, p.first_name, p.last_name, p.photo_url FROM chat_members om JOIN participants p ON p.id = om.participant_id
      WHERE c.kind = 'DIRECT' AND om.conversation_id = c.id AND om.participant_id <> ${participantId} LIMIT 1
    ) o ON true
    LEFT JOIN sessions s ON s.id = c.session_id
    WHERE me.participant_id = ${participantId} AND c.event_id = ${eventId}
      ${only ? sql`AND c.id = ${only}` : sql``}
    ORDER BY COALESCE(c.last_message_at, c.created_at) DESC, c.id
    OFFSET ${page.offset} LIMIT ${page.limit}`.execute(db);
  return rows;
}

/** Last message of each conversation. */
export async function lastMessages(
  db: Db,
  conversations: { id: string; lastSeq: number }[],
): Promise<MessageRow[]> {
  const wanted = conversations.filter((c) => c.lastSeq > 0);
  if (wanted.length === 0) return [];
  return messageSelect(db)
    .where((eb) =>
      eb.or(wanted.map((c) => eb.and([eb('m.conversationId', '=', c.id), eb('m.seq', '=', c.lastSeq)]))),
    )
    .execute();
}

export async function totalUnread(db: Db, eventId: string, participantId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT COALESCE(sum(c.last_seq - me.last_read_seq), 0)::int AS n
    FROM chat_members me JOIN chat_conversations c ON c.id = me.conversation_id
    WHERE me.participant_id = ${participantId} AND c.event_id = ${eventId}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The session, when the participant sees it on their agenda (with its name). */
export async function visibleSession(
  db: Db,
  eventId: string,
  sessionId: string,
  viewer: Viewer,
): Promise<{ id: string; name: string } | undefined> {
  const { rows } = await sql<{ id: string; name: string }>`
    SELECT s.id, s.name FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id
    WHERE s.event_id = ${eventId} AND s.id = ${sessionId} AND ${visibleTo(viewer)}`.execute(db);
  return rows[0];
}

export async function sessionExists(db: Db, eventId: string, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('eventId', '=', eventId)
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined;
}
