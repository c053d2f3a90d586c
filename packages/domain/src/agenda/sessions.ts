import { z } from 'zod';
import { listQuerySchema } from '../list.js';
import { booleanFilter, multiValueFilter } from '../list-filters.js';
import { MESSAGES } from '../messages.js';
import { timestampSchema } from '../tenancy/common.js';
import { emailSchema } from '../validation/email.js';
import { nonNegativeIntegerSchema } from '../validation/numbers.js';
import { maxLengthString } from '../validation/strings.js';
import { nameString } from '../validation/text.js';
import { audienceInputSchema, audienceSchema } from './audience.js';
import {
  CONTENT_DESCRIPTION_MAX_LENGTH,
  CONTENT_NAME_MAX_LENGTH,
  nullableUrlSchema,
  pinUsageSchema,
} from './content.js';
import { refineSessionTimes, sessionTimesShape } from './times.js';

/**
 * Sessions of an event's agenda. Routes under `events/{eventId}/sessions` — see
 * apps/api/src/modules/agenda/README.md for the full table.
 */

/** DRAFT sessions are hidden from participants; PUBLISHED ones are on the agenda. */
export const SESSION_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
/** The participant app's "type" filter. */
export const SESSION_TYPES = ['SESSION', 'KEYNOTE', 'PANEL', 'WORKSHOP', 'NETWORKING', 'BREAK'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];
/**
 * accessControl: OPEN — anyone who sees the session may attend (check in, virtual link);
 * ENROLLED_ONLY — only enrolled participants may check in and see the virtual link.
 */
export const ACCESS_CONTROLS = ['OPEN', 'ENROLLED_ONLY'] as const;
export type AccessControl = (typeof ACCESS_CONTROLS)[number];

export const SESSION_CAPACITY_MAX = 1_000_000;

const ref = z.object({ id: z.uuid(), name: z.string() });
export const speakerSchema = z.object({
  participantId: z.uuid(),
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  photoUrl: z.string().nullable(),
});
export type Speaker = z.output<typeof speakerSchema>;
export const moderatorSchema = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

/** The admin's session record: spec part 3 Session columns plus what the screens need. */
export const sessionSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  description: z.string(),
  type: z.enum(SESSION_TYPES),
  status: z.enum(SESSION_STATUSES),
  accessControl: z.enum(ACCESS_CONTROLS),
  startAt: timestampSchema,
  endAt: timestampSchema,
  /** Wall-clock in the event's zone, as the form takes it. */
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  /** '09:00 AM - 10:30 AM' in the event's zone. */
  timeSlot: z.string(),
  virtualLink: z.string().nullable(),
  location: ref.extend({ pins: z.array(pinUsageSchema) }).nullable(),
  breakout: ref.extend({ enrollable: z.boolean() }).nullable(),
  collections: z.array(ref.extend({ color: z.string() })),
  speakers: z.array(speakerSchema),
  moderators: z.array(moderatorSchema),
  materials: z.array(ref.extend({ fileType: z.string(), url: z.string() })),
  audience: audienceSchema,
  /** Participants the audience reaches (the breakout's audience when the breakout is enrollable). */
  audienceCount: z.number().int(),
  /** Seats (null: unlimited). When the breakout is enrollable, the breakout's capacity applies. */
  capacity: z.number().int().nullable(),
  enrollable: z.boolean(),
  /** Join a waitlist when full (promoted in order when a seat frees). */
  waitlist: z.boolean(),
  enrolledCount: z.number().int(),
  waitlistedCount: z.number().int(),
  attendedCount: z.number().int(),
  /** Engagement instances run in this session (engagement tools arrive with their own issue). */
  instances: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type SessionRecord = z.output<typeof sessionSchema>;

type UnwrapDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;

const sessionBody = z.object({
  name: nameString(CONTENT_NAME_MAX_LENGTH),
  description: maxLengthString(CONTENT_DESCRIPTION_MAX_LENGTH).default(''),
  type: z.enum(SESSION_TYPES).default('SESSION'),
  status: z.enum(SESSION_STATUSES).default('PUBLISHED'),
  accessControl: z.enum(ACCESS_CONTROLS).default('OPEN'),
  ...sessionTimesShape,
  virtualLink: nullableUrlSchema.default(null),
  locationId: z.uuid().nullable().default(null),
  breakoutId: z.uuid().nullable().default(null),
  collectionIds: z.array(z.uuid()).max(50, MESSAGES.maxLength).default([]),
  /** Participant ids, in display order. */
  speakerIds: z.array(z.uuid()).max(100, MESSAGES.maxLength).default([]),
  /** Accounts holding the event's moderator (or an admin) role; new ones come in through invite-moderator. */
  moderatorUserIds: z.array(z.uuid()).max(50, MESSAGES.maxLength).default([]),
  materialIds: z.array(z.uuid()).max(100, MESSAGES.maxLength).default([]),
  audience: audienceInputSchema.default({ type: 'EVERYONE', labelIds: [], rules: [] }),
  /** Spec part 5 integer check (0: no seats, everyone waits); null: unlimited. */
  capacity: nonNegativeIntegerSchema.max(SESSION_CAPACITY_MAX, MESSAGES.maxLength).nullable().default(null),
  enrollable: z.boolean().default(false),
  waitlist: z.boolean().default(true),
});
export const createSessionSchema = sessionBody.superRefine(refineSessionTimes);
export type CreateSession = z.output<typeof createSessionSchema>;
/**
 * Partial, without the create defaults (zod 4's `.partial()` keeps defaults, so a PATCH of one
 * field would reset the others); the four time fields go together (the server refuses a part of them).
 */
