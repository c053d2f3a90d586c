import { isUpcoming } from '@plenary/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { EventSummary } from '../../shared/api/types';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Wall-clock format the date pickers read and write. */
export const WALL_FORMAT = 'YYYY-MM-DD HH:mm:ss';

function validZone(zone: string | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** "Tue, 12 May 2026, 09:00" in the event's time zone (screens show event time). */
export function formatInZone(iso: string, zone: string | undefined, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: validZone(zone),
  }).format(new Date(iso));
}

/** Day-only form for cards: "12 May 2026". */
export function formatDayInZone(iso: string, zone: string | undefined, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: validZone(zone) }).format(
    new Date(iso),
  );
}

/** UTC instant → wall time in `zone`, for a date picker. */
export function toWallTime(iso: string, zone: string): string {
  return dayjs.utc(iso).tz(validZone(zone)).format(WALL_FORMAT);
}

/** Wall time in `zone` (from a date picker) → UTC ISO instant. */
export function fromWallTime(wall: string, zone: string): string {
  return dayjs.tz(wall, WALL_FORMAT, validZone(zone)).toISOString();
}

export type EventPhase = 'live' | 'upcoming' | 'scheduled' | 'past';

/** Live while it runs; 'upcoming' when it starts within the spec's 13-day window. */
export function eventPhase(event: Pick<EventSummary, 'startAt' | 'endAt'>, now: number = Date.now()): EventPhase {
  const start = new Date(event.startAt).getTime();
  const end = new Date(event.endAt).getTime();
  if (end < now) return 'past';
  if (start <= now) return 'live';
  return isUpcoming(event.startAt, now) ? 'upcoming' : 'scheduled';
}

export const PHASE_COLOR: Record<EventPhase, string> = {
  live: 'green',
  upcoming: 'blue',
  scheduled: 'gray',
  past: 'dark',
};

/** Every IANA zone the browser knows (for the time-zone picker). */
export function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = supported ? supported('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
