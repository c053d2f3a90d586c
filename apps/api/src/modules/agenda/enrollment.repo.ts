import { sql } from 'kysely';
import type { EnrollmentState } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AudienceJson } from '../../platform/db/schema.js';
import { keyedEventInsert, type KeyedEvent } from '../../platform/domain-events.repo.js';
import type { Viewer } from './audience.js';
import { effectiveAudience } from './sessions.repo.js';
import { visibleTo } from './visibility.repo.js';

/**
 * Seats under concurrency. Every change to a session's enrollments runs in a transaction that
 * first locks the session row (`lockSession`, SELECT … FOR UPDATE) and, when the session is in an
 * enrollable breakout, then the breakout row (`lockBreakout`) — always in that order, so two
 * transactions never wait on each other crosswise. Holding the session lock, the counts on the
 * row are exact: `enrolled_count` / `waitlisted_count` / `attended_count` change in the same
 * transaction as the rows they count. Waitlist order is `queued_seq` (a sequence, taken under the
 * lock as the row is inserted — so strictly the order in which places were granted, a batch in the
 * order given); leaving and joining again is a new row at the end.
 */

export interface LockedSession {
  id: string;
  eventId: string;
  name: string;
  status: 'DRAFT' | 'PUBLISHED';
  accessControl: 'OPEN' | 'ENROLLED_ONLY';
  startAt: Date;
  endAt: Date;
  breakoutId: string | null;
  breakoutEnrollable: boolean;
  /** Effective: the breakout's when it is enrollable. */
  capacity: number | null;
  /** The session's own capacity (what the form edits). */
  ownCapacity: number | null;
  enrollable: boolean;
  waitlist: boolean;
  audience: AudienceJson;
  enrolledCount: number;
  waitlistedCount: number;
}

/** Locks the session row of the event (undefined: no such session in the event). */
export async function lockSession(
  db: Db,
  eventId: string,
  sessionId: string,
): Promise<LockedSession | undefined> {
  const { rows } = await sql<LockedSession>`
    SELECT s.id, s.event_id, s.name, s.status, s.access_control, s.start_at, s.end_at, s.breakout_id,
      coalesce(b.enrollable, false) AS breakout_enrollable,
      CASE WHEN b.enrollable THEN b.capacity ELSE s.capacity END AS capacity, s.capacity AS own_capacity,
      (s.enrollable OR coalesce(b.enrollable, false)) AS enrollable,
      s.waitlist,
      CASE WHEN b.enrollable THEN b.audience ELSE s.audience END AS audience,
      s.enrolled_count, s.waitlisted_count
    FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id
    WHERE s.event_id = ${eventId} AND s.id = ${sessionId}
    FOR UPDATE OF s`.execute(db);
  return rows[0];
}

export async function lockBreakout(db: Db, breakoutId: string): Promise<void> {
  await sql`SELECT id FROM breakouts WHERE id = ${breakoutId} FOR UPDATE`.execute(db);
}

/**
 * Locks, in id order, the sessions of the event where the participant holds a place or checked in;
 * answers them with their enrollable breakout (null when the breakout is not enrollable).
 */
export async function lockSessionsHeldBy(
  db: Db,
  eventId: string,
  participantId: string,
): Promise<Array<{ id: string; enrollableBreakoutId: string | null }>> {
  const { rows } = await sql<{ id: string; enrollableBreakoutId: string | null }>`
    SELECT s.id, CASE WHEN b.enrollable THEN b.id END AS enrollable_breakout_id
    FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id
    WHERE s.event_id = ${eventId} AND (
      EXISTS (SELECT 1 FROM enrollments e WHERE e.session_id = s.id AND e.participant_id = ${participantId})
      OR EXISTS (SELECT 1 FROM session_check_ins c WHERE c.session_id = s.id AND c.participant_id = ${participantId}))
    ORDER BY s.id
    FOR UPDATE OF s`.execute(db);
  return rows;
}

/**
 * The ids of the event's sessions where the participant holds a place or checked in, without
 * locking: read after `lockParticipantForRemoval`, it is the final set (see places.service.ts).
 */
