import { z } from 'zod';
import { importStatusSchema } from '../imports/schemas.js';
import { timestampSchema } from '../tenancy/common.js';

/** Days of registrations the event dashboard charts (today and the days before). */
export const OVERVIEW_REGISTRATION_DAYS = 14;
/** Imports the event dashboard lists, newest first. */
export const OVERVIEW_IMPORTS = 5;
/** Sessions of today the event dashboard lists, by start time. */
export const OVERVIEW_SESSIONS_TODAY = 12;

const count = z.number().int().min(0);
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const overviewSessionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  startAt: timestampSchema,
  endAt: timestampSchema,
  /** Seats; null when the session has no limit. */
  capacity: z.number().int().nullable(),
  enrolled: count,
  waitlisted: count,
  attended: count,
});

export const overviewImportSchema = z.object({
  id: z.uuid(),
  tableName: z.string(),
  fileName: z.string(),
  status: importStatusSchema,
  createdCount: count,
  updatedCount: count,
  skippedCount: count,
  errorCount: count,
  createdAt: timestampSchema,
});

/**
 * `GET events/{eventId}/overview`: the event dashboard's figures. "Today" is the event's day in
 * its own time zone (`today`, `timezone`).
 */
export const eventOverviewSchema = z.object({
  today: daySchema,
  timezone: z.string(),
  participants: z.object({ total: count, newToday: count, signedIn: count }),
  checkIns: z.object({
    today: count,
    /** Today's check-ins per hour of the event's day, hours 0–23. */
    perHour: z.array(z.object({ hour: z.number().int().min(0).max(23), count })),
  }),
  sessions: z.object({
    total: count,
    todayCount: count,
    today: z.array(overviewSessionSchema),
  }),
  /** Participants added per day, the last OVERVIEW_REGISTRATION_DAYS days up to today, oldest first. */
  registrations: z.array(z.object({ day: daySchema, count })),
  imports: z.array(overviewImportSchema),
  magicLinks: z.object({ sent: count, used: count }),
  /** A new event's setup, each step done when the data says so. */
  checklist: z.object({
    /** A description and a venue address. */
    details: z.boolean(),
    sessions: z.boolean(),
    attendees: z.boolean(),
    /** Colours other than the defaults. */
    branding: z.boolean(),
  }),
});
export type EventOverview = z.output<typeof eventOverviewSchema>;
export type OverviewSession = z.output<typeof overviewSessionSchema>;
export type OverviewImport = z.output<typeof overviewImportSchema>;

const agendaEntry = {
  sessionId: z.uuid(),
  name: z.string(),
  startAt: timestampSchema,
  endAt: timestampSchema,
  locationName: z.string().nullable(),
};

/** `GET events/{eventId}/participants/{participantId}/agenda`: the console profile's sessions section. */
export const participantAgendaSchema = z.object({
  enrolled: z.array(z.object(agendaEntry)),
  /** `position`: 1 is next in line. */
  waitlisted: z.array(z.object({ ...agendaEntry, position: z.number().int().min(1) })),
  checkIns: z.array(
    z.object({
      sessionId: z.uuid(),
      name: z.string(),
      checkedInAt: timestampSchema,
      method: z.enum(['QR', 'ADMIN']),
    }),
  ),
});
export type ParticipantAgenda = z.output<typeof participantAgendaSchema>;
