import { describe, expect, it } from 'vitest';
import { eventPhase } from './eventPhase';

const DAY = 86_400_000;

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
