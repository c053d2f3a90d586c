import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/** The SQL of audiences (`{ type, labelIds, rules }` jsonb on sessions, breakouts, collections). */

export interface LabelRef {
  id: string;
  name: string;
  color: string;
}

/** Labels of the event among `ids` (unknown and other events' ids are left out). */
export async function labelsOf(db: Db, eventId: string, ids: readonly string[]): Promise<LabelRef[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('labels')
    .select(['id', 'name', 'color'])
    .where('eventId', '=', eventId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Participants of the event for whom `condition` (over `participants p`) holds. */
export async function countParticipants(
  db: Db,
  eventId: string,
  condition: RawBuilder<SqlBool>,
): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM participants p WHERE p.event_id = ${eventId} AND ${condition}`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** Holders of any of `labelIds`, as a condition over `participants p`. */
export const holdsAnyLabel = (labelIds: readonly string[]): RawBuilder<SqlBool> =>
  labelIds.length === 0
    ? sql<SqlBool>`false`
    : sql<SqlBool>`EXISTS (SELECT 1 FROM participant_labels pl WHERE pl.participant_id = p.id AND pl.label_id = ANY(${[...labelIds]}::uuid[]))`;

/** The viewer's labels (text, for `?|` against an audience's labelIds). */
export async function labelIdsOfParticipant(db: Db, participantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('participantLabels')
    .select('labelId')
    .where('participantId', '=', participantId)
    .execute();
  return rows.map((r) => r.labelId);
}

/**
 * Distinct rule sets of the event's RULES audiences (sessions, breakouts, collections), keyed by
 * md5 of their jsonb text (jsonb prints canonically, so equal rule sets have one key). A subquery
 * with columns `key`, `rules`.
 */
export const ruleSetsOf = (eventId: string) => sql<{ key: string; rules: unknown }>`(
    SELECT DISTINCT ON (key) key, rules FROM (
      SELECT md5((audience->'rules')::text) AS key, audience->'rules' AS rules FROM sessions WHERE event_id = ${eventId} AND audience->>'type' = 'RULES'
      UNION ALL
      SELECT md5((audience->'rules')::text), audience->'rules' FROM breakouts WHERE event_id = ${eventId} AND audience->>'type' = 'RULES'
      UNION ALL
      SELECT md5((audience->'rules')::text), audience->'rules' FROM collections WHERE event_id = ${eventId} AND audience->>'type' = 'RULES'
      UNION ALL
      SELECT md5((audience->'rules')::text), audience->'rules' FROM engagement_tools WHERE event_id = ${eventId} AND audience->>'type' = 'RULES'
    ) r)`;

export async function ruleAudiencesOfEvent(
  db: Db,
  eventId: string,
): Promise<Array<{ key: string; rules: unknown }>> {
  const { rows } = await sql<{
    key: string;
    rules: unknown;
  }>`SELECT key, rules FROM ${ruleSetsOf(eventId)} rs`.execute(db);
  return rows;
}

/** Which of `conditions` (over `participants p`) hold for one participant: one statement. */
export async function conditionsHolding(
  db: Db,
  participantId: string,
  conditions: readonly RawBuilder<SqlBool>[],
): Promise<boolean[]> {
  if (conditions.length === 0) return [];
  const { rows } = await sql<Record<string, boolean>>`
    SELECT ${sql.join(conditions.map((c, i) => sql`(${c}) AS ${sql.id(`c${i}`)}`))} FROM participants p WHERE p.id = ${participantId}`.execute(
    db,
  );
  const row = rows[0];
  return conditions.map((_, i) => row?.[`c${i}`] === true);
}

/** The event's labels with their member counts, by name. */
export async function labelsWithCounts(
  db: Db,
  eventId: string,
): Promise<(LabelRef & { memberCount: number })[]> {
  return db
    .selectFrom('labels as l')
    .select([
      'l.id',
      'l.name',
      'l.color',
      sql<number>`(SELECT count(*)::int FROM participant_labels pl WHERE pl.label_id = l.id)`.as(
        'memberCount',
      ),
    ])
    .where('l.eventId', '=', eventId)
    .orderBy(sql`lower(l.name)`)
    .orderBy('l.id')
    .execute();
}
