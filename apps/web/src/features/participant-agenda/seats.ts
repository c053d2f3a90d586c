import { seatState, type SeatState } from '@plenary/domain';
import type { SessionView } from './api';

/** What the enroll control offers for a session, from the participant's place and the seats. */
export type EnrollControl =
  | { kind: 'none' }
  | { kind: 'ended' }
  | { kind: 'enrolled' }
  | { kind: 'waitlisted'; position: number | null }
  | { kind: 'enroll'; seatsLeft: number | null; few: boolean }
  | { kind: 'waitlist' }
  | { kind: 'full' };

/**
 * A session that has ended (`now`, ms) offers nothing: no seats, no button (the API refuses
 * enrolling and leaving then), only that it has ended.
 */
export function enrollControl(
  s: Pick<
    SessionView,
    'enrollable' | 'myState' | 'waitlistPosition' | 'seatState' | 'capacity' | 'enrolledCount' | 'endAt'
  >,
  now: number,
): EnrollControl {
  if (hasEnded(s, now)) return { kind: 'ended' };
  if (s.myState === 'ENROLLED') return { kind: 'enrolled' };
  if (s.myState === 'WAITLISTED') return { kind: 'waitlisted', position: s.waitlistPosition };
  if (!s.enrollable) return { kind: 'none' };
  switch (s.seatState) {
    case 'FULL':
      return { kind: 'full' };
    case 'FULL_WAITLIST':
      return { kind: 'waitlist' };
    default:
      return {
        kind: 'enroll',
        seatsLeft: s.capacity === null ? null : Math.max(0, s.capacity - s.enrolledCount),
        few: s.seatState === 'FEW_LEFT',
      };
  }
}

export const hasEnded = (s: Pick<SessionView, 'endAt'>, now: number): boolean =>
  new Date(s.endAt).getTime() <= now;

/**
 * A session after a live seat count (`session.seats`, which says whether the session keeps a
 * waitlist) or an enroll answer (which does not: the session's own `waitlist` then holds).
 */
export function withSeats<
  T extends Pick<SessionView, 'seatState' | 'capacity' | 'enrolledCount' | 'waitlist'>,
>(s: T, seats: { enrolledCount: number; capacity: number | null; waitlist?: boolean }): T {
  const waitlist = seats.waitlist ?? s.waitlist;
  const state: SeatState = seatState(seats.capacity, seats.enrolledCount, waitlist);
  return { ...s, enrolledCount: seats.enrolledCount, capacity: seats.capacity, waitlist, seatState: state };
}

/**
 * Whether the session page adds "X of Y seats taken" under the seat badge: not when the badge
 * already counts the seats ("3 seats left" says the same number twice), nor for an ended session.
 */
export function showsSeatsTaken(control: EnrollControl, capacity: number | null): boolean {
  if (capacity === null) return false;
  return control.kind !== 'ended' && !(control.kind === 'enroll' && control.seatsLeft !== null);
}
