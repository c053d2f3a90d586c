import { dayInZone } from '@plenary/domain';
import {
  differentWallClock,
  eventClock,
  formatCalendarDay,
  formatTimeRange,
  zoneAbbreviation,
  type Clock,
} from '../../shared/time/format';

/**
 * How the agenda shows time: the event's wall clock first (what the printed programme and the room
 * say), and the viewer's own clock beside it when their zone shows another time.
 */
const clockOf = (zone: string, locale?: string): Clock => ({
  ...eventClock(zone),
  ...(locale ? { locale } : {}),
});

/** '09:00 – 10:30' in `zone` (or '9:00 AM – 10:30 AM': the event's locale decides, shared/time). */
export function timeRange(
  startAt: Date | string,
  endAt: Date | string,
  zone: string,
  locale?: string,
): string {
  return formatTimeRange(startAt, endAt, clockOf(zone, locale));
}

/** A short name of `zone` at `at`, e.g. 'CET' or 'GMT+2'. */
export function zoneLabel(zone: string, at: Date | string, locale?: string): string {
  return zoneAbbreviation(at, clockOf(zone, locale));
}

/**
 * The viewer's local range when it differs from the event's (another zone with another offset at
 * that time), with the day when it falls on another day, labelled with the viewer's zone; written
 * on the event's clock (12 or 24 hours) so one screen uses one format. Undefined when the two
 * clocks agree.
 */
export function localTimeRange(
  startAt: Date | string,
  endAt: Date | string,
  eventZone: string,
  viewerZone: string,
  locale?: string,
): string | undefined {
  const event = clockOf(eventZone, locale);
  const viewer = { zone: viewerZone, locale: event.locale };
  if (!differentWallClock(startAt, event, viewer) && !differentWallClock(endAt, event, viewer))
    return undefined;
  const sameDay = dayInZone(new Date(startAt), eventZone) === dayInZone(new Date(startAt), viewerZone);
  const day = sameDay ? '' : `${formatCalendarDay(dayInZone(new Date(startAt), viewerZone), event.locale)}, `;
  return `${day}${formatTimeRange(startAt, endAt, viewer)} ${zoneAbbreviation(startAt, viewer)}`;
}

/** A day tab's label: 'Mon 1 Mar' for the event-zone day 'YYYY-MM-DD'. */
export function dayLabel(day: string, locale = 'en-GB'): string {
  return formatCalendarDay(day, locale);
}

/** The day tab to open: the asked one if the agenda has it, else today (in the event's zone) if it has it, else the first. */
export function initialDay(
  days: readonly string[],
  asked: string | null,
  now: Date,
  eventZone: string,
): string | undefined {
  if (asked && days.includes(asked)) return asked;
  const today = dayInZone(now, eventZone);
  return days.includes(today) ? today : days[0];
}

export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