export async function sessionIdsHeldBy(db: Db, eventId: string, participantId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT e.session_id AS id FROM enrollments e WHERE e.event_id = ${eventId} AND e.participant_id = ${participantId}
    UNION SELECT c.session_id FROM session_check_ins c WHERE c.event_id = ${eventId} AND c.participant_id = ${participantId}`.execute(
    db,
  );
  return rows.map((r) => r.id);
}

/**
 * Locks the participant row FOR UPDATE before it is deleted (answers whether it is there). Taken
 * after the sessions and breakouts: a new place or check-in of theirs (its foreign key takes FOR
 * KEY SHARE on the row) can not commit any more once this returns.
 */
export async function lockParticipantForRemoval(
  db: Db,
  eventId: string,
  participantId: string,
): Promise<boolean> {
  const { rows } =
    await sql`SELECT id FROM participants WHERE event_id = ${eventId} AND id = ${participantId} FOR UPDATE`.execute(
      db,
    );
  return rows.length > 0;
}

/**
 * Locks the event's participants among `ids` FOR KEY SHARE (id order), after the session (and
 * breakout) locks, and answers those still there: a place is written only for a participant that
 * exists until the commit — one removed meanwhile is refused instead of failing on the foreign key.
 */
export async function lockParticipantsToPlace(
  db: Db,
  eventId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM participants WHERE event_id = ${eventId} AND id = ANY(${[...new Set(ids)]}::uuid[]) ORDER BY id FOR KEY SHARE`.execute(
    db,
  );
  return new Set(rows.map((r) => r.id));
}

/** Removes the participant's check-in of a locked session and lowers its attended count; answers whether there was one. */
export async function removeCheckIn(db: Db, sessionId: string, participantId: string): Promise<boolean> {
  const { rows } = await sql<{ sessionId: string }>`
    DELETE FROM session_check_ins WHERE session_id = ${sessionId} AND participant_id = ${participantId} RETURNING session_id`.execute(
    db,
  );
  if (rows.length > 0) await addToCounts(db, sessionId, 0, 0, -rows.length);
  return rows.length > 0;
}

/** Whether someone holding one of `sessionIds` holds two or more sessions of the breakout (its one-of rule broken). */
export async function heldTwiceInBreakout(
  db: Db,
  breakoutId: string,
  sessionIds: readonly string[],
): Promise<boolean> {
  if (sessionIds.length === 0) return false;
  const { rows } = await sql<{ participantId: string }>`
    SELECT e.participant_id FROM enrollments e JOIN sessions s ON s.id = e.session_id
    WHERE s.breakout_id = ${breakoutId}
    GROUP BY e.participant_id
    HAVING count(*) > 1 AND bool_or(e.session_id = ANY(${[...sessionIds]}::uuid[]))
    LIMIT 1`.execute(db);
  return rows.length > 0;
}

/** Participants among `ids` who hold (enrolled or waitlisted) a session of the breakout other than `exceptSessionId`. */
export async function holdersInBreakout(
  db: Db,
  breakoutId: string,
  exceptSessionId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ participantId: string }>`
    SELECT DISTINCT e.participant_id FROM enrollments e JOIN sessions s ON s.id = e.session_id
    WHERE s.breakout_id = ${breakoutId} AND e.session_id <> ${exceptSessionId} AND e.participant_id = ANY(${[...ids]}::uuid[])`.execute(
    db,
  );
  return new Set(rows.map((r) => r.participantId));
}

export async function stateOf(
  db: Db,
  sessionId: string,
  participantId: string,
): Promise<EnrollmentState | undefined> {
  const row = await db
    .selectFrom('enrollments')
    .select('state')
    .where('sessionId', '=', sessionId)
    .where('participantId', '=', participantId)
    .executeTakeFirst();
  return row?.state;
}

/** 1-based waitlist place of the participant (null when not waitlisted). */
export async function waitlistPosition(
  db: Db,
  sessionId: string,
  participantId: string,
): Promise<number | null> {
  const { rows } = await sql<{ position: number | null }>`
    SELECT (SELECT count(*)::int FROM enrollments w WHERE w.session_id = me.session_id AND w.state = 'WAITLISTED'
      AND w.queued_seq <= me.queued_seq) AS position
    FROM enrollments me WHERE me.session_id = ${sessionId} AND me.participant_id = ${participantId} AND me.state = 'WAITLISTED'`.execute(
    db,
  );
  return rows[0]?.position ?? null;
}

/**
 * Places for `participantIds` (in this order; under the session lock): ENROLLED while seats are
 * free (`freeSeats` null: no limit), then WAITLISTED. Counts on the session follow.
 */
