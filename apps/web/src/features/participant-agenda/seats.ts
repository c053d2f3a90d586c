import { seatState, type SeatState } from '@plenary/domain';
import type { SessionView } from './api';

/** What the enroll control offers for a session, from the participant's place and the seats. */
export type EnrollControl =
  | { kind: 'none' }
  | { kind: 'enrolled' }
  | { kind: 'waitlisted'; position: number | null }
  | { kind: 'enroll'; seatsLeft: number | null; few: boolean }
  | { kind: 'waitlist' }
  | { kind: 'full' };

export function enrollControl(s: Pick<SessionView, 'enrollable' | 'myState' | 'waitlistPosition' | 'seatState' | 'capacity' | 'enrolledCount'>): EnrollControl {
  if (s.myState === 'ENROLLED') return { kind: 'enrolled' };
  if (s.myState === 'WAITLISTED') return { kind: 'waitlisted', position: s.waitlistPosition };
  if (!s.enrollable) return { kind: 'none' };
  switch (s.seatState) {
    case 'FULL':
      return { kind: 'full' };
    case 'FULL_WAITLIST':
      return { kind: 'waitlist' };
    default:
      return { kind: 'enroll', seatsLeft: s.capacity === null ? null : Math.max(0, s.capacity - s.enrolledCount), few: s.seatState === 'FEW_LEFT' };
  }
}

/**
 * A session after a live seat count (`session.seats`, which says whether the session keeps a
 * waitlist) or an enroll answer (which does not: the session's own `waitlist` then holds).
 */
export function withSeats<T extends Pick<SessionView, 'seatState' | 'capacity' | 'enrolledCount' | 'waitlist'>>(
  s: T,
  seats: { enrolledCount: number; capacity: number | null; waitlist?: boolean },
): T {
  const waitlist = seats.waitlist ?? s.waitlist;
  const state: SeatState = seatState(seats.capacity, seats.enrolledCount, waitlist);
  return { ...s, enrolledCount: seats.enrolledCount, capacity: seats.capacity, waitlist, seatState: state };
}
