import { z } from 'zod';
import { instantToWallClock, timeSlotText, wallClockToInstant } from '../agenda/times.js';
import { listQuerySchema } from '../list.js';
import { MESSAGES } from '../messages.js';
import { maxLengthString } from '../validation/strings.js';
import { nameString } from '../validation/text.js';
import { dateForFormatSchema, timeFormatSchema, timeToMinutes } from '../validation/date.js';

/**
 * Issue 13, meetings: 1:1 meetings between participants in slots of organiser-defined windows
 * ("Meeting with intervals", spec parts 3, 5, 7 and 9).
 */

/** Spec parts 5 and 9: a meeting interval (slot length) is 5 to 120 minutes in steps of 5. */
export const MEETING_SLOT_MIN = 5;
export const MEETING_SLOT_MAX = 120;
export const MEETING_SLOT_STEP = 5;
/** Requests a person may have pending at once, unless the event says otherwise. */
export const DEFAULT_MEETING_REQUEST_QUOTA = 10;
export const MEETING_MESSAGE_MAX = 500;
export const MEETING_POINT_MAX = 100;
export const MEETING_POINTS_MAX = 200;

export const MEETING_MESSAGES = {
  slotMinutes: 'Meeting interval must be 5 to 120 minutes in steps of 5',
  endBeforeStart: 'End time must be after start time',
  tooShort: 'The window must hold at least one meeting interval',
  overlap: 'Overlaps another meeting window of this event',
  outsideEvent: "The day must be one of the event's days",
  duplicatePoint: 'Meeting points must have different names',
  slotTaken: 'This time slot is no longer free',
  notASlot: 'Not a time slot of a meeting window',
  notBookable: 'You may not book meetings in this window',
  notAvailable: 'This person is not available for meetings',
  quota: (quota: number) => `You have ${quota} pending meeting requests; wait for answers or cancel one`,
  self: 'You can not meet yourself',
  noPointFree: 'No meeting point is free in this time slot',
  notPending: 'This meeting request has already been answered',
  notYourTurn: 'Waiting for the other person to answer',
  past: 'This time slot has already started',
  hasMeetings: 'Meetings are booked in this window; cancel them before changing its times',
} as const;

export const meetingStatusSchema = z.enum(['PENDING', 'ACCEPTED', 'DECLINED', 'CANCELLED']);
export type MeetingStatus = z.infer<typeof meetingStatusSchema>;

export const slotMinutesSchema = z
  .number({ error: MEETING_MESSAGES.slotMinutes })
  .int(MEETING_MESSAGES.slotMinutes)
  .min(MEETING_SLOT_MIN, MEETING_MESSAGES.slotMinutes)
  .max(MEETING_SLOT_MAX, MEETING_MESSAGES.slotMinutes)
  .refine((n) => n % MEETING_SLOT_STEP === 0, MEETING_MESSAGES.slotMinutes);

export const bookableBySchema = z.object({
  type: z.enum(['EVERYONE', 'LABELS']),
  labelIds: z.array(z.uuid()).max(100).default([]),
});
export type BookableBy = z.infer<typeof bookableBySchema>;

const meetingPointsSchema = z
  .array(nameString(MEETING_POINT_MAX))
  .max(MEETING_POINTS_MAX)
  .superRefine((points, ctx) => {
    const seen = new Set<string>();
    points.forEach((p, i) => {
      const key = p.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i], message: MEETING_MESSAGES.duplicatePoint });
      seen.add(key);
    });
  });

const windowShape = {
  /** The event-zone day, 'YYYY-MM-DD'. */
  date: dateForFormatSchema('YYYY-MM-DD'),
  /** Wall-clock times in the event's zone, 'hh:mm AM'. */
  startTime: timeFormatSchema,
  endTime: timeFormatSchema,
  slotMinutes: slotMinutesSchema,
  meetingPoints: meetingPointsSchema.default([]),
  bookableBy: bookableBySchema.default({ type: 'EVERYONE', labelIds: [] }),
};

/** Issues of a window's times: the end after the start, room for at least one slot. */
export function windowTimeIssues(w: {
  startTime?: string | undefined;
  endTime?: string | undefined;
  slotMinutes?: number | undefined;
}): { path: 'endTime' | 'slotMinutes'; message: string }[] {
  const s = w.startTime ? timeToMinutes(w.startTime) : undefined;
  const e = w.endTime ? timeToMinutes(w.endTime) : undefined;
  if (s === undefined || e === undefined) return [];
  if (e <= s) return [{ path: 'endTime', message: MEETING_MESSAGES.endBeforeStart }];
  if (w.slotMinutes !== undefined && e - s < w.slotMinutes)
    return [{ path: 'slotMinutes', message: MEETING_MESSAGES.tooShort }];
  return [];
}

