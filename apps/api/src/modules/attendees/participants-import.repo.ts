import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/**
 * The statements of participants.import.ts: the rows to write as a subquery `source` of
 * `(email, first_name, …, bio, custom_fields)`, one per e-mail, then set-based writes from it that
 * each write their audit rows in the same statement (one round trip each, whatever the row count);
 * and the `User` import table's own reads (participants.import-table.ts).
 */

export interface UpsertActor {
  /** Who imports (audit_log.actor_id, updated_by). */
  actorId: string;
  impersonatedUserId?: string | null;
  requestId?: string | null;
}

/** A source row as upsertParticipants sends it (null where the row says nothing). */
export interface SourceRow {
  email: string;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  company: string | null;
  phone: string | null;
  bio: string | null;
  custom_fields: Record<string, unknown>;
}

export type WrittenRow = { email: string; participantId: string; userId: string };

/** `source` of rows given in the request (one JSON parameter). */
export function sourceOfRows(batch: readonly SourceRow[]): RawBuilder<unknown> {
  return sql`(SELECT x.email, x.first_name, x.last_name, x.job_title, x.company, x.phone, x.bio, x.custom_fields
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
      AS x(email text, first_name text, last_name text, job_title text, company text, phone text, bio text, custom_fields jsonb))`;
}

/** `source` of the rows staged for `importId` (import_rows: key = e-mail, data = a NormalisedParticipantRow). */
export function stagedSource(importId: string): RawBuilder<unknown> {
  return sql`(SELECT r.key AS email, r.data->>'firstName' AS first_name, r.data->>'lastName' AS last_name,
      r.data->>'jobTitle' AS job_title, r.data->>'company' AS company, r.data->>'phone' AS phone, r.data->>'bio' AS bio,
      r.data->'customFields' AS custom_fields
    FROM import_rows r WHERE r.import_id = ${importId})`;
}

/** The audit_log values of a written participant `w`. */
const auditRow = (actor: UpsertActor, action: 'create' | 'update') =>
  sql`${actor.actorId}::uuid, ${actor.impersonatedUserId ?? null}::uuid, ${action}, 'participant', w.participant_id::text, ${actor.requestId ?? null}`;

/** Participants of the event that exist and would change: fields given replace, custom fields merge. */
export async function updateParticipantsFrom(
  tx: Db,
  eventId: string,
  source: RawBuilder<unknown>,
  actor: UpsertActor,
): Promise<WrittenRow[]> {
  const { rows } = await sql<WrittenRow>`
    WITH w AS (
      UPDATE participants p SET
        first_name = coalesce(x.first_name, p.first_name),
        last_name = coalesce(x.last_name, p.last_name),
        job_title = coalesce(x.job_title, p.job_title),
        company = coalesce(x.company, p.company),
        phone = coalesce(x.phone, p.phone),
        bio = coalesce(x.bio, p.bio),
        custom_fields = jsonb_strip_nulls(p.custom_fields || coalesce(x.custom_fields, '{}'::jsonb)),
        updated_at = now(),
        updated_by = ${actor.actorId}
      FROM ${source} AS x
      WHERE p.event_id = ${eventId} AND p.email = x.email
        AND (ROW(coalesce(x.first_name, p.first_name), coalesce(x.last_name, p.last_name), coalesce(x.job_title, p.job_title),
                 coalesce(x.company, p.company), coalesce(x.phone, p.phone), coalesce(x.bio, p.bio),
                 jsonb_strip_nulls(p.custom_fields || coalesce(x.custom_fields, '{}'::jsonb)))
             IS DISTINCT FROM ROW(p.first_name, p.last_name, p.job_title, p.company, p.phone, p.bio, p.custom_fields))
      RETURNING x.email, p.id AS participant_id, p.user_id
    ), a AS (
      INSERT INTO audit_log (actor_id, impersonated_user_id, action, entity, entity_id, request_id) SELECT ${auditRow(actor, 'update')} FROM w
    )
    SELECT email, participant_id, user_id FROM w`.execute(tx);
  return rows;
}

/** The other rows' accounts join the event (profile from the row, else from the account); `outsideIds` are left out. */
export async function insertParticipantsFrom(
  tx: Db,
  eventId: string,
  source: RawBuilder<unknown>,
  actor: UpsertActor,
  outsideIds: readonly string[],
): Promise<WrittenRow[]> {
  const { rows } = await sql<WrittenRow>`
    WITH w AS (
      INSERT INTO participants (event_id, user_id, email, first_name, last_name, job_title, company, phone, bio, photo_url, custom_fields, updated_at, updated_by)
      SELECT ${eventId}::uuid, u.id, u.email, coalesce(x.first_name, u.first_name), coalesce(x.last_name, u.last_name),
             coalesce(x.job_title, ''), coalesce(x.company, ''), coalesce(x.phone, ''), coalesce(x.bio, ''), u.photo_url,
             jsonb_strip_nulls(coalesce(x.custom_fields, '{}'::jsonb)), now(), ${actor.actorId}
      FROM ${source} AS x
      JOIN users u ON u.email = x.email
      WHERE NOT EXISTS (SELECT 1 FROM participants e WHERE e.event_id = ${eventId} AND e.user_id = u.id)
        AND NOT (u.id = ANY(${outsideIds}::uuid[]))
      ON CONFLICT (event_id, user_id) DO NOTHING
      RETURNING email, id AS participant_id, user_id
    ), a AS (
      INSERT INTO audit_log (actor_id, impersonated_user_id, action, entity, entity_id, request_id) SELECT ${auditRow(actor, 'create')} FROM w
    )
    SELECT email, participant_id, user_id FROM w`.execute(tx);
  return rows;
}

/** Manual labels `label_ids` added to the event's participants by e-mail (labels of another event or rule labels ignored). */
export async function addManualLabelsByEmail(
  tx: Db,
  eventId: string,
  labelled: ReadonlyArray<{ email: string; label_ids: string[] }>,
): Promise<void> {
  await sql`
    INSERT INTO participant_labels (label_id, participant_id)
    SELECT l.id::uuid, p.id
    FROM jsonb_to_recordset(${JSON.stringify(labelled)}::jsonb) AS x(email text, label_ids jsonb)
    CROSS JOIN LATERAL jsonb_array_elements_text(x.label_ids) AS l(id)
    JOIN participants p ON p.event_id = ${eventId} AND p.email = x.email
    JOIN labels lb ON lb.id = l.id::uuid AND lb.event_id = ${eventId} AND lb.type = 'MANUAL'
    ON CONFLICT DO NOTHING`.execute(tx);
}

/** Whether the staged row's e-mail (`r.key`) is a participant of the event: a condition over `r`, an `import_rows` row. */
export function isParticipantOfEvent(eventId: string): RawBuilder<SqlBool> {
  return sql`EXISTS (SELECT 1 FROM participants p WHERE p.event_id = ${eventId} AND p.email = r.key)`;
}

/** Whether a custom field of the event changed after `verifiedAt` (the file's columns may have). */
export async function customFieldChangedSince(db: Db, eventId: string, verifiedAt: Date): Promise<boolean> {
  const changed = await db
    .selectFrom('customFields')
    .select('id')
    .where('eventId', '=', eventId)
    .where('updatedAt', '>', verifiedAt)
    .limit(1)
    .executeTakeFirst();
  return changed !== undefined;
}
