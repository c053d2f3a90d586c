import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  attendanceExportQuerySchema,
  enrollableUsersQuerySchema,
  instantToWallClock,
  sessionAttendeesQuerySchema,
  type EnrollmentState,
} from '@plenary/domain';
import { defineList } from '../../platform/list.js';
import {
  selectEnrollableParticipants,
  selectEventAttendance,
  selectSessionAttendees,
} from './attendees-list.repo.js';

/**
 * Lists of people around a session: its attendees (enrolled, waitlisted or checked in), the
 * audience members it can still take (enrollable users), and the attendance export of the event.
 */

const NAME_SEARCH = sql<string>`(p.first_name || ' ' || p.last_name || ' ' || p.company)`;
const never = sql<Date>`'-infinity'::timestamptz`;

/** `GET sessions/v2/{sessionId}/attendees` (admins and moderators). */
export const attendeeList = defineList({
  query: sessionAttendeesQuerySchema,
  select: selectSessionAttendees,
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

/** `GET sessions/{sessionId}/enrollable-users`: audience members without a place in the session. */
export const enrollableList = defineList({
  query: enrollableUsersQuerySchema,
  select: selectEnrollableParticipants,
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
  select: selectEventAttendance,
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
