import { sql, type SqlBool } from 'kysely';
import { magicLinkListQuerySchema, type MagicLinkRecord } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';
import { NAME_COMPANY } from './participants.list.js';

const status = sql<
  MagicLinkRecord['status']
>`(CASE WHEN t.used_at IS NOT NULL THEN 'USED' WHEN t.expires_at <= now() THEN 'EXPIRED' ELSE 'ACTIVE' END)`;

/** `GET …/participants/magic-links`: the magic-links report of an event (scope = event id). */
export const magicLinkList = defineList({
  query: magicLinkListQuerySchema,
  select: (db: Db, eventId: string) =>
    db
      .selectFrom('magicLinks as m')
      .innerJoin('oneTimeTokens as t', 't.id', 'm.tokenId')
      .innerJoin('participants as p', 'p.id', 'm.participantId')
      .leftJoin('users as s', 's.id', 'm.sentBy')
      .select([
        'm.id',
        'm.participantId',
        'm.userId',
        'p.firstName',
        'p.lastName',
        'm.email',
        'm.sentAt',
        sql<string>`coalesce(trim(s.first_name || ' ' || s.last_name), '')`.as('sentBy'),
        't.expiresAt',
        't.usedAt',
        status.as('status'),
      ])
      .where('m.eventId', '=', eventId),
  record: (row): MagicLinkRecord => row,
  id: sql.ref('m.id'),
  fields: {
    firstName: {
      sql: sql.ref('p.firstName'),
      sortable: sql`lower(p.first_name)`,
      searchable: NAME_COMPANY,
      label: 'First name',
    },
    lastName: { sql: sql.ref('p.lastName'), sortable: sql`lower(p.last_name)`, label: 'Last name' },
    email: { sql: sql.ref('m.email'), sortable: true, searchable: true, label: 'E-mail' },
    sentAt: { sql: sql.ref('m.sentAt'), sortable: true, label: 'Sent at' },
    sentBy: { label: 'Sent by' },
    expiresAt: { sql: sql.ref('t.expiresAt'), sortable: true, label: 'Expires at' },
    usedAt: { label: 'Used at' },
    status: { label: 'Status' },
  },
  filters: {
    status: (values) => sql<SqlBool>`${status} = ANY(${values}::text[])`,
    participantId: (ids) => sql<SqlBool>`m.participant_id = ANY(${ids}::uuid[])`,
  },
  defaultSort: 'sentAt:desc',
});

export interface Recipient {
  participantId: string;
  userId: string;
  email: string;
  firstName: string;
}

export async function recipients(
  db: Db,
  eventId: string,
  participantIds: readonly string[],
): Promise<Recipient[]> {
  if (participantIds.length === 0) return [];
  const { rows } = await sql<Recipient>`
    SELECT id AS participant_id, user_id, email, first_name FROM participants
    WHERE event_id = ${eventId} AND id = ANY(${[...participantIds]}::uuid[])`.execute(db);
  return rows;
}

/**
 * One link per recipient, set-based: earlier links of the same people for this event that were
 * not used stop working, then the tokens (hashes only) and the report rows are written.
 */
export async function insertLinks(
  db: Db,
  eventId: string,
  links: ReadonlyArray<Recipient & { tokenHash: string }>,
  expiresAt: Date,
  sentBy: string,
): Promise<void> {
  if (links.length === 0) return;
  await sql`
    UPDATE one_time_tokens SET expires_at = now()
    WHERE purpose = 'magic-link' AND event_id = ${eventId} AND used_at IS NULL AND expires_at > now()
      AND user_id = ANY(${links.map((l) => l.userId)}::uuid[])`.execute(db);
  const json = JSON.stringify(
    links.map((l) => ({
      participant_id: l.participantId,
      user_id: l.userId,
      email: l.email,
      token_hash: l.tokenHash,
    })),
  );
  await sql`
    WITH x AS (SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS x(participant_id uuid, user_id uuid, email text, token_hash text)),
    t AS (
      INSERT INTO one_time_tokens (user_id, purpose, token_hash, event_id, expires_at)
      SELECT x.user_id, 'magic-link', x.token_hash, ${eventId}, ${expiresAt} FROM x
      RETURNING id, token_hash
    )
    INSERT INTO magic_links (event_id, participant_id, user_id, token_id, email, sent_by)
    SELECT ${eventId}, x.participant_id, x.user_id, t.id, x.email, ${sentBy} FROM x JOIN t ON t.token_hash = x.token_hash`.execute(
    db,
  );
}

/** Uses a valid magic link (single use): its user and event, or undefined. */
export async function consume(
  db: Db,
  tokenHash: string,
): Promise<{ userId: string; eventId: string } | undefined> {
  const { rows } = await sql<{ userId: string; eventId: string }>`
    UPDATE one_time_tokens SET used_at = now()
    WHERE token_hash = ${tokenHash} AND purpose = 'magic-link' AND used_at IS NULL AND expires_at > now() AND event_id IS NOT NULL
    RETURNING user_id, event_id`.execute(db);
  return rows[0];
}

export function findToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('oneTimeTokens')
    .select(['usedAt', 'expiresAt'])
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', 'magic-link')
    .executeTakeFirst();
}

export async function isParticipant(db: Db, eventId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('participants')
    .select('id')
    .where('eventId', '=', eventId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function auditSignIn(
  db: Db,
  values: { userId: string; sid: string; requestId: string },
): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      actorId: values.userId,
      action: 'sign-in.magic-link',
      entity: 'auth-session',
      entityId: values.sid,
      requestId: values.requestId,
    })
    .execute();
}
