import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/** The SQL of the Communication import table (communications.import.ts). */

/** The event's labels by lower-case name (first one per name) and its time zone. */
export async function importContextOf(
  db: Db,
  eventId: string,
): Promise<{ labels: Map<string, string>; timezone: string; organizationId: string }> {
  const [labels, event] = await Promise.all([
    db
      .selectFrom('labels')
      .select(['id', 'name'])
      .where('eventId', '=', eventId)
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('events')
      .select(['timezone', 'organizationId'])
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow(),
  ]);
  const byName = new Map<string, string>();
  for (const l of labels) if (!byName.has(l.name.toLowerCase())) byName.set(l.name.toLowerCase(), l.id);
  return { labels: byName, timezone: event.timezone, organizationId: event.organizationId };
}

/**
 * One statement: a SCHEDULED communication per staged row (labels deleted since verify are left
 * out of the audience; a row whose labels are all gone is sent to nobody and fails at its time).
 */
export async function insertStagedCommunications(
  tx: Db,
  eventId: string,
  importId: string,
  actorId: string,
  origin: string,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    WITH ins AS (
      INSERT INTO communications (event_id, channels, subject, body, audience, schedule, send_date, send_time,
        scheduled_at, status, origin, created_by, created_at)
      SELECT ${eventId}, ARRAY(SELECT jsonb_array_elements_text(r.data->'channels')), r.data->>'subject', r.data->>'body',
        jsonb_build_object('type', r.data->>'audienceType', 'labelIds', r.data->'labelIds', 'rules', '[]'::jsonb,
          'sessionIds', '[]'::jsonb, 'participantIds', '[]'::jsonb),
        'DATE_AND_TIME', r.data->>'sendDate', r.data->>'sendTime', (r.data->>'scheduledAt')::timestamptz,
        'SCHEDULED', ${origin}, ${actorId}::uuid, date_trunc('milliseconds', clock_timestamp())
      FROM import_rows r WHERE r.import_id = ${importId}
      ORDER BY r.row_number
      RETURNING id)
    SELECT count(*)::int AS n FROM ins`.execute(tx);
  return rows[0]?.n ?? 0;
}
