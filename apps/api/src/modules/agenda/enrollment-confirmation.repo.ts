import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';

export interface PlaceNotice {
  sessionId: string;
  sessionName: string;
  startAt: Date;
  endAt: Date;
  locationName: string | null;
  eventId: string;
  eventName: string;
  timezone: string;
  participantId: string;
  userId: string;
  email: string;
  firstName: string;
  state: 'ENROLLED' | 'WAITLISTED';
}

/**
 * What the confirmation of a place says, while the participant holds it (else undefined). The row
 * is locked FOR SHARE until the caller's transaction ends, so a promotion of this place commits
 * after the confirmation is queued, never between reading it and queuing it.
 */
export async function placeNotice(
  db: Db,
  sessionId: string,
  participantId: string,
): Promise<PlaceNotice | undefined> {
  const { rows } = await sql<PlaceNotice>`
    SELECT s.id AS session_id, s.name AS session_name, s.start_at, s.end_at, l.name AS location_name,
      s.event_id, ev.name AS event_name, ev.timezone, p.id AS participant_id, p.user_id, p.email, p.first_name, e.state
    FROM enrollments e
    JOIN sessions s ON s.id = e.session_id
    JOIN events ev ON ev.id = s.event_id
    JOIN participants p ON p.id = e.participant_id
    LEFT JOIN locations l ON l.id = s.location_id
    WHERE e.session_id = ${sessionId} AND e.participant_id = ${participantId}
    FOR SHARE OF e`.execute(db);
  return rows[0];
}
