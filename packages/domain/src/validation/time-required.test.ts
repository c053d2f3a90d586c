import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { timeFormatSchema } from './date.js';
import { sessionTimesShape } from '../agenda/times.js';

const messages = (value: unknown) => {
  const r = timeFormatSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('a time field', () => {
  it('left empty says it is required, once, not how to write a time', () => {
    expect(messages('')).toEqual([MESSAGES.required]);
    expect(messages('  ')).toEqual([MESSAGES.required]);
    expect(messages(undefined)).toEqual([MESSAGES.required]);
    expect(sessionTimesShape.startTime.safeParse('').error?.issues[0]?.message).toBe('Required field');
  });
  it("written wrongly gets the spec's format message", () => {
    expect(messages('25:00')).toEqual([MESSAGES.timeFormat]);
    expect(messages('09:30 AM')).toEqual([]);
  });
});