export const createMeetingWindowSchema = z.object(windowShape).superRefine((w, ctx) => {
  for (const issue of windowTimeIssues(w))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});
export type CreateMeetingWindow = z.input<typeof createMeetingWindowSchema>;
export const updateMeetingWindowSchema = z.object({
  date: windowShape.date.optional(),
  startTime: windowShape.startTime.optional(),
  endTime: windowShape.endTime.optional(),
  slotMinutes: slotMinutesSchema.optional(),
  meetingPoints: meetingPointsSchema.optional(),
  bookableBy: bookableBySchema.optional(),
});
export type UpdateMeetingWindow = z.input<typeof updateMeetingWindowSchema>;

/** One slot of a window: UTC instants. */
export interface MeetingSlot {
  startAt: string;
  endAt: string;
}

/**
 * The slots of a window: from its start, every `slotMinutes` of wall-clock time in the event's zone,
 * as long as a whole slot fits before its end. Wall-clock times are kept across a DST change (a
 * 09:00 slot is at 09:00 on the day the clocks move); a slot whose start or end does not exist that
 * day (in the hour the clocks skip) is left out, and a slot whose wall-clock end is not after its
 * start in real time (the repeated hour) too.
 */
export function deriveSlots(
  w: { date: string; startTime: string; endTime: string; slotMinutes: number },
  zone: string,
): MeetingSlot[] {
  const start = timeToMinutes(w.startTime);
  const end = timeToMinutes(w.endTime);
  if (start === undefined || end === undefined || w.slotMinutes <= 0) return [];
  const at = (minutes: number) => {
    const time = minutesToTime(minutes);
    const instant = wallClockToInstant(w.date, time, zone);
    const back = instantToWallClock(instant, zone);
    return back.date === w.date && back.time === time ? instant : undefined;
  };
  const slots: MeetingSlot[] = [];
  for (let m = start; m + w.slotMinutes <= end; m += w.slotMinutes) {
    const s = at(m);
    const e = m + w.slotMinutes === 24 * 60 ? undefined : at(m + w.slotMinutes);
    if (!s || !e || e.getTime() <= s.getTime()) continue;
    slots.push({ startAt: s.toISOString(), endAt: e.toISOString() });
  }
  return slots;
}

/** Minutes after midnight → 'hh:mm AM'. */
export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The window's first and last instants (its wall-clock start and end on its day, in the zone). */
export function windowBounds(
  w: { date: string; startTime: string; endTime: string },
  zone: string,
): { startAt: Date; endAt: Date } {
  return {
    startAt: wallClockToInstant(w.date, w.startTime, zone),
    endAt: wallClockToInstant(w.date, w.endTime, zone),
  };
}

export { timeSlotText as meetingTimeSlotText };

const labelRefSchema = z.object({ id: z.uuid(), name: z.string(), color: z.string().nullable() });

/** A meeting window ("Meeting intervals" list: userName = creator's full name, else e-mail). */
export const meetingWindowSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startAt: z.iso.datetime({ offset: true }),
  endAt: z.iso.datetime({ offset: true }),
  slotMinutes: z.number().int(),
  timeSlot: z.string(),
  meetingPoints: z.array(z.string()),
  bookableBy: z.object({ type: z.enum(['EVERYONE', 'LABELS']), labels: z.array(labelRefSchema) }),
  slotCount: z.number().int(),
  /** Every slot of the window (staff book in them). */
  slots: z.array(z.object({ startAt: z.string(), endAt: z.string(), timeSlot: z.string() })),
  meetingCount: z.number().int(),
  userName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type MeetingWindow = z.infer<typeof meetingWindowSchema>;
export const meetingWindowListQuerySchema = listQuerySchema.extend({ date: z.string().max(10).optional() });

