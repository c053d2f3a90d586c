import { dayInZone } from '@plenary/domain';

interface Timed {
  startAt: string;
  endAt: string;
}

export interface NowAndNext<S extends Timed> {
  /** Sessions under way at `now`, by start. */
  now: S[];
  /** The next sessions to start: today's (in the event's zone) when there are any, else those of the next day with sessions. */
  next: S[];
  /** Whether `next` is today. */
  nextToday: boolean;
}

const byStart = (a: Timed, b: Timed) => Date.parse(a.startAt) - Date.parse(b.startAt);

/**
 * The event home's "Happening now" and "Up next". Days are the event's (its time zone), so a
 * participant abroad sees the programme's "today", not their own.
 */
export function nowAndNext<S extends Timed>(
  sessions: readonly S[],
  now: number,
  zone: string,
  limit = 3,
): NowAndNext<S> {
  const sorted = [...sessions].sort(byStart);
  const running = sorted.filter((s) => Date.parse(s.startAt) <= now && now < Date.parse(s.endAt));
  const upcoming = sorted.filter((s) => Date.parse(s.startAt) > now);
  const today = dayInZone(new Date(now), zone);
  const firstDay = upcoming[0] ? dayInZone(new Date(upcoming[0].startAt), zone) : undefined;
  const next = upcoming.filter((s) => dayInZone(new Date(s.startAt), zone) === firstDay).slice(0, limit);
  return { now: running, next, nextToday: firstDay === today };
}

/** '14:30' in `zone` (the agenda's 24-hour clock, as times.ts). */
export function clockTime(iso: string, zone: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(
    new Date(iso),
  );
}
