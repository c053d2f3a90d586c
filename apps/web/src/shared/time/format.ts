import { eventLocale, uses24Hours, viewerLocale } from './locale';
import { browserZone, validZone } from './zone';

/**
 * The one place the web app writes dates and times (Intl-based). A Clock is a zone and a locale:
 * an event's times use the event's clock (its zone, and the locale that decides 12 or 24 hours);
 * timestamps that belong to no event use the viewer's and say which zone they are in.
 */
export interface Clock {
  zone: string;
  locale: string;
}

/** The event's clock: its zone (UTC when unknown) and its locale (see eventLocale). */
export function eventClock(zone: string | null | undefined, locale?: string | null): Clock {
  const valid = validZone(zone);
  return { zone: valid, locale: eventLocale(valid, locale) };
}

/** The viewer's own clock: the browser's zone and language. */
export function viewerClock(): Clock {
  return { zone: browserZone(), locale: viewerLocale() };
}

type Kind = 'time' | 'day' | 'dayTime' | 'weekdayDayTime' | 'weekdayDay' | 'zone';

// Building an Intl formatter costs far more than using one; lists format thousands of cells.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: Kind, clock: Clock): Intl.DateTimeFormat {
  const key = `${kind}|${clock.zone}|${clock.locale}`;
  let f = formatters.get(key);
  if (!f) {
    const h24 = uses24Hours(clock.locale);
    const time: Intl.DateTimeFormatOptions = {
      hour: h24 ? '2-digit' : 'numeric',
      minute: '2-digit',
      hourCycle: h24 ? 'h23' : 'h12',
    };
    const day: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
    const options: Record<Kind, Intl.DateTimeFormatOptions> = {
      time,
      day,
      dayTime: { ...day, ...time },
      weekdayDayTime: { weekday: 'short', ...day, ...time },
      weekdayDay: { weekday: 'short', day: 'numeric', month: 'short' },
      zone: { timeZoneName: 'short' },
    };
    f = new Intl.DateTimeFormat(clock.locale, { ...options[kind], timeZone: clock.zone });
    formatters.set(key, f);
  }
  return f;
}

function instant(at: Date | string | null | undefined): Date | undefined {
  if (at === null || at === undefined || at === '') return undefined;
  const d = at instanceof Date ? at : new Date(at);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

const write = (kind: Kind, at: Date | string | null | undefined, clock: Clock) => {
  const d = instant(at);
  return d ? formatter(kind, clock).format(d) : '';
};

/** '14:00' or '2:00 PM'. */
export const formatTime = (at: Date | string | null | undefined, clock: Clock) => write('time', at, clock);

/** '09:00 – 10:30' or '9:00 AM – 10:30 AM'. */
export function formatTimeRange(start: Date | string, end: Date | string, clock: Clock): string {
  return `${formatTime(start, clock)} – ${formatTime(end, clock)}`;
}

/** '12 May 2026' (en-US: 'May 12, 2026'). */
export const formatDay = (at: Date | string | null | undefined, clock: Clock) => write('day', at, clock);

/** '12 May 2026, 14:00'; with `weekday`, 'Tue, 12 May 2026, 14:00'. */
export function formatDateTime(
  at: Date | string | null | undefined,
  clock: Clock,
  { weekday = false }: { weekday?: boolean } = {},
): string {
  return write(weekday ? 'weekdayDayTime' : 'dayTime', at, clock);
}

/** A day tab's label, 'Mon 1 Mar', of the calendar day 'YYYY-MM-DD' (no zone applies). */
export function formatCalendarDay(day: string, locale: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return formatter('weekdayDay', { zone: 'UTC', locale }).format(new Date(Date.UTC(y, m - 1, d, 12)));
}

/** A date-only value 'YYYY-MM-DD' (a custom field's), '12 May 2026', whatever the viewer's zone. */
export function formatCalendarDate(day: string, locale: string): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (!y || !m || !d) return day;
  return formatter('day', { zone: 'UTC', locale }).format(new Date(Date.UTC(y, m - 1, d, 12)));
}

/** The short name of the clock's zone at `at`: 'CET', 'CEST', 'EST' or 'GMT+2'. */
export function zoneAbbreviation(at: Date | string, clock: Clock): string {
  const d = instant(at) ?? new Date();
  return (
    formatter('zone', clock)
      .formatToParts(d)
      .find((p) => p.type === 'timeZoneName')?.value ?? clock.zone
  );
}

/**
 * A moment that belongs to no event's programme (created, updated, sent), in the viewer's clock
 * unless given another, always with its zone: '12 May 2026, 14:05 CEST'.
 */
export function formatTimestamp(at: Date | string | null | undefined, clock: Clock = viewerClock()): string {
  const d = instant(at);
  if (!d) return '';
  return `${formatter('dayTime', clock).format(d)} ${zoneAbbreviation(d, clock)}`;
}

/** Like formatTimestamp, time first then date ('14:05 CEST', '12 May 2026'), for "last modified". */
export function timestampParts(
  at: Date | string | null | undefined,
  clock: Clock = viewerClock(),
): { time: string; date: string } | undefined {
  const d = instant(at);
  if (!d) return undefined;
  return { time: `${formatTime(d, clock)} ${zoneAbbreviation(d, clock)}`, date: formatDay(d, clock) };
}

/** Whether `viewer`'s clock shows another wall time than `event`'s at `at`. */
export function differentWallClock(at: Date | string, event: Clock, viewer: Clock): boolean {
  if (event.zone === viewer.zone) return false;
  const wall = (c: Clock) => formatDateTime(at, { zone: c.zone, locale: 'en-GB' });
  return wall(event) !== wall(viewer);
}

/** The hour format of Mantine's time pickers for a clock: '24h' where the locale writes 14:00. */
export function pickerHours(clock: Clock): '12h' | '24h' {
  return uses24Hours(clock.locale) ? '24h' : '12h';
}

/** 'Mon, 1 Mar 2027, 09:00 – 10:30' on `clock`; with the end's date too when it ends on another day. */
export function formatSpan(start: Date | string, end: Date | string, clock: Clock): string {
  const from = formatDateTime(start, clock, { weekday: true });
  const sameDay = formatDay(start, clock) === formatDay(end, clock);
  return `${from} – ${sameDay ? formatTime(end, clock) : formatDateTime(end, clock, { weekday: true })}`;
}
