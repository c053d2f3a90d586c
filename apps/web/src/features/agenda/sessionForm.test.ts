import { MESSAGES, type AudienceInput } from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import type { SessionRow } from './api';
import {
  sessionBody,
  sessionErrorsFromApi,
  sessionValues,
  validateSession,
  type SessionValues,
} from './sessionForm.schema';

const EVERYONE: AudienceInput = { type: 'EVERYONE', labelIds: [], rules: [] };
const valid = (patch: Partial<SessionValues> = {}): SessionValues => ({
  ...sessionValues(null, '2027-03-01'),
  name: 'Opening keynote',
  startTime: '09:00 AM',
  endTime: '10:30 AM',
  ...patch,
});

describe('session form values', () => {
  it('a new session starts on the given day, published, open, unlimited', () => {
    expect(sessionValues(null, '2027-03-01')).toMatchObject({
      startDate: '2027-03-01',
      endDate: '2027-03-01',
      status: 'PUBLISHED',
      accessControl: 'OPEN',
      capacity: '',
      waitlist: true,
    });
  });

  it('a stored session gives its wall-clock times and ids', () => {
    const record = {
      name: 'Panel',
      description: '',
      type: 'PANEL',
      status: 'DRAFT',
      accessControl: 'ENROLLED_ONLY',
      startDate: '2027-03-02',
      startTime: '02:00 PM',
      endDate: '2027-03-02',
      endTime: '03:00 PM',
      virtualLink: null,
      location: { id: 'l1', name: 'Hall', pins: [] },
      breakout: null,
      collections: [{ id: 'c1', name: 'Track', color: '#000000' }],
      speakers: [
        {
          participantId: 'p1',
          userId: 'u1',
          firstName: 'Ada',
          lastName: 'L',
          jobTitle: '',
          company: '',
          photoUrl: null,
        },
      ],
      moderators: [{ userId: 'u2', firstName: '', lastName: '', email: 'm@example.com' }],
      materials: [],
      capacity: 40,
      enrollable: true,
      waitlist: false,
    } as unknown as SessionRow;
    expect(sessionValues(record, '2027-03-01')).toMatchObject({
      startTime: '02:00 PM',
      virtualLink: '',
      locationId: 'l1',
      collectionIds: ['c1'],
      speakerIds: ['p1'],
      moderatorUserIds: ['u2'],
      capacity: '40',
    });
  });
});

describe('session body', () => {
  it('sends capacity as a number or null, an empty link as null, the audience', () => {
    expect(sessionBody(valid({ capacity: ' 25 ', virtualLink: ' ' }), EVERYONE)).toMatchObject({
      capacity: 25,
      virtualLink: null,
      audience: EVERYONE,
      enrollable: false,
    });
    expect(sessionBody(valid(), EVERYONE).capacity).toBeNull();
  });

  it('sends every field, so a PATCH keeps what the form shows (audience and capacity of a breakout session too)', () => {
    const body = sessionBody(valid({ capacity: '5', breakoutId: 'b1', enrollable: true }), EVERYONE);
    expect(body).toMatchObject({
      audience: EVERYONE,
      capacity: 5,
      enrollable: true,
      waitlist: true,
      breakoutId: 'b1',
    });
  });
});

describe('session validation (spec part 5)', () => {
  it('passes a complete session', () => {
    expect(validateSession(valid(), EVERYONE)).toEqual({});
  });

  it('says Required field for a missing name and a missing time, the time format for a wrong one', () => {
    const errors = validateSession(valid({ name: ' ', startTime: '', endTime: '9 o’clock' }), EVERYONE);
    expect(errors.name).toBe(MESSAGES.required);
    expect(errors.startTime).toBe('Required field');
    expect(errors.endTime).toBe('Time format should be like: hh:mm AM/PM');
  });

  it('puts the date order messages on both dates', () => {
    const errors = validateSession(valid({ startDate: '2027-03-02', endDate: '2027-03-01' }), EVERYONE);
    expect(errors.startDate).toBe('Start date can not be greater than end date');
    expect(errors.endDate).toBe('End date can not be less than start date');
  });

  it('puts the time order messages on both times of one day, also while the name is missing', () => {
    const errors = validateSession(valid({ name: '', startTime: '11:00 AM', endTime: '10:00 AM' }), EVERYONE);
    expect(errors.startTime).toBe('Start time can not be greater than end time');
    expect(errors.endTime).toBe('End time can not be less than start time');
    expect(errors.name).toBe(MESSAGES.required);
  });

  it("refuses dates outside the event's days on the date fields, before anything is sent", () => {
    const days = { first: '2027-03-01', last: '2027-03-03' };
    const message = 'The session must take place during the event (2027-03-01 to 2027-03-03)';
    expect(
      validateSession(valid({ startDate: '2027-03-01', endDate: '2027-03-01' }), EVERYONE, days),
    ).toEqual({});
    expect(
      validateSession(valid({ startDate: '2027-02-28', endDate: '2027-02-28' }), EVERYONE, days),
    ).toEqual({ startDate: message, endDate: message });
    expect(
      validateSession(valid({ startDate: '2027-03-03', endDate: '2027-03-04' }), EVERYONE, days),
    ).toEqual({ endDate: message });
  });

  it('refuses a link that is not http(s) and a capacity that is not a whole number', () => {
    const errors = validateSession(valid({ virtualLink: 'ftp://x', capacity: '1.5' }), EVERYONE);
    expect(errors.virtualLink).toBeTruthy();
    expect(errors.capacity).toBeTruthy();
  });

  it('maps the API fields to the form, ignoring audience ones', () => {
    expect(
      sessionErrorsFromApi({ endTime: 'x', 'speakerIds.0': 'Unknown participant', 'audience.labelIds': 'y' }),
    ).toEqual({ endTime: 'x', speakerIds: 'Unknown participant' });
  });
});
