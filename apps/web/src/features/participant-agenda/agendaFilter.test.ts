import { describe, expect, it } from 'vitest';
import type { SessionView } from './api';
import { criteriaFromParams, daysOf, filterSessions, NO_CRITERIA } from './agendaFilter';
import { enrollControl, withSeats } from './seats';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function session(n: number, over: Partial<SessionView> = {}): SessionView {
  return {
    id: id(n),
    name: `Session ${n}`,
    description: '',
    type: 'SESSION',
    startAt: '2027-03-01T08:00:00.000Z',
    endAt: '2027-03-01T09:00:00.000Z',
    day: '2027-03-01',
    timeSlot: '09:00 AM - 10:00 AM',
    virtualLink: null,
    location: null,
    breakout: null,
    collections: [],
    speakers: [],
    materials: [],
    enrollable: true,
    capacity: null,
    enrolledCount: 0,
    waitlist: true,
    seatState: 'OPEN',
    myState: null,
    waitlistPosition: null,
    checkedIn: false,
    ...over,
  };
}

describe('agenda filter', () => {
  const all = [
    session(1, {
      name: 'Opening keynote',
      type: 'KEYNOTE',
      collections: [{ id: id(90), name: 'Main track', color: '#000000' }],
    }),
    session(2, {
      day: '2027-03-02',
      location: { id: id(80), name: 'Hall Ångström', pins: [] },
      myState: 'ENROLLED',
    }),
    session(3, {
      day: '2027-03-02',
      speakers: [
        {
          participantId: id(70),
          userId: id(71),
          firstName: 'Zoë',
          lastName: 'Okafor',
          jobTitle: '',
          company: 'Acme',
          photoUrl: null,
        },
      ],
      myState: 'WAITLISTED',
    }),
  ];
  const names = (c: Partial<typeof NO_CRITERIA>) =>
    filterSessions(all, { ...NO_CRITERIA, ...c }).map((s) => s.name);

  it('keeps a day, a type, a collection, a location', () => {
    expect(names({ day: '2027-03-02' })).toEqual(['Session 2', 'Session 3']);
    expect(names({ types: ['KEYNOTE'] })).toEqual(['Opening keynote']);
    expect(names({ collectionIds: [id(90)] })).toEqual(['Opening keynote']);
    expect(names({ locationIds: [id(80)] })).toEqual(['Session 2']);
  });

  it('searches names, speakers and locations without case or accents', () => {
    expect(names({ search: 'KEYNOTE open' })).toEqual(['Opening keynote']);
    expect(names({ search: 'zoe' })).toEqual(['Session 3']);
    expect(names({ search: 'angstrom' })).toEqual(['Session 2']);
    expect(names({ search: 'acme' })).toEqual(['Session 3']);
  });

  it('My Agenda holds seats and waitlist places, and lists its days', () => {
    const mine = filterSessions(all, { ...NO_CRITERIA, mine: true });
    expect(mine.map((s) => s.name)).toEqual(['Session 2', 'Session 3']);
    expect(daysOf(mine)).toEqual(['2027-03-02']);
  });

  it('reads the URL', () => {
    expect(criteriaFromParams(new URLSearchParams('day=2027-03-01&type=KEYNOTE,PANEL&search=ai'))).toEqual({
      ...NO_CRITERIA,
      day: '2027-03-01',
      types: ['KEYNOTE', 'PANEL'],
      search: 'ai',
    });
  });
});

/** Before the sessions above (2027-03-01 08:00–09:00 UTC). */
const NOW = Date.parse('2027-02-01T00:00:00Z');

describe('enroll control', () => {
  it('follows the participant’s place and the seat state', () => {
    expect(enrollControl(session(1, { myState: 'ENROLLED' }), NOW)).toEqual({ kind: 'enrolled' });
    expect(enrollControl(session(1, { myState: 'WAITLISTED', waitlistPosition: 2 }), NOW)).toEqual({
      kind: 'waitlisted',
      position: 2,
    });
    expect(enrollControl(session(1, { enrollable: false }), NOW)).toEqual({ kind: 'none' });
    expect(enrollControl(session(1, { capacity: 10, enrolledCount: 9, seatState: 'FEW_LEFT' }), NOW)).toEqual(
      { kind: 'enroll', seatsLeft: 1, few: true },
    );
    expect(enrollControl(session(1), NOW)).toEqual({ kind: 'enroll', seatsLeft: null, few: false });
    expect(enrollControl(session(1, { seatState: 'FULL_WAITLIST' }), NOW)).toEqual({ kind: 'waitlist' });
    expect(enrollControl(session(1, { seatState: 'FULL' }), NOW)).toEqual({ kind: 'full' });
  });

  it('offers nothing once the session has ended: no seats, no button, whatever the place', () => {
    const ended = Date.parse('2027-03-01T09:00:00Z');
    expect(enrollControl(session(1), ended)).toEqual({ kind: 'ended' });
    expect(
      enrollControl(session(1, { seatState: 'FEW_LEFT', capacity: 10, enrolledCount: 9 }), ended + 1),
    ).toEqual({ kind: 'ended' });
    expect(enrollControl(session(1, { myState: 'ENROLLED' }), ended)).toEqual({ kind: 'ended' });
    expect(enrollControl(session(1), ended - 1)).toEqual({ kind: 'enroll', seatsLeft: null, few: false });
  });

  it('applies a live seat count', () => {
    const s = session(1, { capacity: 1, enrolledCount: 0, seatState: 'FEW_LEFT' });
    expect(withSeats(s, { enrolledCount: 1, capacity: 1, waitlist: true }).seatState).toBe('FULL_WAITLIST');
    // The live event says whether the session keeps a waitlist (no guessing from the current state).
    expect(withSeats(s, { enrolledCount: 1, capacity: 1, waitlist: false }).seatState).toBe('FULL');
    expect(
      withSeats({ ...s, seatState: 'FULL' as const }, { enrolledCount: 1, capacity: 1, waitlist: true })
        .seatState,
    ).toBe('FULL_WAITLIST');
    // An enroll answer carries no waitlist flag: the session's own holds.
    expect(withSeats({ ...s, waitlist: false }, { enrolledCount: 1, capacity: 1 }).seatState).toBe('FULL');
    expect(withSeats(s, { enrolledCount: 0, capacity: 20 }).seatState).toBe('OPEN');
  });
});
