import { describe, it, expect } from 'vitest';
import { isUpcoming } from './dates.js';

const now = new Date('2026-03-01T12:00:00Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(now.getTime() + ms);

describe('isUpcoming (within the next 13 days)', () => {
  it.each<[string, Date | string, boolean]>([
    ['now', now, true],
    ['in one hour', at(3_600_000), true],
    ['in 12 days', at(12 * DAY), true],
    ['in exactly 13 days', at(13 * DAY), true],
    ['13 days and 1 ms', at(13 * DAY + 1), false],
    ['in 14 days', at(14 * DAY), false],
    ['1 ms ago', at(-1), false],
    ['yesterday', at(-DAY), false],
    ['ISO string in range', '2026-03-05T00:00:00Z', true],
    ['invalid date', 'soon', false],
  ])('%s → %s', (_, date, expected) => {
    expect(isUpcoming(date, now)).toBe(expected);
  });
});
