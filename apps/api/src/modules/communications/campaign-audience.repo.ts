import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { CustomFieldDef } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { CommunicationAudienceJson } from '../../platform/db/schema.js';
import { audienceCondition } from '../agenda/index.js';

/**
 * "Participant p is in the campaign's audience", over `participants p` (the caller scopes p to the
 * event): the agenda's audiences (EVERYONE, LABELS, RULES) plus SESSIONS (ENROLLED in any of the
 * sessions; waitlisted people are not) and PEOPLE (the chosen participants).
 */
export function campaignAudienceCondition(
  a: CommunicationAudienceJson,
  fields: readonly CustomFieldDef[],
): RawBuilder<SqlBool> {
  if (a.type === 'SESSIONS')
    return sql<SqlBool>`EXISTS (SELECT 1 FROM enrollments e WHERE e.participant_id = p.id
      AND e.session_id = ANY(${a.sessionIds}::uuid[]) AND e.state = 'ENROLLED')`;
  if (a.type === 'PEOPLE') return sql<SqlBool>`p.id = ANY(${a.participantIds}::uuid[])`;
  return audienceCondition({ type: a.type, labelIds: a.labelIds, rules: a.rules as never }, fields);
}

export async function countCampaignAudience(
  db: Db,
  eventId: string,
  cond: RawBuilder<SqlBool>,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM participants p WHERE p.event_id = ${eventId} AND ${cond}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The first recipient (by last name, first name) or the chosen one when they are in the event. */
export async function previewRecipient(
  db: Db,
  eventId: string,
  cond: RawBuilder<SqlBool>,
  participantId: string | null,
): Promise<{ id: string; firstName: string; lastName: string; email: string } | undefined> {
  const { rows } = await sql<{ id: string; firstName: string; lastName: string; email: string }>`
    SELECT p.id, p.first_name AS "firstName", p.last_name AS "lastName", p.email
    FROM participants p
    WHERE p.event_id = ${eventId} AND ${participantId === null ? cond : sql`p.id = ${participantId}`}
    ORDER BY lower(p.last_name), lower(p.first_name), p.id LIMIT 1`.execute(db);
  return rows[0];
}

/** Ids among `ids` that are the event's (sessions or participants). */
export async function idsOfEvent(
  db: Db,
  table: 'sessions' | 'participants',
  eventId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('eventId', '=', eventId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Materialises the recipients when sending starts: one row per participant in the audience and
 * channel, in one INSERT … SELECT, with the per-recipient substitutions (`vars`). Idempotent
 * (ON CONFLICT DO NOTHING on the dedup key). Answers the number of distinct participants.
 */
export async function materialiseRecipients(
  db: Db,
  c: { id: string; eventId: string; channels: string[] },
  cond: RawBuilder<SqlBool>,
): Promise<number> {
  await sql`
    INSERT INTO communication_recipients (communication_id, event_id, participant_id, channel, email, vars)
    SELECT ${c.id}, p.event_id, p.id, ch.channel, p.email,
      jsonb_build_object('firstName', p.first_name, 'lastName', p.last_name)
    FROM participants p CROSS JOIN unnest(${c.channels}::text[]) AS ch(channel)
    WHERE p.event_id = ${c.eventId} AND ${cond}
    ON CONFLICT (communication_id, participant_id, channel) DO NOTHING`.execute(db);
  const { rows } = await sql<{ n: number }>`
    SELECT count(DISTINCT participant_id)::int AS n FROM communication_recipients WHERE communication_id = ${c.id}`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** Participants (id, user) of a communication's recipients, for the inbox items. */
export async function recipientParticipants(
  db: Db,
  communicationId: string,
): Promise<Array<{ participantId: string; userId: string; vars: Record<string, string> }>> {
  const { rows } = await sql<{ participantId: string; userId: string; vars: Record<string, string> }>`
    SELECT DISTINCT ON (r.participant_id) r.participant_id AS "participantId", p.user_id AS "userId", r.vars
    FROM communication_recipients r JOIN participants p ON p.id = r.participant_id
    WHERE r.communication_id = ${communicationId}
    ORDER BY r.participant_id`.execute(db);
  return rows;
}
