import { describe, expect, it } from 'vitest';
import { createMeetingWindowSchema, deriveSlots, MEETING_MESSAGES, minutesToTime } from './meetings.js';
import { instantToWallClock } from '../agenda/times.js';

const window = (
  over: Partial<{ date: string; startTime: string; endTime: string; slotMinutes: number }> = {},
) => ({
  date: '2030-06-03',
  startTime: '09:00 AM',
  endTime: '10:00 AM',
  slotMinutes: 15,
  ...over,
});

describe('meeting slots', () => {
  it('cuts a window into whole slots in the event zone', () => {
    const slots = deriveSlots(window({ endTime: '10:10 AM' }), 'Europe/Berlin');
    expect(slots.map((s) => s.startAt)).toEqual([
      '2030-06-03T07:00:00.000Z',
      '2030-06-03T07:15:00.000Z',
      '2030-06-03T07:30:00.000Z',
      '2030-06-03T07:45:00.000Z',
    ]);
    expect(slots.at(-1)!.endAt).toBe('2030-06-03T08:00:00.000Z');
  });

  it('keeps wall-clock times across the spring DST change (Berlin, 2030-03-31)', () => {
    const before = deriveSlots(
      window({ date: '2030-03-30', startTime: '09:00 AM', endTime: '09:30 AM', slotMinutes: 30 }),
      'Europe/Berlin',
    );
    const after = deriveSlots(
      window({ date: '2030-03-31', startTime: '09:00 AM', endTime: '09:30 AM', slotMinutes: 30 }),
      'Europe/Berlin',
    );
    expect(before[0]!.startAt).toBe('2030-03-30T08:00:00.000Z');
    expect(after[0]!.startAt).toBe('2030-03-31T07:00:00.000Z');
    for (const s of [...before, ...after])
      expect(instantToWallClock(s.startAt, 'Europe/Berlin').time).toBe('09:00 AM');
  });

  it('leaves out slots in the hour the clocks skip, and keeps the others at their wall-clock times', () => {
    const slots = deriveSlots(
      window({ date: '2030-03-31', startTime: '01:00 AM', endTime: '04:00 AM', slotMinutes: 60 }),
      'Europe/Berlin',
    );
    expect(slots.map((s) => instantToWallClock(s.startAt, 'Europe/Berlin').time)).toEqual(['03:00 AM']);
  });

  it('keeps wall-clock times on the autumn change (New York, 2030-11-03) with no overlapping slots', () => {
    const slots = deriveSlots(
      window({ date: '2030-11-03', startTime: '12:00 AM', endTime: '04:00 AM', slotMinutes: 60 }),
      'America/New_York',
    );
    const times = slots.map((s) => instantToWallClock(s.startAt, 'America/New_York').time);
    expect(times).toContain('12:00 AM');
    expect(times).toContain('03:00 AM');
    for (let i = 1; i < slots.length; i++)
      expect(new Date(slots[i]!.startAt).getTime()).toBeGreaterThanOrEqual(
        new Date(slots[i - 1]!.endAt).getTime(),
      );
  });

  it('formats minutes as hh:mm AM', () => {
    expect(minutesToTime(0)).toBe('12:00 AM');
    expect(minutesToTime(13 * 60 + 5)).toBe('01:05 PM');
  });
});

describe('meeting window validation', () => {
  it.each([0, 3, 7, 125, 130, 12.5])('refuses a slot length of %s minutes', (slotMinutes) => {
    const parsed = createMeetingWindowSchema.safeParse(window({ slotMinutes }));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({
      path: ['slotMinutes'],
      message: MEETING_MESSAGES.slotMinutes,
    });
  });

  it.each([5, 10, 60, 120])('accepts %s minutes', (slotMinutes) => {
    expect(createMeetingWindowSchema.safeParse(window({ slotMinutes, endTime: '11:00 AM' })).success).toBe(
      true,
    );
  });

  it('wants the end after the start and room for one slot', () => {
    const backwards = createMeetingWindowSchema.safeParse(
      window({ startTime: '10:00 AM', endTime: '09:00 AM' }),
    );
    expect(backwards.error!.issues[0]).toMatchObject({
      path: ['endTime'],
      message: MEETING_MESSAGES.endBeforeStart,
    });
    const short = createMeetingWindowSchema.safeParse(window({ endTime: '09:10 AM' }));
    expect(short.error!.issues[0]).toMatchObject({
      path: ['slotMinutes'],
      message: MEETING_MESSAGES.tooShort,
    });
  });

  it('refuses two meeting points with the same name', () => {
    const parsed = createMeetingWindowSchema.safeParse(
      window({ meetingPoints: ['Table 1', 'table 1'] } as never),
    );
    expect(parsed.error!.issues[0]).toMatchObject({
      path: ['meetingPoints', 1],
      message: MEETING_MESSAGES.duplicatePoint,
    });
  });
});
