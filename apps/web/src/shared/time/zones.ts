import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { eventClock, formatDateTime, formatDay } from './format';
import { validZone } from './zone';

dayjs.extend(utc);
dayjs.extend(timezone);

export { browserZone, validZone } from './zone';

/**
 * Event time: an event's start and end are instants (UTC on the wire) that screens show and forms
 * take as wall-clock time in the event's own IANA zone, whatever the browser's zone is.
 */

/** The wall-clock format of Mantine's date pickers (their value strings). */
export const WALL_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** UTC instant → wall-clock time in `zone` ('YYYY-MM-DD HH:mm:ss'), for a date picker. */
export function toWallTime(iso: string, zone: string | null | undefined): string {
  return dayjs.utc(iso).tz(validZone(zone)).format(WALL_FORMAT);
}

/**
 * Wall-clock time in `zone` ('YYYY-MM-DD HH:mm:ss', or without seconds, or with a 'T') → UTC ISO
 * instant. A time that a daylight-saving change skips moves forward by the gap.
 */
export function fromWallTime(wall: string, zone: string | null | undefined): string {
  return dayjs.tz(wall.replace('T', ' '), validZone(zone)).toISOString();
}

/** Every IANA zone the browser knows (Intl.supportedValuesOf), UTC first. */
export function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = supported ? supported('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/**
 * "Tue, 12 May 2026, 09:00" in the event's time zone and the event's locale (12 or 24 hours), as
 * every event time is shown (shared/time/format).
 */
export function formatInZone(iso: string, zone: string | null | undefined, locale?: string): string {
  return formatDateTime(iso, eventClock(zone, locale), { weekday: true });
}

/** Day-only form for cards: "12 May 2026". */
export function formatDayInZone(iso: string, zone: string | null | undefined, locale?: string): string {
  return formatDay(iso, eventClock(zone, locale));
}
