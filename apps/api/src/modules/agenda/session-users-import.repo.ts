import { sql } from 'kysely';
import { AGENDA_IMPORT_MESSAGES, AGENDA_MESSAGES } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { ImportContext } from '../../platform/import-tables/registry.js';
import { moveToErrors } from './agenda-import.repo.js';
import { effectiveCapacity } from './sessions.repo.js';

/** The statements of the SessionUser import table (session-users.import.ts). */

/** Effective capacity and the enrollable breakout of each session (as enrolling counts them). */
const SESSION_SEATS = sql`
  SELECT s.id, s.waitlist, s.enrolled_count, ${effectiveCapacity} AS cap,
    CASE WHEN b.enrollable THEN b.id END AS breakout_id
  FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id`;

/** Id and name of the event's sessions. */
export async function sessionNames(db: Db, eventId: string): Promise<Array<{ id: string; name: string }>> {
  const { rows } = await sql<{
    id: string;
    name: string;
  }>`SELECT id, name FROM sessions WHERE event_id = ${eventId}`.execute(db);
  return rows;
}

/** Of an enrollable breakout: another session already held, or an earlier row for another session of it. */
export async function refuseBreakoutHeld(db: Db, importId: string): Promise<void> {
  const pid = sql`(r.data->>'participantId')::uuid`;
  const sid = sql`(r.data->>'sessionId')::uuid`;
  const holds = sql`EXISTS (SELECT 1 FROM enrollments e WHERE e.session_id = ${sid} AND e.participant_id = ${pid})`;
  await moveToErrors(
    db,
    importId,
    sql`NOT ${holds} AND EXISTS (
        SELECT 1 FROM (${SESSION_SEATS}) me JOIN sessions other ON other.breakout_id = me.breakout_id AND other.id <> me.id
        WHERE me.id = ${sid} AND me.breakout_id IS NOT NULL AND (
          EXISTS (SELECT 1 FROM enrollments e WHERE e.session_id = other.id AND e.participant_id = ${pid})
          OR EXISTS (SELECT 1 FROM import_rows o WHERE o.import_id = r.import_id AND o.row_number < r.row_number
            AND o.data->>'participantId' = r.data->>'participantId' AND o.data->>'sessionId' = other.id::text)))`,
    'session',
    sql`${AGENDA_IMPORT_MESSAGES.breakoutHeld}`,
  );
}

/** Beyond the free seats of a session without a waitlist, in row order. */
export async function refuseBeyondFreeSeats(db: Db, importId: string): Promise<void> {
  await moveToErrors(
    db,
    importId,
    sql`r.row_number IN (
        SELECT n.row_number FROM (
          SELECT x.row_number, x.session_id, row_number() OVER (PARTITION BY x.session_id ORDER BY x.row_number) AS rank
          FROM (SELECT q.row_number, (q.data->>'sessionId')::uuid AS session_id, (q.data->>'participantId')::uuid AS participant_id
                FROM import_rows q WHERE q.import_id = ${importId}) x
          WHERE NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.session_id = x.session_id AND e.participant_id = x.participant_id)
        ) n JOIN (${SESSION_SEATS}) s ON s.id = n.session_id
        WHERE NOT s.waitlist AND s.cap IS NOT NULL AND n.rank > s.cap - s.enrolled_count)`,
    'session',
    sql`${AGENDA_MESSAGES.sessionFull}`,
  );
}

/** Locks the sessions the staged rows name (id order, as every import does), then their enrollable breakouts: enrolling locks a session, then its breakout. */
export async function lockStagedSessions(tx: Db, eventId: string, importId: string): Promise<void> {
  await sql`
      SELECT s.id FROM sessions s WHERE s.event_id = ${eventId}
        AND s.id IN (SELECT DISTINCT (data->>'sessionId')::uuid FROM import_rows WHERE import_id = ${importId})
      ORDER BY s.id FOR UPDATE`.execute(tx);
  await sql`
      SELECT b.id FROM breakouts b WHERE b.enrollable
        AND b.id IN (SELECT s.breakout_id FROM sessions s WHERE s.id IN (SELECT DISTINCT (data->>'sessionId')::uuid FROM import_rows WHERE import_id = ${importId}))
      ORDER BY b.id FOR UPDATE`.execute(tx);
}

/**
 * One statement: the staged rows' places (seats while there is room, in row order, then the
 * waitlist or nothing), the sessions' counts and the audit rows. Answers how many places were
 * created and in which sessions.
 */
export async function insertStagedEnrollments(
  tx: Db,
  eventId: string,
  importId: string,
  actor: ImportContext['actor'],
): Promise<{ created: number; sessionIds: string[] }> {
  const { rows } = await sql<{ created: number; sessionIds: string[] }>`
      WITH seats AS (${SESSION_SEATS} WHERE s.event_id = ${eventId}),
      src AS (
        SELECT r.row_number, (r.data->>'participantId')::uuid AS pid, (r.data->>'sessionId')::uuid AS sid FROM import_rows r
        WHERE r.import_id = ${importId}
          AND NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.session_id = (r.data->>'sessionId')::uuid AND e.participant_id = (r.data->>'participantId')::uuid)
      ),
      allowed AS (
        SELECT src.* FROM src JOIN seats me ON me.id = src.sid
        WHERE me.breakout_id IS NULL OR NOT EXISTS (
          SELECT 1 FROM enrollments e JOIN sessions other ON other.id = e.session_id
          WHERE e.participant_id = src.pid AND other.breakout_id = me.breakout_id AND other.id <> me.id)
      ),
      placed AS (
        SELECT a.*, row_number() OVER (PARTITION BY a.sid ORDER BY a.row_number) AS rank FROM allowed a
      ),
      states AS (
        SELECT p.pid, p.sid, p.rank,
          CASE WHEN s.cap IS NULL OR p.rank <= s.cap - s.enrolled_count THEN 'ENROLLED' WHEN s.waitlist THEN 'WAITLISTED' END AS state
        FROM placed p JOIN seats s ON s.id = p.sid
      ),
      ins AS (
        INSERT INTO enrollments (session_id, participant_id, event_id, state, created_at, updated_at, created_by)
        SELECT sid, pid, ${eventId}, state, clock_timestamp() + rank * interval '1 microsecond', now(), ${actor.actorId}::uuid
        FROM states WHERE state IS NOT NULL
        ORDER BY sid, rank -- the default queued_seq is taken as rows come: the waitlist keeps the file's order
        RETURNING session_id, participant_id, state
      ),
      counts AS (
        UPDATE sessions SET enrolled_count = enrolled_count + x.enrolled, waitlisted_count = waitlisted_count + x.waitlisted
        FROM (SELECT session_id, count(*) FILTER (WHERE state = 'ENROLLED')::int AS enrolled, count(*) FILTER (WHERE state = 'WAITLISTED')::int AS waitlisted
              FROM ins GROUP BY session_id) x
        WHERE sessions.id = x.session_id
      ),
      a AS (
        INSERT INTO audit_log (actor_id, impersonated_user_id, action, entity, entity_id, request_id)
        SELECT ${actor.actorId}::uuid, ${actor.impersonatedUserId}::uuid, 'create', 'enrollment', ins.session_id || ':' || ins.participant_id, ${actor.requestId} FROM ins
      )
      SELECT count(*)::int AS created, coalesce(jsonb_agg(DISTINCT ins.session_id), '[]') AS session_ids FROM ins`.execute(
    tx,
  );
  return rows[0]!;
}
