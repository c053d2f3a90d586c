import { describe, it, expect } from 'vitest';
import {
  dateForFormatSchema,
  isDateForFormat,
  isTimeFormat,
  parseDateParts,
  timeFormatSchema,
  timeToMinutes,
} from './date.js';
import { MESSAGES } from '../messages.js';

describe('isDateForFormat (strict)', () => {
  it.each([
    ['2026-02-28', 'YYYY-MM-DD', true],
    ['2024-02-29', 'YYYY-MM-DD', true],
    ['2026-02-29', 'YYYY-MM-DD', false],
    ['2026-02-30', 'YYYY-MM-DD', false],
    ['2026-04-31', 'YYYY-MM-DD', false],
    ['2026-13-01', 'YYYY-MM-DD', false],
    ['2026-00-10', 'YYYY-MM-DD', false],
    ['2026-01-00', 'YYYY-MM-DD', false],
    ['2026-1-5', 'YYYY-MM-DD', false],
    ['2026-01-05T00:00', 'YYYY-MM-DD', false],
    ['26-01-05', 'YYYY-MM-DD', false],
    ['2026/01/05', 'YYYY-MM-DD', false],
    ['', 'YYYY-MM-DD', false],
    ['31/12/2026', 'DD/MM/YYYY', true],
    ['12/31/2026', 'DD/MM/YYYY', false],
    ['12/31/2026', 'MM/DD/YYYY', true],
    ['31/12/2026', 'MM/DD/YYYY', false],
    ['1/5/2026', 'M/D/YYYY', true],
    ['09:30 AM', 'hh:mm A', true],
    ['12:00 PM', 'hh:mm A', true],
    ['13:00 PM', 'hh:mm A', false],
    ['00:30 AM', 'hh:mm A', false],
    ['09:60 AM', 'hh:mm A', false],
    ['09:30', 'hh:mm A', false],
    ['23:59', 'HH:mm', true],
    ['24:00', 'HH:mm', false],
    ['00:00', 'HH:mm', true],
    ['2026-01-05 14:30:59', 'YYYY-MM-DD HH:mm:ss', true],
    ['2026-01-05 14:30:60', 'YYYY-MM-DD HH:mm:ss', false],
    ['2026-01-05T14:30', 'YYYY-MM-DD[T]HH:mm', true],
    ['29/02', 'DD/MM', true],
  ])('%j as %s → %s', (value, format, expected) => {
    expect(isDateForFormat(value, format)).toBe(expected);
  });

  it('reads the parts', () => {
    expect(parseDateParts('05/01/2026 02:15 PM', 'DD/MM/YYYY hh:mm A')).toEqual({
      year: 2026,
      month: 1,
      day: 5,
      hour: 14,
      minute: 15,
    });
  });

  it('schema uses invalidDate', () => {
    expect(dateForFormatSchema('YYYY-MM-DD').safeParse('2026-02-30').error?.issues[0]?.message).toBe(
      MESSAGES.invalidDate,
    );
  });
});

describe('isTimeFormat (hh:mm AM/PM)', () => {
  it.each([
    ['09:30 AM', true],
    ['12:59 PM', true],
    ['01:00 PM', true],
    ['9:30 AM', false],
    ['09:30AM', false],
    ['09:30 am', false],
    ['21:30', false],
    ['13:00 PM', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isTimeFormat(value)).toBe(expected);
  });
  it('schema uses the spec message', () => {
    expect(timeFormatSchema.safeParse('21:30').error?.issues[0]?.message).toBe(
      'Time format should be like: hh:mm AM/PM',
    );
  });
});

describe('timeToMinutes', () => {
  it.each([
    ['12:00 AM', 0],
    ['12:30 PM', 750],
    ['01:15 PM', 795],
    ['11:59 PM', 1439],
    ['13:15', 795],
    ['08:05:30', 485],
    ['nope', undefined],
  ])('%j → %s', (value, expected) => {
    expect(timeToMinutes(value)).toBe(expected);
  });
});
