import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  attendanceExportQuerySchema,
  enrollableUsersQuerySchema,
  instantToWallClock,
  sessionAttendeesQuerySchema,
  type EnrollmentState,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';

/**
 * Lists of people around a session: its attendees (enrolled, waitlisted or checked in), the
 * audience members it can still take (enrollable users), and the attendance export of the event.
 */

const NAME_SEARCH = sql<string>`(p.first_name || ' ' || p.last_name || ' ' || p.company)`;
const never = sql<Date>`'-infinity'::timestamptz`;

export interface AttendeeScope {
  eventId: string;
  sessionId: string;
}

/** Participants with a place in, or a check-in to, the session. */
const placesOf = (sessionId: string) =>
  sql<{ participantId: string }>`(SELECT participant_id FROM enrollments WHERE session_id = ${sessionId}
    UNION SELECT participant_id FROM session_check_ins WHERE session_id = ${sessionId})`;

/** `GET sessions/v2/{sessionId}/attendees` (admins and moderators). */
export const attendeeList = defineList({
  query: sessionAttendeesQuerySchema,
  select: (db: Db, scope: AttendeeScope) =>
    db
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
      .where('p.eventId', '=', scope.eventId),
  pageColumns: {
    waitlistPosition: sql<
      number | null
    >`(CASE WHEN list_page.state = 'WAITLISTED' THEN (SELECT count(*)::int FROM enrollments w
      WHERE w.session_id = list_page.session_id AND w.state = 'WAITLISTED' AND w.queued_seq <= list_page.queued_seq) END)`,
  },
  record: (row) => ({
    participantId: row.participantId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    company: row.company,
    state: (row.state ?? null) as EnrollmentState | null,
    waitlistPosition: row.waitlistPosition,
    enrolledAt: row.enrolledAt ?? null,
    checkedInAt: row.checkedInAt ?? null,
  }),
  id: sql.ref('p.id'),
  fields: {
    firstName: {
      sql: sql.ref('p.firstName'),
      sortable: sql`lower(p.first_name)`,
      searchable: NAME_SEARCH,
      label: 'First name',
    },
    lastName: { sql: sql.ref('p.lastName'), sortable: sql`lower(p.last_name)`, label: 'Last name' },
    email: { sql: sql.ref('p.email'), sortable: true, searchable: true, label: 'E-mail' },
    company: { sql: sql.ref('p.company'), sortable: sql`lower(p.company)`, label: 'Company' },
    state: { label: 'State' },
    waitlistPosition: { label: 'Waitlist position' },
    enrolledAt: {
      sql: sql.ref('e.createdAt'),
      sortable: sql`coalesce(e.created_at, ${never})`,
      label: 'Enrolled at',
    },
    checkedInAt: {
      sql: sql.ref('ci.checkedInAt'),
      sortable: sql`coalesce(ci.checked_in_at, ${never})`,
      label: 'Checked in at',
    },
  },
  filters: {
    state: (states) => {
      const parts: RawBuilder<SqlBool>[] = [];
      const places = states.filter((s) => s !== 'CHECKED_IN');
      if (places.length) parts.push(sql<SqlBool>`e.state = ANY(${places}::text[])`);
      if (states.includes('CHECKED_IN')) parts.push(sql<SqlBool>`ci.participant_id IS NOT NULL`);
      return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
    },
  },
  defaultSort: 'enrolledAt:asc',
});

export interface EnrollableScope {
  eventId: string;
  sessionId: string;
  /** "p is in the session's audience" over `participants p` (audience.ts audienceCondition). */
  inAudience: RawBuilder<SqlBool>;
}

/** `GET sessions/{sessionId}/enrollable-users`: audience members without a place in the session. */
export const enrollableList = defineList({
  query: enrollableUsersQuerySchema,
  select: (db: Db, scope: EnrollableScope) =>
    db
      .selectFrom('participants as p')
      .select(['p.id as participantId', 'p.userId', 'p.firstName', 'p.lastName', 'p.email', 'p.company'])
      .where('p.eventId', '=', scope.eventId)
      .where(scope.inAudience)
      .where(
        sql<SqlBool>`NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.session_id = ${scope.sessionId} AND e.participant_id = p.id)`,
      ),
  record: (row) => row,
  id: sql.ref('p.id'),
  fields: {
    firstName: { sql: sql.ref('p.firstName'), sortable: sql`lower(p.first_name)`, searchable: NAME_SEARCH },
    lastName: { sql: sql.ref('p.lastName'), sortable: sql`lower(p.last_name)` },
    email: { sql: sql.ref('p.email'), sortable: true, searchable: true },
    company: { sql: sql.ref('p.company'), sortable: sql`lower(p.company)` },
  },
  filters: {},
  defaultSort: 'lastName:asc',
});

/** Places and check-ins of the event's sessions, one row per participant and session. */
const attendanceRows = (eventId: string) =>
  sql<{
    sessionId: string;
    participantId: string;
  }>`(SELECT session_id, participant_id FROM enrollments WHERE event_id = ${eventId}
    UNION SELECT session_id, participant_id FROM session_check_ins WHERE event_id = ${eventId})`;

export interface AttendanceRecord {
  sessionName: string;
  sessionStart: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  state: string;
  enrolledAt: Date | null;
  checkedIn: boolean;
  checkedInAt: Date | null;
}

/** `GET sessions/export-attendance-tracking` (admins and moderators; scope = the event id). */
export const attendanceList = defineList({
  query: attendanceExportQuerySchema,
  select: (db: Db, eventId: string) =>
    db
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
      .where('s.eventId', '=', eventId),
  record: (row): AttendanceRecord => {
    const start = instantToWallClock(row.startAt, row.timezone);
    return {
      sessionName: row.sessionName,
      sessionStart: `${start.date} ${start.time}`,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      company: row.company,
      state: row.state ?? '',
      enrolledAt: row.enrolledAt ?? null,
      checkedIn: row.checkedInAt != null,
      checkedInAt: row.checkedInAt ?? null,
    };
  },
  id: sql`(x.session_id::text || ':' || x.participant_id::text)`,
  fields: {
    sessionName: { sql: sql.ref('s.name'), sortable: sql`lower(s.name)`, searchable: true, label: 'Session' },
    sessionStart: { sql: sql.ref('s.startAt'), sortable: sql`s.start_at`, label: 'Start' },
    firstName: {
      sql: sql.ref('p.firstName'),
      sortable: sql`lower(p.first_name)`,
      searchable: NAME_SEARCH,
      label: 'First name',
    },
    lastName: { sql: sql.ref('p.lastName'), sortable: sql`lower(p.last_name)`, label: 'Last name' },
    email: { sql: sql.ref('p.email'), sortable: true, searchable: true, label: 'E-mail' },
    company: { label: 'Company' },
    state: { label: 'Enrollment' },
    enrolledAt: { label: 'Enrolled at' },
    checkedIn: { label: 'Checked in' },
    checkedInAt: { label: 'Checked in at' },
  },
  filters: {
    sessionId: (ids) => sql<SqlBool>`x.session_id = ANY(${ids}::uuid[])`,
  },
  defaultSort: 'sessionStart:asc',
});
