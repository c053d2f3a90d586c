import { dayInZone } from '@plenary/domain';
import { eventClock, formatTime } from '../../shared/time/format';

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

/** '14:30' (or '2:30 PM') on the event's clock, as the agenda writes it (shared/time). */
export function clockTime(iso: string, zone: string, locale?: string): string {
  return formatTime(iso, eventClock(zone, locale));
}
