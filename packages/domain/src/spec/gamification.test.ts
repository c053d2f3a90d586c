import { describe, it, expect } from 'vitest';
import {
  BOOLEAN_TASK_KINDS,
  GAME_MODES,
  GAME_SCORING,
  GAME_TASK_TYPES,
  TASK_KINDS,
  TASK_KIND_LABELS,
  isBooleanTaskKind,
  tasksPointsCount,
} from './gamification.js';

describe('gamification enumerations (spec part 4)', () => {
  it('pins modes, scoring and task types', () => {
    expect(GAME_MODES).toEqual(['INDIVIDUAL', 'TEAM']);
    expect(GAME_SCORING).toEqual(['TOTAL_POINTS', 'WEIGHTED_POINTS']);
    expect(GAME_TASK_TYPES).toEqual(['COMPLETION', 'TYPE_POINTS']);
  });
  it('has the 13 task kinds with the spec wording', () => {
    expect(TASK_KINDS).toHaveLength(13);
    expect(TASK_KINDS.map((k) => TASK_KIND_LABELS[k].toLowerCase())).toEqual([
      'survey',
      'quiz',
      'activity feed',
      'q&a',
      'view document',
      'attend session',
      'register session',
      'populate profile',
      'registration form',
      'sign up for meeting',
      'download app',
      'scan qr',
      'business card exchange',
    ]);
  });
  it('makes populate profile and download app boolean, nothing else', () => {
    expect(BOOLEAN_TASK_KINDS).toEqual(['POPULATE_PROFILE', 'DOWNLOAD_APP']);
    expect(TASK_KINDS.filter(isBooleanTaskKind)).toEqual(['POPULATE_PROFILE', 'DOWNLOAD_APP']);
  });
});

describe('tasksPointsCount (spec part 3, Tasks)', () => {
  it.each<[number | null | undefined, number | null | undefined, number | undefined]>([
    [100, 10, 10],
    [100, 25, 4],
    [100, 30, 3],
    [10, 10, 1],
    [0, 5, 0],
    [100, null, 1],
    [100, undefined, 1],
    [100, 0, 1],
    [null, 10, undefined],
    [undefined, 10, undefined],
    [undefined, undefined, undefined],
  ])('limit %j, per sub-task %j → %j', (limit, perSubTask, expected) => {
    expect(tasksPointsCount(limit, perSubTask)).toBe(expected);
  });
});
