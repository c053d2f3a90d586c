import { describe, expect, it } from 'vitest';
import { clockTime, nowAndNext } from './nowNext';

// Berlin is UTC+1 in March: 09:00 local is 08:00Z.
const zone = 'Europe/Berlin';
const s = (id: string, start: string, end: string) => ({ id, startAt: start, endAt: end });
const sessions = [
  s('late', '2027-03-01T16:00:00Z', '2027-03-01T17:00:00Z'),
  s('keynote', '2027-03-01T08:00:00Z', '2027-03-01T09:00:00Z'),
  s('parallel', '2027-03-01T08:30:00Z', '2027-03-01T10:00:00Z'),
  s('coffee', '2027-03-01T10:00:00Z', '2027-03-01T10:30:00Z'),
  s('lunch', '2027-03-01T11:00:00Z', '2027-03-01T12:00:00Z'),
  s('panel', '2027-03-01T13:00:00Z', '2027-03-01T14:00:00Z'),
  // 00:30 on 2 March in Berlin, although still 1 March in UTC.
  s('night', '2027-03-01T23:30:00Z', '2027-03-02T00:30:00Z'),
  s('day2', '2027-03-02T08:00:00Z', '2027-03-02T09:00:00Z'),
];
const ids = (list: { id: string }[]) => list.map((x) => x.id);
const at = (iso: string) => Date.parse(iso);

describe('nowAndNext', () => {
  it('lists what runs now and the next few sessions of today, by start', () => {
    const r = nowAndNext(sessions, at('2027-03-01T08:45:00Z'), zone);
    expect(ids(r.now)).toEqual(['keynote', 'parallel']);
    expect(ids(r.next)).toEqual(['coffee', 'lunch', 'panel']);
    expect(r.nextToday).toBe(true);
  });

  it('counts a session as running from its start up to (not including) its end', () => {
    expect(ids(nowAndNext(sessions, at('2027-03-01T08:00:00Z'), zone).now)).toEqual(['keynote']);
    expect(ids(nowAndNext(sessions, at('2027-03-01T09:00:00Z'), zone).now)).toEqual(['parallel']);
  });

  it('after the day’s last session, offers the next day with sessions in the event’s zone', () => {
    const r = nowAndNext(sessions, at('2027-03-01T17:30:00Z'), zone);
    expect(r.now).toEqual([]);
    expect(ids(r.next)).toEqual(['night', 'day2']);
    expect(r.nextToday).toBe(false);
  });

  it('has nothing to offer after the last session', () => {
    expect(nowAndNext(sessions, at('2027-03-03T00:00:00Z'), zone)).toEqual({
      now: [],
      next: [],
      nextToday: false,
    });
  });

  it('keeps to the limit', () => {
    expect(ids(nowAndNext(sessions, at('2027-03-01T07:00:00Z'), zone, 2).next)).toEqual([
      'keynote',
      'parallel',
    ]);
  });
});

describe('clockTime', () => {
  it('shows the time in the event’s zone', () => {
    expect(clockTime('2027-03-01T13:30:00Z', zone)).toBe('14:30');
  });
});
