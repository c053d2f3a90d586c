import { describe, expect, it } from 'vitest';
import { showsSeatsTaken } from './seats';

describe('seats taken line on the session page', () => {
  it('is left out when the badge already counts the seats left (the same count twice)', () => {
    expect(showsSeatsTaken({ kind: 'enroll', seatsLeft: 3, few: true }, 40)).toBe(false);
    expect(showsSeatsTaken({ kind: 'enroll', seatsLeft: 30, few: false }, 40)).toBe(false);
  });
  it('is shown where the badge names a place or a full session instead', () => {
    expect(showsSeatsTaken({ kind: 'enrolled' }, 40)).toBe(true);
    expect(showsSeatsTaken({ kind: 'waitlisted', position: 2 }, 40)).toBe(true);
    expect(showsSeatsTaken({ kind: 'full' }, 40)).toBe(true);
    expect(showsSeatsTaken({ kind: 'waitlist' }, 40)).toBe(true);
  });
  it('is never shown for open seating or an ended session', () => {
    expect(showsSeatsTaken({ kind: 'enrolled' }, null)).toBe(false);
    expect(showsSeatsTaken({ kind: 'ended' }, 40)).toBe(false);
  });
});
