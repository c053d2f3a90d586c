import { describe, expect, it } from 'vitest';
import { eventPhase, fromWallTime, toWallTime } from './eventTime';

const DAY = 86_400_000;

describe('event time zone conversion', () => {
  it('shows a UTC instant as the wall time of the event zone and back', () => {
    expect(toWallTime('2026-06-01T07:00:00.000Z', 'Europe/Stockholm')).toBe('2026-06-01 09:00:00');
    expect(fromWallTime('2026-06-01 09:00:00', 'Europe/Stockholm')).toBe('2026-06-01T07:00:00.000Z');
    expect(fromWallTime('2026-01-15 09:00:00', 'America/New_York')).toBe('2026-01-15T14:00:00.000Z');
  });
  it('falls back to UTC for an unknown zone', () => {
    expect(toWallTime('2026-06-01T07:00:00.000Z', 'Not/AZone')).toBe('2026-06-01 07:00:00');
  });
});

describe('eventPhase', () => {
  const now = Date.UTC(2026, 0, 1);
  const at = (ms: number) => new Date(ms).toISOString();
  it('is live while running, past after the end', () => {
    expect(eventPhase({ startAt: at(now - DAY), endAt: at(now + DAY) }, now)).toBe('live');
    expect(eventPhase({ startAt: at(now - 2 * DAY), endAt: at(now - DAY) }, now)).toBe('past');
  });
  it("is upcoming within the spec's 13 days, scheduled beyond", () => {
    expect(eventPhase({ startAt: at(now + 13 * DAY), endAt: at(now + 14 * DAY) }, now)).toBe('upcoming');
    expect(eventPhase({ startAt: at(now + 14 * DAY), endAt: at(now + 15 * DAY) }, now)).toBe('scheduled');
  });
});