export const updateSessionSchema = z
  .object(
    Object.fromEntries(
      Object.entries(sessionBody.shape).map(([key, field]) => [
        key,
        (field instanceof z.ZodDefault ? field.unwrap() : field).optional(),
      ]),
    ) as {
      [K in keyof typeof sessionBody.shape]: z.ZodOptional<UnwrapDefault<(typeof sessionBody.shape)[K]>>;
    },
  )
  .superRefine(refineSessionTimes);
export type UpdateSession = z.output<typeof updateSessionSchema>;

export const SESSION_SORT_FIELDS = [
  'name',
  'startAt',
  'status',
  'type',
  'capacity',
  'enrolledCount',
  'createdAt',
  'updatedAt',
] as const;
/**
 * A bound of the sessions list's start filter: a plain date stays 'YYYY-MM-DD' — a day in the
 * EVENT's zone, which the API reads there (00:00 to 24:00 in `events.timezone`) — and an ISO
 * date-time is an instant.
 */
export const sessionDayBoundSchema = z.union(
  [z.iso.date(), z.iso.datetime({ offset: true }).transform((v) => new Date(v))],
  { error: MESSAGES.invalidDate },
);

export const sessionListQuerySchema = listQuerySchema.extend({
  status: multiValueFilter(z.enum(SESSION_STATUSES)).optional(),
  type: multiValueFilter(z.enum(SESSION_TYPES)).optional(),
  collectionId: multiValueFilter(z.uuid()).optional(),
  locationId: multiValueFilter(z.uuid()).optional(),
  breakoutId: multiValueFilter(z.uuid()).optional(),
  enrollable: booleanFilter.optional(),
  startAtFrom: sessionDayBoundSchema.optional(),
  startAtTo: sessionDayBoundSchema.optional(),
});

/** GET sessions/filters: options of the admin list's filters. */
export const sessionFiltersSchema = z.object({
  collections: z.array(ref),
  locations: z.array(ref),
  breakouts: z.array(ref),
  speakers: z.array(z.object({ id: z.uuid(), name: z.string() })),
});

/** GET sessions/moderator-options: accounts with the event's moderator or admin role, for the moderator picker. */
export const moderatorOptionsQuerySchema = z.object({
  /** Matches first name, last name or e-mail (contains, any case). */
  search: z.string().trim().max(200, MESSAGES.maxLength).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const moderatorOptionSchema = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export const moderatorOptionsSchema = z.object({ options: z.array(moderatorOptionSchema) });
export type ModeratorOption = z.output<typeof moderatorOptionSchema>;

/** PATCH sessions/update-options: one change to many sessions. */
export const sessionBulkUpdateSchema = z.object({
  ids: z.array(z.uuid()).min(1, MESSAGES.required).max(10_000, MESSAGES.maxLength),
  status: z.enum(SESSION_STATUSES).optional(),
  enrollable: z.boolean().optional(),
  addCollectionIds: z.array(z.uuid()).max(50).optional(),
  removeCollectionIds: z.array(z.uuid()).max(50).optional(),
  locationId: z.uuid().nullable().optional(),
  breakoutId: z.uuid().nullable().optional(),
});

// ——— Enrollment ———
/** A participant's place in a session. */
export const ENROLLMENT_STATES = ['ENROLLED', 'WAITLISTED'] as const;
export type EnrollmentState = (typeof ENROLLMENT_STATES)[number];
/** What the participant app shows on the enroll button. */
export const SEAT_STATES = ['OPEN', 'FEW_LEFT', 'FULL_WAITLIST', 'FULL'] as const;
export type SeatState = (typeof SEAT_STATES)[number];
/** "Few left" below this share of seats. */
export const FEW_SEATS_SHARE = 0.1;

export function seatState(capacity: number | null, enrolled: number, waitlist: boolean): SeatState {
  if (capacity === null) return 'OPEN';
  if (enrolled >= capacity) return waitlist ? 'FULL_WAITLIST' : 'FULL';
  return capacity - enrolled <= Math.max(1, Math.floor(capacity * FEW_SEATS_SHARE)) ? 'FEW_LEFT' : 'OPEN';
}

/** POST sessions/v2/{sessionId}/enroll → enroll or join the waitlist; DELETE → leave (seat or waitlist). */
export const enrollResultSchema = z.object({
  state: z.enum(ENROLLMENT_STATES).nullable(),
  /** 1-based place on the waitlist. */
  waitlistPosition: z.number().int().nullable(),
  enrolledCount: z.number().int(),
  capacity: z.number().int().nullable(),
});
export type EnrollResult = z.output<typeof enrollResultSchema>;

// ——— Participant views (v2) ———
/** One session as a participant sees it (GET sessions/v2/view, v2/{sessionId}/view, upcoming). */
export const sessionViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  type: z.enum(SESSION_TYPES),
  startAt: timestampSchema,
  endAt: timestampSchema,
  /** The event-zone day: 'YYYY-MM-DD'. */
  day: z.string(),
  timeSlot: z.string(),
  /** Null unless the viewer may see it (accessControl ENROLLED_ONLY hides it from others). */
  virtualLink: z.string().nullable(),
  location: ref.extend({ pins: z.array(pinUsageSchema.extend({ x: z.number(), y: z.number() })) }).nullable(),
  breakout: ref.extend({ enrollable: z.boolean() }).nullable(),
  collections: z.array(ref.extend({ color: z.string() })),
  speakers: z.array(speakerSchema),
  materials: z.array(ref.extend({ fileType: z.string(), url: z.string() })),
  enrollable: z.boolean(),
  capacity: z.number().int().nullable(),
  enrolledCount: z.number().int(),
  /** A full session takes people onto its waitlist (live seat counts recompute `seatState` with it). */
  waitlist: z.boolean(),
  seatState: z.enum(SEAT_STATES),
  myState: z.enum(ENROLLMENT_STATES).nullable(),
  waitlistPosition: z.number().int().nullable(),
  checkedIn: z.boolean(),
});
export type SessionView = z.output<typeof sessionViewSchema>;

