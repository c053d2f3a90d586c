import { dayInZone } from '@plenary/domain';

/**
 * How the agenda shows time: the event's wall clock first (what the printed programme and the room
 * say), and the viewer's own clock beside it when their zone shows another time.
 */
// Building an Intl formatter costs far more than using one, and every card needs several: one per zone and kind.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(
  kind: 'time' | 'zone' | 'day' | 'weekday',
  zone: string,
  locale: string,
): Intl.DateTimeFormat {
  const key = `${kind}|${zone}|${locale}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      time: { hour: '2-digit', minute: '2-digit' },
      zone: { timeZoneName: 'short' },
      day: { year: 'numeric', month: '2-digit', day: '2-digit' },
      weekday: { weekday: 'short', day: 'numeric', month: 'short' },
    };
    f = new Intl.DateTimeFormat(kind === 'day' ? 'en-CA' : locale, { ...options[kind], timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}
const timeFormat = (zone: string, locale: string) => formatter('time', zone, locale);
/** 'YYYY-MM-DD' of `at` in `zone` (en-CA writes dates that way). */
const dayOf = (at: Date | string, zone: string) => formatter('day', zone, 'en-CA').format(new Date(at));

/** '09:00 – 10:30' in `zone`. */
export function timeRange(
  startAt: Date | string,
  endAt: Date | string,
  zone: string,
  locale = 'en-GB',
): string {
  const f = timeFormat(zone, locale);
  return `${f.format(new Date(startAt))} – ${f.format(new Date(endAt))}`;
}

/** A short name of `zone` at `at`, e.g. 'CET' or 'GMT+2'. */
export function zoneLabel(zone: string, at: Date | string, locale = 'en-GB'): string {
  const parts = formatter('zone', zone, locale).formatToParts(new Date(at));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/**
 * The viewer's local range when it differs from the event's (another zone with another offset at
 * that time), with the day when it falls on another day; undefined when the two clocks agree.
 */
export function localTimeRange(
  startAt: Date | string,
  endAt: Date | string,
  eventZone: string,
  viewerZone: string,
  locale = 'en-GB',
): string | undefined {
  const event = timeRange(startAt, endAt, eventZone, locale);
  const local = timeRange(startAt, endAt, viewerZone, locale);
  const sameDay = dayOf(startAt, eventZone) === dayOf(startAt, viewerZone);
  if (event === local && sameDay) return undefined;
  const day = sameDay ? '' : `${formatter('weekday', viewerZone, locale).format(new Date(startAt))}, `;
  return `${day}${local} ${zoneLabel(viewerZone, startAt, locale)}`;
}

/** A day tab's label: 'Mon 1 Mar' for the event-zone day 'YYYY-MM-DD'. */
export function dayLabel(day: string, locale = 'en-GB'): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return formatter('weekday', 'UTC', locale).format(new Date(Date.UTC(y, m - 1, d, 12)));
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
