import { describe, expect, it } from 'vitest';
import {
  badgeProgress,
  gameWindowState,
  nextBadgeIndex,
  taskActionPage,
  taskProgress,
  type ProgressTask,
} from './player.js';

const task = (over: Partial<ProgressTask>): ProgressTask => ({
  kind: 'ATTEND_SESSION',
  type: 'COMPLETION',
  target: 'ANY',
  targetIds: [],
  pointsPerSubTask: null,
  tasksPointsLimit: null,
  ...over,
});
const none = { ledgerRows: 0, pointsEarned: 0, progressKeys: [] };

describe('taskProgress: COMPLETION', () => {
  it('ANY: nothing, then done once its ledger row exists', () => {
    expect(taskProgress(task({}), none)).toEqual({
      state: 'NOT_STARTED',
      complete: false,
      done: 0,
      of: 1,
      pointsEarned: 0,
      pointsLimit: null,
    });
    expect(taskProgress(task({}), { ledgerRows: 1, pointsEarned: 50, progressKeys: ['s1'] })).toMatchObject({
      state: 'DONE',
      complete: true,
      done: 1,
      of: 1,
      pointsEarned: 50,
    });
  });

  it('SPECIFIC: "3 of 5 sessions" from progress keys, foreign keys ignored; paid → all done', () => {
    const five = task({ target: 'SPECIFIC', targetIds: ['a', 'b', 'c', 'd', 'e'] });
    expect(taskProgress(five, { ...none, progressKeys: ['a', 'c', 'e', 'zz'] })).toMatchObject({
      state: 'PARTIAL',
      complete: false,
      done: 3,
      of: 5,
    });
    expect(taskProgress(five, { ledgerRows: 1, pointsEarned: 100, progressKeys: ['a'] })).toMatchObject({
      state: 'DONE',
      done: 5,
      of: 5,
    });
  });

  it('boolean kinds are one thing to do even if targets were stored', () => {
    const profile = task({ kind: 'POPULATE_PROFILE', target: 'SPECIFIC', targetIds: ['x', 'y'] });
    expect(taskProgress(profile, none)).toMatchObject({ done: 0, of: 1 });
  });
});

describe('taskProgress: TYPE_POINTS', () => {
  const scan = task({ kind: 'SCAN_QR', type: 'TYPE_POINTS', pointsPerSubTask: 10, tasksPointsLimit: 50 });

  it('counts sub-tasks against tasksPointsCount and points against the limit', () => {
    expect(taskProgress(scan, { ledgerRows: 2, pointsEarned: 20, progressKeys: [] })).toEqual({
      state: 'PARTIAL',
      complete: false,
      done: 2,
      of: 5,
      pointsEarned: 20,
      pointsLimit: 50,
    });
  });

  it('is complete once the limit is reached (the last award trimmed to fit)', () => {
    expect(taskProgress(scan, { ledgerRows: 4, pointsEarned: 50, progressKeys: [] })).toMatchObject({
      state: 'DONE',
      complete: true,
    });
  });

  it('without a limit: open-ended (of null), complete after one sub-task', () => {
    const open = task({ type: 'TYPE_POINTS', pointsPerSubTask: 5 });
    expect(taskProgress(open, none)).toMatchObject({ state: 'NOT_STARTED', complete: false, of: null });
    expect(taskProgress(open, { ledgerRows: 3, pointsEarned: 15, progressKeys: [] })).toMatchObject({
      state: 'DONE',
      complete: true,
      done: 3,
      of: null,
      pointsLimit: null,
    });
  });

  it('specific targets cap the count; no per-sub-task points counts the limit as one', () => {
    const two = task({
      type: 'TYPE_POINTS',
      target: 'SPECIFIC',
      targetIds: ['a', 'b'],
      pointsPerSubTask: 10,
    });
    expect(taskProgress({ ...two, tasksPointsLimit: 100 }, none).of).toBe(2);
    expect(taskProgress(two, none).of).toBe(2);
    expect(taskProgress(task({ type: 'TYPE_POINTS', tasksPointsLimit: 30 }), none).of).toBe(1);
  });
});

describe('badges', () => {
  const existing = new Set(['t1', 't2', 't3']);

  it('"2 of 3 tasks"; deleted tasks do not count; earned shows all', () => {
    expect(badgeProgress(['t1', 't2', 't3'], new Set(['t1', 't3']), existing, false)).toEqual({
      earned: false,
      done: 2,
      of: 3,
    });
    expect(badgeProgress(['t1', 'gone'], new Set(), existing, false)).toEqual({
      earned: false,
      done: 0,
      of: 1,
    });
    expect(badgeProgress(['t1', 't2'], new Set(), existing, true)).toEqual({ earned: true, done: 2, of: 2 });
  });

  it('the next badge is the locked one closest to done, then with fewest left, then first', () => {
    expect(
      nextBadgeIndex([
        { earned: true, done: 1, of: 1 },
        { earned: false, done: 1, of: 3 },
        { earned: false, done: 2, of: 3 },
        { earned: false, done: 0, of: 0 },
      ]),
    ).toBe(2);
    expect(
      nextBadgeIndex([
        { earned: false, done: 2, of: 4 },
        { earned: false, done: 1, of: 2 },
      ]),
    ).toBe(1);
    expect(
      nextBadgeIndex([
        { earned: false, done: 0, of: 2 },
        { earned: false, done: 0, of: 2 },
      ]),
    ).toBe(0);
    expect(nextBadgeIndex([{ earned: true, done: 1, of: 1 }])).toBeUndefined();
  });
});

describe('gameWindowState', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  it('upcoming before the start, ended from the cut-off on, running otherwise (nulls are open)', () => {
    expect(gameWindowState('2026-05-01T10:00:01Z', null, now)).toBe('UPCOMING');
    expect(gameWindowState('2026-05-01T10:00:00Z', null, now)).toBe('RUNNING');
    expect(gameWindowState(null, '2026-05-01T10:00:00Z', now)).toBe('ENDED');
    expect(gameWindowState(null, '2026-05-01T10:00:01Z', now)).toBe('RUNNING');
    expect(gameWindowState(null, null, now)).toBe('RUNNING');
  });
});

describe('taskActionPage', () => {
  it('sends each kind where it is done', () => {
    expect(taskActionPage('SCAN_QR')).toBe('SCANNER');
    expect(taskActionPage('SURVEY')).toBe('ENGAGEMENT');
    expect(taskActionPage('ATTEND_SESSION')).toBe('SESSION');
    expect(taskActionPage('BUSINESS_CARD_EXCHANGE')).toBe('CARD_SCAN');
    expect(taskActionPage('DOWNLOAD_APP')).toBe('NONE');
  });
});
