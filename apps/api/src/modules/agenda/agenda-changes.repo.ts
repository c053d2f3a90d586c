import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/** What a change touches; null lists touch nothing. */
export interface TouchedBy {
  all: boolean;
  locationIds: string[] | null;
  collectionIds: string[] | null;
  breakoutIds: string[] | null;
  materialIds: string[] | null;
}

/** The event's PUBLISHED sessions held at, grouped in, or linked to any of the given ids (all of them with `all`). */
export async function publishedSessionsTouched(db: Db, eventId: string, by: TouchedBy): Promise<string[]> {
  const none = sql`false`;
  const { locationIds, collectionIds, breakoutIds, materialIds } = by;
  const { rows } = await sql<{ id: string }>`
    SELECT s.id FROM sessions s
    WHERE s.event_id = ${eventId} AND s.status = 'PUBLISHED' AND (
      ${by.all ? sql`true` : none}
      OR ${locationIds ? sql`s.location_id = ANY(${locationIds}::uuid[])` : none}
      OR ${breakoutIds ? sql`s.breakout_id = ANY(${breakoutIds}::uuid[])` : none}
      OR ${collectionIds ? sql`EXISTS (SELECT 1 FROM session_collections sc WHERE sc.session_id = s.id AND sc.collection_id = ANY(${collectionIds}::uuid[]))` : none}
      OR ${materialIds ? sql`EXISTS (SELECT 1 FROM session_materials sm WHERE sm.session_id = s.id AND sm.material_id = ANY(${materialIds}::uuid[]))` : none})
    ORDER BY s.id`.execute(db);
  return rows.map((r) => r.id);
}
