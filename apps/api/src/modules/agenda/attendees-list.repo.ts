import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/**
 * The scoped base queries of the lists of people around a session (attendees.list.ts): FROM,
 * joins, the tenant condition and the selected columns. The list machinery adds filters, search,
 * sort, paging and the page columns.
 */

export interface AttendeeScope {
  eventId: string;
  sessionId: string;
}

/** Participants with a place in, or a check-in to, the session. */
const placesOf = (sessionId: string) =>
  sql<{ participantId: string }>`(SELECT participant_id FROM enrollments WHERE session_id = ${sessionId}
    UNION SELECT participant_id FROM session_check_ins WHERE session_id = ${sessionId})`;

/** The session's attendees (enrolled, waitlisted or checked in) with their place and check-in. */
export function selectSessionAttendees(db: Db, scope: AttendeeScope) {
  return db
    .selectFrom(placesOf(scope.sessionId).as('x'))
    .innerJoin('participants as p', 'p.id', 'x.participantId')
    .leftJoin('enrollments as e', (j) =>
      j.onRef('e.participantId', '=', 'p.id').on('e.sessionId', '=', scope.sessionId),
    )
    .leftJoin('sessionCheckIns as ci', (j) =>
      j.onRef('ci.participantId', '=', 'p.id').on('ci.sessionId', '=', scope.sessionId),
    )
    .select([
      'p.id as participantId',
      'p.firstName',
      'p.lastName',
      'p.email',
      'p.company',
      'e.state',
      'e.createdAt as enrolledAt',
      'e.queuedSeq',
      'ci.checkedInAt',
      sql<string>`${scope.sessionId}::uuid`.as('sessionId'),
    ])
    .where('p.eventId', '=', scope.eventId);
}

export interface EnrollableScope {
  eventId: string;
  sessionId: string;
  /** "p is in the session's audience" over `participants p` (audience.ts audienceCondition). */
  inAudience: RawBuilder<SqlBool>;
}

/** The session's audience members without a place in it. */
export function selectEnrollableParticipants(db: Db, scope: EnrollableScope) {
  return db
    .selectFrom('participants as p')
    .select(['p.id as participantId', 'p.userId', 'p.firstName', 'p.lastName', 'p.email', 'p.company'])
    .where('p.eventId', '=', scope.eventId)
    .where(scope.inAudience)
    .where(
      sql<SqlBool>`NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.session_id = ${scope.sessionId} AND e.participant_id = p.id)`,
    );
}

/** Places and check-ins of the event's sessions, one row per participant and session. */
const attendanceRows = (eventId: string) =>
  sql<{
    sessionId: string;
    participantId: string;
  }>`(SELECT session_id, participant_id FROM enrollments WHERE event_id = ${eventId}
    UNION SELECT session_id, participant_id FROM session_check_ins WHERE event_id = ${eventId})`;

/** The event's attendance: one row per session and participant with a place or a check-in. */
export function selectEventAttendance(db: Db, eventId: string) {
  return db
    .selectFrom(attendanceRows(eventId).as('x'))
    .innerJoin('sessions as s', 's.id', 'x.sessionId')
    .innerJoin('events as ev', 'ev.id', 's.eventId')
    .innerJoin('participants as p', 'p.id', 'x.participantId')
    .leftJoin('enrollments as e', (j) =>
      j.onRef('e.sessionId', '=', 'x.sessionId').onRef('e.participantId', '=', 'x.participantId'),
    )
    .leftJoin('sessionCheckIns as ci', (j) =>
      j.onRef('ci.sessionId', '=', 'x.sessionId').onRef('ci.participantId', '=', 'x.participantId'),
    )
    .select([
      's.name as sessionName',
      's.startAt',
      'ev.timezone',
      'p.firstName',
      'p.lastName',
      'p.email',
      'p.company',
      'e.state',
      'e.createdAt as enrolledAt',
      'ci.checkedInAt',
      sql<string>`(x.session_id::text || ':' || x.participant_id::text)`.as('rowId'),
    ])
    .where('s.eventId', '=', eventId);
}