export async function insertPlaces(
  db: Db,
  session: { id: string; eventId: string },
  participantIds: readonly string[],
  freeSeats: number | null,
  waitlist: boolean,
  by: string | null,
): Promise<{ enrolled: string[]; waitlisted: string[] }> {
  const seats = freeSeats === null ? participantIds.length : Math.max(0, freeSeats);
  const enrolled = participantIds.slice(0, seats);
  const waitlisted = waitlist ? participantIds.slice(seats) : [];
  const rows = [
    ...enrolled.map((id) => [id, 'ENROLLED'] as const),
    ...waitlisted.map((id) => [id, 'WAITLISTED'] as const),
  ];
  if (rows.length === 0) return { enrolled, waitlisted };
  // Inserted in the given order (ORDER BY: the default `queued_seq` is taken row by row as they come),
  // so the waitlist order of a batch is the order given; `created_at` one microsecond apart likewise.
  await sql`
    INSERT INTO enrollments (session_id, participant_id, event_id, state, created_at, updated_at, created_by)
    SELECT ${session.id}, x.pid, ${session.eventId}, x.state, clock_timestamp() + x.ord * interval '1 microsecond', now(), ${by}
    FROM unnest(${rows.map((r) => r[0])}::uuid[], ${rows.map((r) => r[1])}::text[]) WITH ORDINALITY AS x(pid, state, ord)
    ORDER BY x.ord`.execute(db);
  await addToCounts(db, session.id, enrolled.length, waitlisted.length);
  return { enrolled, waitlisted };
}

export interface EnrolOneOutcome {
  /** The session as locked (its counts before this place). */
  enrollable: boolean;
  breakoutEnrollable: boolean;
  endAt: Date;
  capacity: number | null;
  waitlist: boolean;
  enrolledCount: number;
  /** The place made, with the session's counts after it; null when none was made. */
  placed: { state: EnrollmentState; enrolledCount: number; waitlistedCount: number } | null;
}

/**
 * A participant's own enrolment in one statement: lock the session row, decide (a seat while one
 * is free, else the waitlist when the session keeps one), insert the place (skipped when they hold
 * one already or have left the event: their row is locked FOR KEY SHARE, as
 * `lockParticipantsToPlace` does), count it, audit it and publish `event` keyed by the state. The
 * session lock is then held for this statement and the commit only, not for a round trip per step:
 * at a hundred enrolments a second in one session, those round trips were the queue. Places in an
 * enrollable breakout (whose one-of rule needs the breakout lock) are never made here. Undefined:
 * no such session in the event, or one the participant may not see.
 */
export async function enrolOne(
  db: Db,
  args: {
    eventId: string;
    sessionId: string;
    participantId: string;
    /** The participant as a viewer: a session they may not see is not there (undefined). */
    viewer: Viewer;
    now: Date;
    actor: { actorId: string; impersonatedUserId: string | null; requestId: string };
    event: KeyedEvent;
  },
): Promise<EnrolOneOutcome | undefined> {
  const { eventId, sessionId, participantId, viewer, now, actor, event } = args;
  const { rows } = await sql<
    Omit<EnrolOneOutcome, 'placed'> & {
      state: EnrollmentState | null;
      placedEnrolledCount: number | null;
      placedWaitlistedCount: number | null;
    }
  >`
    WITH locked AS (
      SELECT s.id, s.event_id, (s.enrollable OR coalesce(b.enrollable, false)) AS enrollable,
        coalesce(b.enrollable, false) AS breakout_enrollable, s.end_at, s.capacity, s.waitlist, s.enrolled_count
      FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id
      WHERE s.event_id = ${eventId} AND s.id = ${sessionId} AND ${visibleTo(viewer)}
      FOR UPDATE OF s
    ), decided AS (
      SELECT locked.id, locked.event_id,
        CASE WHEN locked.capacity IS NULL OR locked.enrolled_count < locked.capacity THEN 'ENROLLED'
          WHEN locked.waitlist THEN 'WAITLISTED' END AS state
      FROM locked
      WHERE locked.enrollable AND NOT locked.breakout_enrollable AND locked.end_at >= ${now}
    ), placed AS (
      INSERT INTO enrollments (session_id, participant_id, event_id, state, created_by)
      SELECT decided.id, p.id, p.event_id, decided.state, ${actor.actorId}::uuid
      FROM decided JOIN participants p ON p.id = ${participantId} AND p.event_id = decided.event_id
      WHERE decided.state IS NOT NULL
      FOR KEY SHARE OF p
      ON CONFLICT (session_id, participant_id) DO NOTHING
      RETURNING participant_id, state
    ), counted AS (
      UPDATE sessions SET
        enrolled_count = enrolled_count + (SELECT count(*) FROM placed WHERE state = 'ENROLLED'),
        waitlisted_count = waitlisted_count + (SELECT count(*) FROM placed WHERE state = 'WAITLISTED')
      WHERE id = ${sessionId} AND EXISTS (SELECT 1 FROM placed)
      RETURNING enrolled_count, waitlisted_count
    ), audited AS (
      INSERT INTO audit_log (actor_id, impersonated_user_id, action, entity, entity_id, request_id)
      SELECT ${actor.actorId}::uuid, ${actor.impersonatedUserId}::uuid, 'create', 'enrollment',
        ${sessionId}::text || ':' || placed.participant_id::text, ${actor.requestId}
      FROM placed
    ), published AS (${keyedEventInsert(event, 'placed', 'state')})
    SELECT locked.enrollable, locked.breakout_enrollable, locked.end_at, locked.capacity, locked.waitlist,
      locked.enrolled_count, placed.state, counted.enrolled_count AS placed_enrolled_count,
      counted.waitlisted_count AS placed_waitlisted_count, (SELECT count(*) FROM published) AS published
    FROM locked LEFT JOIN placed ON true LEFT JOIN counted ON true`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const { state, placedEnrolledCount, placedWaitlistedCount, ...session } = row;
  return {
    enrollable: session.enrollable,
    breakoutEnrollable: session.breakoutEnrollable,
    endAt: session.endAt,
    capacity: session.capacity,
    waitlist: session.waitlist,
    enrolledCount: session.enrolledCount,
    placed: state
      ? { state, enrolledCount: placedEnrolledCount!, waitlistedCount: placedWaitlistedCount! }
      : null,
  };
}

