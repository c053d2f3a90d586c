import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/** The statements of photos.import.ts. */

/** Who imports (audit_log actor, updated_by). */
export interface PhotoImportActor {
  actorId: string;
  impersonatedUserId: string | null;
  requestId: string | null;
}

/** E-mails of the event's participants. */
export async function participantEmailsOf(db: Db, eventId: string): Promise<string[]> {
  const { rows } = await sql<{
    email: string;
  }>`SELECT email FROM participants WHERE event_id = ${eventId}`.execute(db);
  return rows.map((r) => r.email);
}

/**
 * Points the participants named by the staged rows (key = e-mail) at their staged `photoUrl`, with
 * an audit row each, in one statement; answers each one's photo before.
 */
export async function setStagedPhotos(
  tx: Db,
  eventId: string,
  importId: string,
  actor: PhotoImportActor,
): Promise<Array<{ id: string; oldUrl: string | null }>> {
  const { rows } = await sql<{ id: string; oldUrl: string | null }>`
      WITH w AS (
        UPDATE participants p SET photo_url = r.data->>'photoUrl', updated_at = now(), updated_by = ${actor.actorId}
        FROM import_rows r, participants o
        WHERE r.import_id = ${importId} AND p.event_id = ${eventId} AND p.email = r.key AND o.id = p.id
        RETURNING p.id, o.photo_url AS old_url
      ), a AS (
        INSERT INTO audit_log (actor_id, impersonated_user_id, action, entity, entity_id, request_id)
        SELECT ${actor.actorId}::uuid, ${actor.impersonatedUserId}::uuid, 'update', 'participant', w.id::text, ${actor.requestId} FROM w
      )
      SELECT id, old_url FROM w`.execute(tx);
  return rows;
}
