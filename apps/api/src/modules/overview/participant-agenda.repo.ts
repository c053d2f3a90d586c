import { sql } from 'kysely';
import type { ParticipantAgenda } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';

interface Row {
  kind: 'ENROLLED' | 'WAITLISTED' | 'CHECK_IN';
  sessionId: string;
  name: string;
  startAt: Date;
  endAt: Date;
  locationName: string | null;
  position: number | null;
  at: Date | null;
  method: 'QR' | 'ADMIN' | null;
}

/**
 * A participant's sessions (enrolled), waitlists (with the place in line, counted like the
 * agenda's waitlistPosition: by queue order) and check-ins, in one statement; undefined when the
 * participant is not one of the event's.
 */
export async function participantAgenda(
  db: Db,
  eventId: string,
  participantId: string,
): Promise<ParticipantAgenda | undefined> {
  const { rows } = await sql<Row & { found: boolean }>`
    WITH p AS (SELECT id FROM participants WHERE id = ${participantId} AND event_id = ${eventId}),
    x AS (
      SELECT en.state AS kind, s.id AS session_id, s.name, s.start_at, s.end_at, l.name AS location_name,
        CASE WHEN en.state = 'WAITLISTED' THEN (
          SELECT count(*)::int FROM enrollments w
          WHERE w.session_id = en.session_id AND w.state = 'WAITLISTED' AND w.queued_seq <= en.queued_seq
        ) END AS position,
        NULL::timestamptz AS at, NULL::text AS method
      FROM p JOIN enrollments en ON en.participant_id = p.id AND en.event_id = ${eventId}
      JOIN sessions s ON s.id = en.session_id LEFT JOIN locations l ON l.id = s.location_id
      UNION ALL
      SELECT 'CHECK_IN', s.id, s.name, s.start_at, s.end_at, l.name, NULL, ci.checked_in_at, ci.method
      FROM p JOIN session_check_ins ci ON ci.participant_id = p.id AND ci.event_id = ${eventId}
      JOIN sessions s ON s.id = ci.session_id LEFT JOIN locations l ON l.id = s.location_id
    )
    SELECT true AS found, x.* FROM p LEFT JOIN x ON true
    ORDER BY x.kind, coalesce(x.at, x.start_at) DESC NULLS LAST, x.name`.execute(db);
  if (rows.length === 0) return undefined;
  const agenda: ParticipantAgenda = { enrolled: [], waitlisted: [], checkIns: [] };
  for (const r of rows) {
    const entry = {
      sessionId: r.sessionId,
      name: r.name,
      startAt: r.startAt,
      endAt: r.endAt,
      locationName: r.locationName,
    };
    if (r.kind === 'ENROLLED') agenda.enrolled.push(entry);
    else if (r.kind === 'WAITLISTED') agenda.waitlisted.push({ ...entry, position: r.position ?? 1 });
    else if (r.kind === 'CHECK_IN' && r.at && r.method)
      agenda.checkIns.push({ sessionId: r.sessionId, name: r.name, checkedInAt: r.at, method: r.method });
  }
  // Sessions and waitlists read best in programme order; check-ins newest first.
  agenda.enrolled.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  agenda.waitlisted.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  return agenda;
}