export async function addToCounts(
  db: Db,
  sessionId: string,
  enrolled: number,
  waitlisted: number,
  attended = 0,
): Promise<void> {
  if (enrolled === 0 && waitlisted === 0 && attended === 0) return;
  await sql`UPDATE sessions SET enrolled_count = enrolled_count + ${enrolled}, waitlisted_count = waitlisted_count + ${waitlisted},
    attended_count = attended_count + ${attended} WHERE id = ${sessionId}`.execute(db);
}

/** Removes the participant's place (under the session lock); answers the state it had. */
export async function removePlace(
  db: Db,
  sessionId: string,
  participantId: string,
): Promise<EnrollmentState | undefined> {
  const { rows } = await sql<{ state: EnrollmentState }>`
    DELETE FROM enrollments WHERE session_id = ${sessionId} AND participant_id = ${participantId} RETURNING state`.execute(
    db,
  );
  const state = rows[0]?.state;
  if (state) await addToCounts(db, sessionId, state === 'ENROLLED' ? -1 : 0, state === 'WAITLISTED' ? -1 : 0);
  return state;
}

/** Someone moved from the waitlist to a seat. */
export interface Promotion {
  sessionId: string;
  sessionName: string;
  eventId: string;
  eventName: string;
  participantId: string;
  userId: string;
  email: string;
  firstName: string;
}

/**
 * Fills the free seats of a locked session from its waitlist, oldest first, in one statement
 * (the counts in the same one). Answers who was promoted.
 */
export async function promoteWaitlisted(db: Db, sessionId: string): Promise<Promotion[]> {
  const { rows } = await sql<Promotion>`
    WITH s AS (
      SELECT s.id, s.name, s.event_id, s.enrolled_count,
        CASE WHEN b.enrollable THEN b.capacity ELSE s.capacity END AS capacity
      FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id WHERE s.id = ${sessionId}
    ),
    next AS (
      SELECT w.participant_id FROM enrollments w, s
      WHERE w.session_id = s.id AND w.state = 'WAITLISTED'
      ORDER BY w.queued_seq
      LIMIT (SELECT CASE WHEN capacity IS NULL THEN NULL ELSE greatest(capacity - enrolled_count, 0) END FROM s)
    ),
    up AS (
      UPDATE enrollments e SET state = 'ENROLLED', updated_at = now() FROM next
      WHERE e.session_id = ${sessionId} AND e.participant_id = next.participant_id RETURNING e.participant_id
    ),
    counts AS (
      UPDATE sessions SET enrolled_count = enrolled_count + (SELECT count(*) FROM up), waitlisted_count = waitlisted_count - (SELECT count(*) FROM up)
      WHERE id = ${sessionId} AND EXISTS (SELECT 1 FROM up)
    )
    SELECT s.id AS session_id, s.name AS session_name, s.event_id, ev.name AS event_name, p.id AS participant_id, p.user_id, p.email, p.first_name
    FROM up JOIN participants p ON p.id = up.participant_id CROSS JOIN s JOIN events ev ON ev.id = s.event_id`.execute(
    db,
  );
  return rows;
}

