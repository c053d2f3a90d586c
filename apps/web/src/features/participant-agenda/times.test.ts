import { describe, expect, it } from 'vitest';
import { dayLabel, initialDay, localTimeRange, timeRange } from './times';

const start = '2027-03-01T08:00:00.000Z'; // 09:00 in Berlin
const end = '2027-03-01T09:30:00.000Z';

describe('agenda times', () => {
  it('shows the event zone’s wall clock', () => {
    expect(timeRange(start, end, 'Europe/Berlin')).toBe('09:00 – 10:30');
    // A New York event is written on the 12-hour clock its region uses (shared/time/locale).
    expect(timeRange(start, end, 'America/New_York').replace(/\u202f/g, ' ')).toBe('3:00 AM – 4:30 AM');
  });

  it('adds the viewer’s time only when it differs', () => {
    expect(localTimeRange(start, end, 'Europe/Berlin', 'Europe/Berlin')).toBeUndefined();
    expect(localTimeRange(start, end, 'Europe/Berlin', 'Europe/Paris')).toBeUndefined(); // same offset
    expect(localTimeRange(start, end, 'Europe/Berlin', 'Europe/London')).toBe('08:00 – 09:30 GMT');
    expect(localTimeRange(start, end, 'Europe/Berlin', 'America/Los_Angeles')).toBe('00:00 – 01:30 GMT-8');
  });

  it('names the viewer’s day when the session falls on another one there', () => {
    // 09:00 Berlin on 1 March is 00:00 in Los Angeles on the same day; 08:00 Berlin is the evening before.
    const early = '2027-03-01T07:00:00.000Z';
    expect(localTimeRange(early, start, 'Europe/Berlin', 'America/Los_Angeles')).toBe(
      'Sun 28 Feb, 23:00 – 00:00 GMT-8',
    );
  });

  it('labels days and picks the first tab', () => {
    expect(dayLabel('2027-03-01')).toBe('Mon 1 Mar');
    const days = ['2027-03-01', '2027-03-02'];
    expect(initialDay(days, '2027-03-02', new Date('2027-03-01T10:00:00Z'), 'Europe/Berlin')).toBe(
      '2027-03-02',
    );
    expect(initialDay(days, 'nonsense', new Date('2027-03-02T10:00:00Z'), 'Europe/Berlin')).toBe(
      '2027-03-02',
    );
    expect(initialDay(days, null, new Date('2026-01-01T10:00:00Z'), 'Europe/Berlin')).toBe('2027-03-01');
    expect(initialDay([], null, new Date(), 'UTC')).toBeUndefined();
  });
});
