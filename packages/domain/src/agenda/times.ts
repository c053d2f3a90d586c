import type { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { sessionOutsideEventMessage } from './messages.js';
import { dateForFormatSchema, timeFormatSchema, timeToMinutes } from '../validation/date.js';

/**
 * A session's time as organisers type it: dates 'YYYY-MM-DD' and times 'hh:mm AM/PM', wall-clock
 * in the event's IANA time zone (whatever the browser's zone is). Stored as UTC instants.
 */
export const SESSION_DATE_FORMAT = 'YYYY-MM-DD';

export const sessionTimesShape = {
  startDate: dateForFormatSchema(SESSION_DATE_FORMAT),
  startTime: timeFormatSchema,
  endDate: dateForFormatSchema(SESSION_DATE_FORMAT),
  endTime: timeFormatSchema,
};
export interface SessionTimes {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

/**
 * Spec part 5 order messages on the right fields: dates first ('Start date can not be greater
 * than end date' / 'End date can not be less than start date'), then, on the same day, times
 * ('Start time can not be greater than end time' / 'End time can not be less than start time').
 * A session must end after it starts, so equal times on one day are refused with the time messages.
 */
export function sessionTimeIssues(t: Partial<SessionTimes>): { path: keyof SessionTimes; message: string }[] {
  if (!t.startDate || !t.endDate) return [];
  if (t.startDate > t.endDate)
    return [
      { path: 'startDate', message: MESSAGES.startDateAfterEndDate },
      { path: 'endDate', message: MESSAGES.endDateBeforeStartDate },
    ];
  if (t.startDate < t.endDate || !t.startTime || !t.endTime) return [];
  const s = timeToMinutes(t.startTime);
  const e = timeToMinutes(t.endTime);
  if (s === undefined || e === undefined || s < e) return [];
  return [
    { path: 'startTime', message: MESSAGES.startTimeAfterEndTime },
    { path: 'endTime', message: MESSAGES.endTimeBeforeStartTime },
  ];
}

export function refineSessionTimes(t: Partial<SessionTimes>, ctx: z.RefinementCtx): void {
  for (const issue of sessionTimeIssues(t))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
}

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one (an agenda formats hundreds of times). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/**
 * Offsets already computed, per zone and quarter hour: zones change offset at quarter-hour instants
 * (offsets and local transition times are multiples of 15 minutes), so one lookup per quarter hour
 * is exact, and an agenda's hundreds of sessions share a few quarter hours.
 */
const QUARTER_MS = 15 * 60_000;
const offsets = new Map<string, number>();

/** Offset of `zone` from UTC at instant `ms`, in minutes (Intl only: works in Node and browsers). */
function zoneOffsetMinutes(ms: number, zone: string): number {
  const key = `${zone} ${Math.floor(ms / QUARTER_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    offset = computeOffsetMinutes(Math.floor(ms / QUARTER_MS) * QUARTER_MS, zone);
    offsets.set(key, offset);
  }
  return offset;
}

function computeOffsetMinutes(ms: number, zone: string): number {
  const parts = formatterFor(zone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** 'YYYY-MM-DD' + 'hh:mm AM' in `zone` → UTC instant. A time skipped by a DST change moves forward by the gap. */
export function wallClockToInstant(date: string, time: string, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const minutes = timeToMinutes(time) ?? 0;
  const naive = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  let guess = naive - zoneOffsetMinutes(naive, zone) * 60_000;
  guess = naive - zoneOffsetMinutes(guess, zone) * 60_000;
  return new Date(guess);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** UTC instant → { date: 'YYYY-MM-DD', time: 'hh:mm AM' } in `zone`. */
export function instantToWallClock(instant: Date | string, zone: string): { date: string; time: string } {
  const ms = new Date(instant).getTime();
  const local = new Date(ms + zoneOffsetMinutes(ms, zone) * 60_000);
  const h = local.getUTCHours();
  const time = `${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(local.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
  return {
    date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time,
  };
}

/** Spec "timeSlot": '09:00 AM - 10:30 AM' in the event's zone (dates added when it spans days). */
export function timeSlotText(startAt: Date | string, endAt: Date | string, zone: string): string {
  const s = instantToWallClock(startAt, zone);
  const e = instantToWallClock(endAt, zone);
  return s.date === e.date ? `${s.time} - ${e.time}` : `${s.date} ${s.time} - ${e.date} ${e.time}`;
}

/** The event-zone day ('YYYY-MM-DD') an instant falls on: the agenda's day tabs. */
export function dayInZone(instant: Date | string, zone: string): string {
  return instantToWallClock(instant, zone).date;
}

/** An event's first and last day ('YYYY-MM-DD') in its own zone. */
export interface EventDays {
  first: string;
  last: string;
}
export function eventDays(event: {
  startAt: Date | string;
  endAt: Date | string;
  timezone: string;
}): EventDays {
  return { first: dayInZone(event.startAt, event.timezone), last: dayInZone(event.endAt, event.timezone) };
}

/**
 * A session lies within the event's days (compared as dates in the event's zone, so a session may
 * start before the event's opening hour on its first day): otherwise participants would get a
 * day tab before or after the event. Issues on `startDate` / `endDate`, like the order messages.
 */
export function sessionOutsideEventIssues(
  t: Partial<SessionTimes>,
  days: EventDays,
): { path: 'startDate' | 'endDate'; message: string }[] {
  const message = sessionOutsideEventMessage(days.first, days.last);
  const outside = (day: string | undefined) =>
    day !== undefined && day !== '' && (day < days.first || day > days.last);
  return (['startDate', 'endDate'] as const)
    .filter((path) => outside(t[path]))
    .map((path) => ({ path, message }));
}