/** The `session.seats` payload. */
export interface SeatCounts {
  sessionId: string;
  enrolledCount: number;
  waitlistedCount: number;
  capacity: number | null;
  waitlist: boolean;
}

/** Seat counts of sessions; `publishedOnly` for the broadcast (participants can not see drafts). */
export async function seatCounts(
  db: Db,
  sessionIds: readonly string[],
  { publishedOnly = false } = {},
): Promise<SeatCounts[]> {
  if (sessionIds.length === 0) return [];
  const { rows } = await sql<SeatCounts>`
    SELECT s.id AS session_id, s.enrolled_count, s.waitlisted_count, CASE WHEN b.enrollable THEN b.capacity ELSE s.capacity END AS capacity, s.waitlist
    FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id
    WHERE s.id = ANY(${[...sessionIds]}::uuid[])${publishedOnly ? sql` AND s.status = 'PUBLISHED'` : sql``}`.execute(
    db,
  );
  return rows;
}

// ——— Check-in ———

/** Checks in (idempotent): the time of the check-in and whether it already existed. */
export async function checkIn(
  db: Db,
  session: { id: string; eventId: string },
  participantId: string,
  method: 'QR' | 'ADMIN',
  by: string | null,
): Promise<{ checkedInAt: Date; already: boolean }> {
  const { rows } = await sql<{ checkedInAt: Date }>`
    INSERT INTO session_check_ins (session_id, participant_id, event_id, method, checked_in_by)
    VALUES (${session.id}, ${participantId}, ${session.eventId}, ${method}, ${by})
    ON CONFLICT (session_id, participant_id) DO NOTHING RETURNING checked_in_at`.execute(db);
  if (rows[0]) {
    await addToCounts(db, session.id, 0, 0, 1);
    return { checkedInAt: rows[0].checkedInAt, already: false };
  }
  const existing = await db
    .selectFrom('sessionCheckIns')
    .select('checkedInAt')
    .where('sessionId', '=', session.id)
    .where('participantId', '=', participantId)
    .executeTakeFirstOrThrow();
  return { checkedInAt: existing.checkedInAt, already: true };
}

/** The caller's participant row in the event. */
export async function participantOf(db: Db, eventId: string, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('participants')
    .select('id')
    .where('eventId', '=', eventId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.id;
}

/** Audit rows of places (entity id `<sessionId>:<participantId>`), one statement. */
export async function auditPlaces(
  db: Db,
  actor: { actorId: string; impersonatedUserId: string | null; requestId: string },
  action: 'create' | 'delete',
  sessionId: string,
  participantIds: readonly string[],
): Promise<void> {
  if (participantIds.length === 0) return;
  await sql`
    INSERT INTO audit_log (actor_id, impersonated_user_id, action, entity, entity_id, request_id)
    SELECT ${actor.actorId}::uuid, ${actor.impersonatedUserId}::uuid, ${action}, 'enrollment', ${sessionId}::text || ':' || x.id::text, ${actor.requestId}
    FROM unnest(${[...participantIds]}::uuid[]) AS x(id)`.execute(db);
}

/** Those of `participantIds` who already hold a place (enrolled or waitlisted) in the session. */
export async function placedAmong(
  db: Db,
  sessionId: string,
  participantIds: readonly string[],
): Promise<Set<string>> {
  const held = await db
    .selectFrom('enrollments')
    .select('participantId')
    .where('sessionId', '=', sessionId)
    .where('participantId', 'in', [...participantIds])
    .execute();
  return new Set(held.map((r) => r.participantId));
}

/** The session's effective audience (its enrollable breakout's, else its own); undefined unless the event's. */
export async function sessionAudience(
  db: Db,
  eventId: string,
  sessionId: string,
): Promise<AudienceJson | undefined> {
  const { rows } = await sql<{ audience: AudienceJson }>`
    SELECT ${effectiveAudience} AS audience FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id
    WHERE s.event_id = ${eventId} AND s.id = ${sessionId}`.execute(db);
  return rows[0]?.audience;
}
