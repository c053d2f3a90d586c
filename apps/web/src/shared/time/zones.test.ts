import { describe, expect, it } from 'vitest';
import {
  browserZone,
  formatDayInZone,
  formatInZone,
  fromWallTime,
  timeZones,
  toWallTime,
  validZone,
} from './zones';

describe('validZone', () => {
  it('keeps a zone Intl knows and falls back to UTC otherwise', () => {
    expect(validZone('Europe/Stockholm')).toBe('Europe/Stockholm');
    expect(validZone('Not/AZone')).toBe('UTC');
    expect(validZone('')).toBe('UTC');
    expect(validZone(undefined)).toBe('UTC');
  });
});

describe('wall-clock time in an event zone', () => {
  it('shows a UTC instant as the wall time of the zone and back', () => {
    expect(toWallTime('2026-06-01T07:00:00.000Z', 'Europe/Stockholm')).toBe('2026-06-01 09:00:00');
    expect(fromWallTime('2026-06-01 09:00:00', 'Europe/Stockholm')).toBe('2026-06-01T07:00:00.000Z');
    expect(fromWallTime('2026-01-15 09:00:00', 'America/New_York')).toBe('2026-01-15T14:00:00.000Z');
  });
  it('reads minutes-only and T-separated wall times too', () => {
    expect(fromWallTime('2027-03-15 09:00', 'America/New_York')).toBe('2027-03-15T13:00:00.000Z');
    expect(fromWallTime('2027-03-15T09:00', 'America/New_York')).toBe('2027-03-15T13:00:00.000Z');
  });
  it('round-trips across a daylight-saving change', () => {
    const wall = '2026-10-25 12:30:00';
    expect(toWallTime(fromWallTime(wall, 'Europe/Berlin'), 'Europe/Berlin')).toBe(wall);
  });
  it('falls back to UTC for an unknown zone', () => {
    expect(toWallTime('2026-06-01T07:00:00.000Z', 'Not/AZone')).toBe('2026-06-01 07:00:00');
    expect(fromWallTime('2026-06-01 07:00:00', 'Not/AZone')).toBe('2026-06-01T07:00:00.000Z');
  });
});

describe('zone lists and formats', () => {
  it('lists UTC first, once, with the IANA zones', () => {
    const zones = timeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones.filter((z) => z === 'UTC')).toHaveLength(1);
    expect(zones).toContain('America/New_York');
  });
  it("answers the browser's zone as a valid zone", () => {
    expect(validZone(browserZone())).toBe(browserZone());
  });
  it('formats in the event zone, not the runtime zone', () => {
    expect(formatInZone('2026-06-01T07:00:00.000Z', 'Europe/Stockholm')).toBe('Mon, 1 Jun 2026, 09:00');
    expect(formatDayInZone('2026-06-01T23:30:00.000Z', 'Asia/Tokyo')).toBe('2 Jun 2026');
    expect(formatDayInZone('2026-06-01T23:30:00.000Z', 'bogus')).toBe('1 Jun 2026');
  });
});