/** A person as meetings show them. */
export const meetingPersonSchema = z.object({
  participantId: z.uuid(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  photoUrl: z.string().nullable(),
});
export type MeetingPerson = z.infer<typeof meetingPersonSchema>;

export const meetingSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  windowId: z.uuid(),
  requester: meetingPersonSchema,
  invitee: meetingPersonSchema,
  /** Who must answer a pending request (the invitee, or the requester after a counter-proposal). */
  awaitingId: z.uuid().nullable(),
  status: meetingStatusSchema,
  startAt: z.iso.datetime({ offset: true }),
  endAt: z.iso.datetime({ offset: true }),
  timeSlot: z.string(),
  date: z.string(),
  message: z.string(),
  meetingPoint: z.string().nullable(),
  bookedBy: z.enum(['PARTICIPANT', 'ADMIN']),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Meeting = z.infer<typeof meetingSchema>;
export const meetingListQuerySchema = listQuerySchema.extend({
  status: meetingStatusSchema.optional(),
  participantId: z.uuid().optional(),
});

/** "Available users": participants who opted in and do not hide their profile. */
export const availableUserSchema = meetingPersonSchema;
export type AvailableUser = MeetingPerson;
export const availableUserListQuerySchema = listQuerySchema;

export const meetingSettingsSchema = z.object({ requestQuota: z.number().int() });
export const updateMeetingSettingsSchema = z.object({
  requestQuota: z
    .number({ error: 'Enter a whole number from 1 to 1000' })
    .int('Enter a whole number from 1 to 1000')
    .min(1, 'Enter a whole number from 1 to 1000')
    .max(1000, 'Enter a whole number from 1 to 1000'),
});
export type MeetingSettings = z.infer<typeof meetingSettingsSchema>;

export const availabilitySchema = z.object({ available: z.boolean() });
export type Availability = z.infer<typeof availabilitySchema>;

/** Slots offered to the caller (with `participantId`: those free for both). */
export const meetingSlotsQuerySchema = z.object({ participantId: z.uuid().optional() });
/** Staff booking: slots free for every one of these participants (participantId repeated, at most two). */
export const staffSlotsQuerySchema = z.object({
  participantId: z
    .union([z.uuid(), z.array(z.uuid()).max(2)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});
export const offeredSlotSchema = z.object({
  windowId: z.uuid(),
  date: z.string(),
  startAt: z.iso.datetime({ offset: true }),
  endAt: z.iso.datetime({ offset: true }),
  timeSlot: z.string(),
  free: z.boolean(),
});
export type OfferedSlot = z.infer<typeof offeredSlotSchema>;
export const offeredSlotsSchema = z.object({ timezone: z.string(), slots: z.array(offeredSlotSchema) });

const slotStartSchema = z.iso.datetime({ offset: true, error: MESSAGES.pleaseSelectValue });

export const requestMeetingSchema = z.object({
  inviteeId: z.uuid({ error: MESSAGES.pleaseSelectValue }),
  startAt: slotStartSchema,
  message: maxLengthString(MEETING_MESSAGE_MAX).trim().default(''),
});
export type RequestMeeting = z.input<typeof requestMeetingSchema>;
export const proposeMeetingSchema = z.object({
  startAt: slotStartSchema,
  message: maxLengthString(MEETING_MESSAGE_MAX).trim().optional(),
});
export const bookMeetingSchema = z
  .object({
    requesterId: z.uuid({ error: MESSAGES.pleaseSelectValue }),
    inviteeId: z.uuid({ error: MESSAGES.pleaseSelectValue }),
    startAt: slotStartSchema,
    message: maxLengthString(MEETING_MESSAGE_MAX).trim().default(''),
  })
  .refine((b) => b.requesterId !== b.inviteeId, { path: ['inviteeId'], message: MEETING_MESSAGES.self });
export type BookMeeting = z.input<typeof bookMeetingSchema>;

/** The caller's own meetings (participant app): every status, newest slot last. */
export const myMeetingsSchema = z.object({
  participantId: z.uuid(),
  timezone: z.string(),
  meetings: z.array(meetingSchema),
});
export type MyMeetings = z.infer<typeof myMeetingsSchema>;

/** Realtime `meetings.changed` in the user rooms of both people when a meeting of theirs changes. */
export const MEETINGS_CHANGED_EVENT = 'meetings.changed';
export const meetingsChangedSchema = z.object({
  eventId: z.uuid(),
  meetingId: z.uuid(),
  status: meetingStatusSchema,
});

/** Texts of the e-mail both people get when a meeting is booked. */
export const MEETING_EMAIL = {
  subject: (event: string) => `Meeting booked – ${event}`,
  preview: (other: string, when: string) => `You meet ${other} ${when}`,
  greeting: (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,'),
  body: (other: string, when: string, event: string) =>
    `Your meeting with ${other} at ${event} is booked for ${when}.`,
  where: (point: string) => `Meeting point: ${point}.`,
  action: 'Open my meetings',
  reason: 'You get this e-mail because a meeting of yours was booked.',
} as const;
