import { describe, expect, it } from 'vitest';
import {
  addressToLookUp,
  eventFieldsBody,
  eventFieldValues,
  validateEventFields,
  type EventFieldValues,
} from './eventFields.schema';

const START_AFTER_END = 'Start date can not be greater than end date';
const END_BEFORE_START = 'End date can not be less than start date';

const valid: EventFieldValues = {
  name: 'Summit',
  description: '',
  start: '2027-03-15 09:00:00',
  end: '2027-03-17 18:00:00',
  timezone: 'America/New_York',
  address: '',
  primaryColor: '#112233',
  secondaryColor: '#445566',
};

const errorsOf = (v: EventFieldValues) =>
  Object.fromEntries(Object.entries(validateEventFields(v)).filter(([, m]) => m));

describe('eventFieldValues', () => {
  it("shows an event's times as wall time in its own zone", () => {
    const v = eventFieldValues({
      name: 'Summit',
      startAt: '2027-03-15T13:00:00.000Z',
      endAt: '2027-03-17T22:00:00.000Z',
      timezone: 'America/New_York',
    });
    expect(v).toMatchObject({
      start: '2027-03-15 09:00:00',
      end: '2027-03-17 18:00:00',
      timezone: 'America/New_York',
      description: '',
      address: '',
    });
    expect(v.primaryColor).toBe('#000000');
  });
  it('starts a new event empty in the given zone', () => {
    expect(eventFieldValues(null, 'Europe/Stockholm')).toMatchObject({
      name: '',
      start: '',
      end: '',
      timezone: 'Europe/Stockholm',
    });
    expect(eventFieldValues(null, 'Not/AZone').timezone).toBe('UTC');
  });
});

describe('validateEventFields', () => {
  it('passes valid values', () => {
    expect(errorsOf(valid)).toEqual({});
  });
  it("gives both dates the spec's messages when start follows end; equal is fine", () => {
    expect(errorsOf({ ...valid, start: '2027-03-18 09:00:00' })).toEqual({
      start: START_AFTER_END,
      end: END_BEFORE_START,
    });
    expect(errorsOf({ ...valid, end: valid.start })).toEqual({});
  });
  it('asks for missing values and checks colours and the zone', () => {
    expect(errorsOf({ ...valid, name: ' ', start: '', end: '', timezone: '', primaryColor: 'red' })).toEqual({
      name: 'Required field',
      start: 'Required field',
      end: 'Required field',
      timezone: 'Please select value',
      primaryColor: expect.any(String),
    });
    expect(errorsOf({ ...valid, timezone: 'Mars/Olympus' }).timezone).toEqual(expect.any(String));
  });
});

describe('eventFieldsBody', () => {
  it('sends UTC instants of the wall times in the chosen zone, texts trimmed', () => {
    expect(eventFieldsBody({ ...valid, name: ' Summit ', address: ' Main St 1 ' })).toEqual({
      name: 'Summit',
      description: '',
      startAt: '2027-03-15T13:00:00.000Z',
      endAt: '2027-03-17T22:00:00.000Z',
      timezone: 'America/New_York',
      address: 'Main St 1',
      primaryColor: '#112233',
      secondaryColor: '#445566',
    });
  });
});

describe('addressToLookUp', () => {
  it('asks for a changed, non-empty address only', () => {
    expect(addressToLookUp(' Damrak 1, Amsterdam ', '')).toBe('Damrak 1, Amsterdam');
    expect(addressToLookUp('Damrak 1, Amsterdam ', 'Damrak 1, Amsterdam')).toBeUndefined();
    expect(addressToLookUp('   ', 'Damrak 1, Amsterdam')).toBeUndefined();
    expect(addressToLookUp('Portland, Maine', 'Portland, Oregon')).toBe('Portland, Maine');
  });
});
