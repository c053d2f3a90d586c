import { describe, expect, it } from 'vitest';
import {
  eventDays,
  instantToWallClock,
  sessionOutsideEventIssues,
  sessionTimeIssues,
  timeSlotText,
  wallClockToInstant,
} from './times.js';

describe('session times in the event zone', () => {
  it('converts wall clock to instants and back, across DST', () => {
    expect(wallClockToInstant('2026-05-04', '09:00 AM', 'Europe/Amsterdam').toISOString()).toBe(
      '2026-05-04T07:00:00.000Z',
    );
    expect(wallClockToInstant('2026-01-10', '09:00 PM', 'America/New_York').toISOString()).toBe(
      '2026-01-11T02:00:00.000Z',
    );
    expect(wallClockToInstant('2026-03-29', '02:30 AM', 'Europe/Amsterdam').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(instantToWallClock('2026-05-04T07:00:00.000Z', 'Europe/Amsterdam')).toEqual({
      date: '2026-05-04',
      time: '09:00 AM',
    });
    expect(instantToWallClock('2026-05-04T12:05:00.000Z', 'UTC')).toEqual({
      date: '2026-05-04',
      time: '12:05 PM',
    });
    expect(timeSlotText('2026-05-04T07:00:00Z', '2026-05-04T08:30:00Z', 'Europe/Amsterdam')).toBe(
      '09:00 AM - 10:30 AM',
    );
  });
  it('stays exact in zones with quarter-hour offsets and half-hour DST, minute by minute around a change', () => {
    expect(wallClockToInstant('2026-05-04', '09:00 AM', 'Asia/Kathmandu').toISOString()).toBe(
      '2026-05-04T03:15:00.000Z',
    );
    expect(instantToWallClock('2026-05-04T03:14:00.000Z', 'Asia/Kathmandu')).toEqual({
      date: '2026-05-04',
      time: '08:59 AM',
    });
    // Lord Howe: +11 in summer, +10:30 in winter; back at 02:00 local on 2026-04-05 (15:00 UTC the day before).
    expect(instantToWallClock('2026-04-04T14:59:00.000Z', 'Australia/Lord_Howe')).toEqual({
      date: '2026-04-05',
      time: '01:59 AM',
    });
    expect(instantToWallClock('2026-04-04T15:00:00.000Z', 'Australia/Lord_Howe')).toEqual({
      date: '2026-04-05',
      time: '01:30 AM',
    });
    // Berlin, end of DST 2026-10-25 01:00 UTC: every minute across the change.
    for (let m = -30; m <= 30; m++) {
      const at = new Date(Date.UTC(2026, 9, 25, 1, m));
      const expected = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Berlin',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(at);
      const got = instantToWallClock(at, 'Europe/Berlin').time;
      const [h, min] = expected.split(':').map(Number) as [number, number];
      expect(got).toBe(
        `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(min).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`,
      );
    }
  });
  it('puts the spec messages on the fields', () => {
    expect(
      sessionTimeIssues({
        startDate: '2026-05-05',
        endDate: '2026-05-04',
        startTime: '09:00 AM',
        endTime: '10:00 AM',
      }),
    ).toEqual([
      { path: 'startDate', message: 'Start date can not be greater than end date' },
      { path: 'endDate', message: 'End date can not be less than start date' },
    ]);
    expect(
      sessionTimeIssues({
        startDate: '2026-05-04',
        endDate: '2026-05-04',
        startTime: '11:00 AM',
        endTime: '10:00 AM',
      }),
    ).toEqual([
      { path: 'startTime', message: 'Start time can not be greater than end time' },
      { path: 'endTime', message: 'End time can not be less than start time' },
    ]);
    expect(
      sessionTimeIssues({
        startDate: '2026-05-04',
        endDate: '2026-05-05',
        startTime: '11:00 AM',
        endTime: '10:00 AM',
      }),
    ).toEqual([]);
  });
});

describe("sessions within the event's days", () => {
  it("reads the event's days in its own zone (Tokyo: 23:30 UTC is already the next day)", () => {
    expect(
      eventDays({ startAt: '2030-06-09T23:30:00Z', endAt: '2030-06-11T09:00:00Z', timezone: 'Asia/Tokyo' }),
    ).toEqual({ first: '2030-06-10', last: '2030-06-11' });
  });

  it('puts the message on each date outside, none inside', () => {
    const days = { first: '2030-06-10', last: '2030-06-11' };
    const message = 'The session must take place during the event (2030-06-10 to 2030-06-11)';
    expect(sessionOutsideEventIssues({ startDate: '2030-06-10', endDate: '2030-06-11' }, days)).toEqual([]);
    expect(sessionOutsideEventIssues({ startDate: '2030-06-09', endDate: '2030-06-10' }, days)).toEqual([
      { path: 'startDate', message },
    ]);
    expect(sessionOutsideEventIssues({ startDate: '2030-06-12', endDate: '2030-06-12' }, days)).toEqual([
      { path: 'startDate', message },
      { path: 'endDate', message },
    ]);
    // Missing dates are the format rule's business.
    expect(sessionOutsideEventIssues({ startDate: '', endDate: undefined }, days)).toEqual([]);
  });
});
