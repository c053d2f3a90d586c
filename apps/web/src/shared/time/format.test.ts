import { describe, expect, it } from 'vitest';
import {
  differentWallClock,
  eventClock,
  formatCalendarDate,
  formatCalendarDay,
  formatDateTime,
  formatDay,
  formatTime,
  formatTimeRange,
  formatSpan,
  formatTimestamp,
  pickerHours,
  timestampParts,
  zoneAbbreviation,
} from './format';
import { eventLocale, uses24Hours } from './locale';

// Intl writes a narrow no-break space before AM/PM in recent ICU versions: compare with plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('the event locale decides 12 or 24 hours', () => {
  it('follows the event zone’s region: 12 h in the US, India, Australia; 24 h in Europe and elsewhere', () => {
    expect(eventLocale('America/New_York')).toBe('en-US');
    expect(eventLocale('America/Indiana/Indianapolis')).toBe('en-US');
    expect(eventLocale('Asia/Kolkata')).toBe('en-IN');
    expect(eventLocale('Australia/Sydney')).toBe('en-AU');
    expect(eventLocale('Europe/Berlin')).toBe('en-GB');
    expect(eventLocale('Asia/Tokyo')).toBe('en-GB');
    expect(eventLocale('UTC')).toBe('en-GB');
    expect(eventLocale(undefined)).toBe('en-GB');
  });
  it('takes an explicit locale first', () => {
    expect(eventLocale('America/New_York', 'de-DE')).toBe('de-DE');
    expect(eventLocale('Europe/Berlin', 'en-US')).toBe('en-US');
    expect(eventLocale('Europe/Berlin', 'not a locale!')).toBe('en-GB');
  });
  it('reads the hour cycle from Intl', () => {
    expect(uses24Hours('en-US')).toBe(false);
    expect(uses24Hours('en-GB')).toBe(true);
    expect(uses24Hours('de')).toBe(true);
  });
});

describe('event times', () => {
  const at = '2026-06-01T12:00:00.000Z';
  it('are written in the event’s zone whatever the runtime’s', () => {
    expect(formatTime(at, eventClock('Europe/Berlin'))).toBe('14:00');
    expect(formatTime(at, eventClock('Asia/Tokyo'))).toBe('21:00');
    expect(plain(formatTime(at, eventClock('America/New_York')))).toBe('8:00 AM');
  });
  it('in 24 hours for a 24-hour locale, and 12 hours for a 12-hour one', () => {
    expect(formatTime('2026-06-01T22:05:00Z', eventClock('UTC', 'de-DE'))).toBe('22:05');
    expect(plain(formatTime('2026-06-01T22:05:00Z', eventClock('UTC', 'en-US')))).toBe('10:05 PM');
    expect(formatTimeRange('2026-06-01T07:00:00Z', '2026-06-01T08:30:00Z', eventClock('Europe/London'))).toBe(
      '08:00 – 09:30',
    );
    expect(
      plain(formatTimeRange('2026-06-01T13:00:00Z', '2026-06-01T14:30:00Z', eventClock('America/Chicago'))),
    ).toBe('8:00 AM – 9:30 AM');
  });
  it('with day and weekday in the locale’s order', () => {
    expect(formatDateTime(at, eventClock('Europe/Stockholm'), { weekday: true })).toBe(
      'Mon, 1 Jun 2026, 14:00',
    );
    expect(formatDay('2026-06-01T23:30:00Z', eventClock('Asia/Tokyo'))).toBe('2 Jun 2026');
    expect(plain(formatDateTime(at, eventClock('America/Los_Angeles')))).toBe('Jun 1, 2026, 5:00 AM');
  });
  it('across a daylight-saving change keep the wall clock and name the new offset', () => {
    const berlin = eventClock('Europe/Berlin');
    expect(formatTime('2026-03-29T00:30:00Z', berlin)).toBe('01:30');
    expect(formatTime('2026-03-29T01:30:00Z', berlin)).toBe('03:30');
    expect(zoneAbbreviation('2026-03-29T00:30:00Z', berlin)).toBe('CET');
    expect(zoneAbbreviation('2026-03-29T01:30:00Z', berlin)).toBe('CEST');
    const ny = eventClock('America/New_York');
    expect(plain(formatTime('2026-11-01T05:30:00Z', ny))).toBe('1:30 AM');
    expect(plain(formatTime('2026-11-01T06:30:00Z', ny))).toBe('1:30 AM');
    expect(zoneAbbreviation('2026-11-01T05:30:00Z', ny)).toBe('EDT');
    expect(zoneAbbreviation('2026-11-01T06:30:00Z', ny)).toBe('EST');
  });
  it('write nothing for a missing or broken instant', () => {
    expect(formatTime(null, eventClock('UTC'))).toBe('');
    expect(formatDateTime('yesterday', eventClock('UTC'))).toBe('');
  });
});

describe('calendar days and date-only values', () => {
  it('do not move with any zone', () => {
    expect(formatCalendarDay('2027-03-01', 'en-GB')).toBe('Mon 1 Mar');
    expect(formatCalendarDate('2027-03-01', 'en-GB')).toBe('1 Mar 2027');
    expect(formatCalendarDate('2027-03-01', 'en-US')).toBe('Mar 1, 2027');
  });
});

describe('timestamps outside the programme', () => {
  it('always say their zone', () => {
    const berlin = { zone: 'Europe/Berlin', locale: 'en-GB' };
    expect(formatTimestamp('2026-01-15T13:05:00Z', berlin)).toBe('15 Jan 2026, 14:05 CET');
    expect(formatTimestamp('2026-01-15T13:05:00Z', { zone: 'UTC', locale: 'en-GB' })).toBe(
      '15 Jan 2026, 13:05 UTC',
    );
    expect(timestampParts('2026-07-15T13:05:00Z', berlin)).toEqual({
      time: '15:05 CEST',
      date: '15 Jul 2026',
    });
    expect(formatTimestamp(undefined, berlin)).toBe('');
  });
});

describe('the viewer’s clock beside the event’s', () => {
  it('differs only when the wall time differs', () => {
    const berlin = eventClock('Europe/Berlin');
    expect(differentWallClock('2026-06-01T12:00:00Z', berlin, eventClock('Europe/Paris'))).toBe(false);
    expect(differentWallClock('2026-06-01T12:00:00Z', berlin, eventClock('Europe/London'))).toBe(true);
    expect(differentWallClock('2026-06-01T12:00:00Z', berlin, berlin)).toBe(false);
  });
});

describe('time pickers follow the event clock', () => {
  it('pick on 24 hours for a 24-hour event and on 12 hours for a 12-hour one', () => {
    expect(pickerHours(eventClock('Europe/Berlin'))).toBe('24h');
    expect(pickerHours(eventClock('America/New_York'))).toBe('12h');
    expect(pickerHours(eventClock('UTC', 'de-DE'))).toBe('24h');
  });
});

describe('a session’s span', () => {
  it('names the day once, or both days when it runs past midnight', () => {
    const berlin = eventClock('Europe/Berlin');
    expect(formatSpan('2027-03-01T08:00:00Z', '2027-03-01T09:30:00Z', berlin)).toBe(
      'Mon, 1 Mar 2027, 09:00 – 10:30',
    );
    expect(formatSpan('2027-03-01T21:00:00Z', '2027-03-02T01:00:00Z', berlin)).toBe(
      'Mon, 1 Mar 2027, 22:00 – Tue, 2 Mar 2027, 02:00',
    );
  });
});