export const agendaViewQuerySchema = z.object({
  /** Event-zone day 'YYYY-MM-DD'; all days when absent. */
  day: z.iso.date().optional(),
  search: z.string().trim().max(200).optional(),
  collectionId: multiValueFilter(z.uuid()).optional(),
  locationId: multiValueFilter(z.uuid()).optional(),
  type: multiValueFilter(z.enum(SESSION_TYPES)).optional(),
  /** My Agenda: only sessions I am enrolled or waitlisted in. */
  mine: booleanFilter.optional(),
});
export const agendaViewSchema = z.object({
  timezone: z.string(),
  sessions: z.array(sessionViewSchema),
});
export type AgendaView = z.output<typeof agendaViewSchema>;

/** GET sessions/v2/view-filters: the participant's filter options (only what they can see). */
export const agendaFiltersSchema = z.object({
  timezone: z.string(),
  days: z.array(z.string()),
  collections: z.array(ref.extend({ color: z.string() })),
  locations: z.array(ref),
  types: z.array(z.enum(SESSION_TYPES)),
});

// ——— Session attendees, moderators, check-in ———
export const sessionAttendeeSchema = z.object({
  participantId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  state: z.enum(ENROLLMENT_STATES).nullable(),
  waitlistPosition: z.number().int().nullable(),
  enrolledAt: timestampSchema.nullable(),
  checkedInAt: timestampSchema.nullable(),
});
export const sessionAttendeesQuerySchema = listQuerySchema.extend({
  state: multiValueFilter(z.enum([...ENROLLMENT_STATES, 'CHECKED_IN'])).optional(),
});
/** POST sessions/v2/{sessionId}/attendees (admin enrolls people; capacity applies unless `overrideCapacity`). */
export const addSessionAttendeesSchema = z.object({
  participantIds: z.array(z.uuid()).min(1, MESSAGES.required).max(10_000, MESSAGES.maxLength),
  overrideCapacity: z.boolean().default(false),
});

export const inviteModeratorSchema = z.object({
  email: emailSchema,
  firstName: maxLengthString(100).default(''),
  lastName: maxLengthString(100).default(''),
});

/** POST sessions/check-in: the participant app sends the scanned QR text. */
export const sessionCheckInSchema = z.object({
  qr: z.string().min(1, MESSAGES.required).max(2000, MESSAGES.maxLength),
});
export const sessionCheckInResultSchema = z.object({
  sessionId: z.uuid(),
  sessionName: z.string(),
  checkedInAt: timestampSchema,
  alreadyCheckedIn: z.boolean(),
});

/** POST sessions/v2/{sessionId}/attendees: how the people given were placed (already placed, other breakout session held, or full without waitlist: skipped). */
export const addSessionAttendeesResultSchema = z.object({
  enrolled: z.number().int(),
  waitlisted: z.number().int(),
  skipped: z.number().int(),
});

/** GET sessions/{sessionId}/enrollable-users: audience members not yet enrolled or waitlisted. */
export const enrollableUserSchema = z.object({
  participantId: z.uuid(),
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
});
export const enrollableUsersQuerySchema = listQuerySchema;

/** GET sessions/export-attendance-tracking: one row per participant and session they hold or checked in to. */
export const attendanceExportQuerySchema = listQuerySchema.extend({
  sessionId: multiValueFilter(z.uuid()).optional(),
});
