import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/** The statement of locations.import.ts. */

/** Who imports (audit_log actor, created_by, updated_by). */
export interface LocationImportActor {
  actorId: string;
  impersonatedUserId: string | null;
  requestId: string | null;
}

export interface LocationsWritten {
  created: number;
  updated: number;
  /** PDF maps the updated locations had before a row gave them a new one. */
  oldKeys: string[] | null;
}

/**
 * The staged rows (data: name, description?, mapLocationUrl?, pdfMapKey?) written in one statement:
 * a known name (any case) updates its location when the row changes something, a new one creates
 * one; an audit row each.
 */
export async function upsertStagedLocations(
  tx: Db,
  eventId: string,
  importId: string,
  actor: LocationImportActor,
): Promise<LocationsWritten> {
  const { rows } = await sql<LocationsWritten>`
      WITH src AS (
        SELECT r.data->>'name' AS name, r.data AS d FROM import_rows r WHERE r.import_id = ${importId}
      ), upd AS (
        UPDATE locations l SET
          description = coalesce(src.d->>'description', l.description),
          map_location_url = CASE WHEN src.d ? 'mapLocationUrl' THEN src.d->>'mapLocationUrl' ELSE l.map_location_url END,
          pdf_map_key = CASE WHEN src.d ? 'pdfMapKey' THEN src.d->>'pdfMapKey' ELSE l.pdf_map_key END,
          updated_by = ${actor.actorId}, updated_at = now()
        FROM src, locations o
        WHERE l.event_id = ${eventId} AND lower(l.name) = lower(src.name) AND o.id = l.id
          AND (src.d ? 'pdfMapKey'
            OR coalesce(src.d->>'description', o.description) IS DISTINCT FROM o.description
            OR coalesce(src.d->>'mapLocationUrl', o.map_location_url) IS DISTINCT FROM o.map_location_url)
        RETURNING l.id, CASE WHEN src.d ? 'pdfMapKey' THEN o.pdf_map_key END AS old_key
      ), ins AS (
        INSERT INTO locations (event_id, name, description, map_location_url, pdf_map_key, created_by, updated_by)
        SELECT ${eventId}, src.name, coalesce(src.d->>'description', ''), src.d->>'mapLocationUrl', src.d->>'pdfMapKey', ${actor.actorId}::uuid, ${actor.actorId}::uuid
        FROM src WHERE NOT EXISTS (SELECT 1 FROM locations l WHERE l.event_id = ${eventId} AND lower(l.name) = lower(src.name))
        RETURNING id
      ), a AS (
        INSERT INTO audit_log (actor_id, impersonated_user_id, action, entity, entity_id, request_id)
        SELECT ${actor.actorId}::uuid, ${actor.impersonatedUserId}::uuid, w.action, 'location', w.id::text, ${actor.requestId}
        FROM (SELECT 'update' AS action, id FROM upd UNION ALL SELECT 'create', id FROM ins) w
      )
      SELECT (SELECT count(*)::int FROM ins) AS created, (SELECT count(*)::int FROM upd) AS updated,
        (SELECT array_agg(old_key) FROM upd WHERE old_key IS NOT NULL) AS old_keys`.execute(tx);
  return rows[0]!;
}
