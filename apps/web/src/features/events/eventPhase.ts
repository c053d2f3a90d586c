import { isUpcoming } from '@plenary/domain';
import type { EventSummary } from '../../shared/api/types';

export type EventPhase = 'live' | 'upcoming' | 'scheduled' | 'past';

/** Live while it runs; 'upcoming' when it starts within the spec's 13-day window. */
export function eventPhase(
  event: Pick<EventSummary, 'startAt' | 'endAt'>,
  now: number = Date.now(),
): EventPhase {
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
