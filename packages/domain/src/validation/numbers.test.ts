import { describe, it, expect } from 'vitest';
import {
  MEETING_INTERVAL_OPTIONS,
  isLinearScale,
  isMeetingInterval,
  isNonNegativeInteger,
  linearScaleSchema,
  meetingIntervalSchema,
  nonNegativeIntegerSchema,
} from './numbers.js';
import { MESSAGES } from '../messages.js';

describe('isNonNegativeInteger', () => {
  it.each<[unknown, boolean]>([
    [0, true],
    [1, true],
    [1e3, true],
    [Number.MAX_SAFE_INTEGER, true],
    ['0', true],
    ['42', true],
    ['007', true],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    [Number.MAX_SAFE_INTEGER + 1, false],
    ['-1', false],
    ['1.5', false],
    ['1e3', false],
    ['', false],
    [' 1', false],
    ['1 ', false],
    ['0x10', false],
    ['99999999999999999999', false],
    [null, false],
    [undefined, false],
    [true, false],
  ])('%j → %s', (value, expected) => {
    expect(isNonNegativeInteger(value)).toBe(expected);
  });

  it.each<[unknown, boolean]>([
    [0, true],
    [12, true],
    [-1, false],
    [1.5, false],
    ['1', false],
  ])('nonNegativeIntegerSchema %j → %s', (value, ok) => {
    const result = nonNegativeIntegerSchema.safeParse(value);
    expect(result.success).toBe(ok);
    if (!result.success) expect(result.error.issues[0]?.message).toBe(MESSAGES.invalidInteger);
  });
});

describe('isLinearScale (2 to 10)', () => {
  it.each<[unknown, boolean]>([
    [1, false],
    [2, true],
    [5, true],
    [10, true],
    [11, false],
    [2.5, false],
    ['5', false],
  ])('%j → %s', (value, expected) => {
    expect(isLinearScale(value)).toBe(expected);
    expect(linearScaleSchema.safeParse(value).success).toBe(expected);
  });
  it('uses its message', () => {
    expect(linearScaleSchema.safeParse(11).error?.issues[0]?.message).toBe(MESSAGES.linearScale);
  });
});

describe('isMeetingInterval (5 to 120 in steps of 5)', () => {
  it.each<[unknown, boolean]>([
    [0, false],
    [5, true],
    [7, false],
    [10, true],
    [60, true],
    [115, true],
    [120, true],
    [125, false],
    [-5, false],
    [7.5, false],
    ['30', false],
  ])('%j → %s', (value, expected) => {
    expect(isMeetingInterval(value)).toBe(expected);
    expect(meetingIntervalSchema.safeParse(value).success).toBe(expected);
  });
  it('uses its message', () => {
    expect(meetingIntervalSchema.safeParse(7).error?.issues[0]?.message).toBe(MESSAGES.meetingInterval);
  });
  it('lists 24 options from 5 to 120', () => {
    expect(MEETING_INTERVAL_OPTIONS).toHaveLength(24);
    expect(MEETING_INTERVAL_OPTIONS[0]).toBe(5);
    expect(MEETING_INTERVAL_OPTIONS.at(-1)).toBe(120);
    expect(MEETING_INTERVAL_OPTIONS.every(isMeetingInterval)).toBe(true);
  });
});
