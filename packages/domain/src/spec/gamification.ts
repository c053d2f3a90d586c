import { z } from 'zod';

/** Spec part 4. */
export const GAME_MODES = ['INDIVIDUAL', 'TEAM'] as const;
export type GameMode = (typeof GAME_MODES)[number];
export const gameModeSchema = z.enum(GAME_MODES);

export const GAME_SCORING = ['TOTAL_POINTS', 'WEIGHTED_POINTS'] as const;
export type GameScoring = (typeof GAME_SCORING)[number];
export const gameScoringSchema = z.enum(GAME_SCORING);

export const GAME_TASK_TYPES = ['COMPLETION', 'TYPE_POINTS'] as const;
export type GameTaskType = (typeof GAME_TASK_TYPES)[number];
export const gameTaskTypeSchema = z.enum(GAME_TASK_TYPES);

/** Spec part 4: the 13 task kinds, in the spec's order. */
export const TASK_KINDS = [
  'SURVEY',
  'QUIZ',
  'ACTIVITY_FEED',
  'QA',
  'VIEW_DOCUMENT',
  'ATTEND_SESSION',
  'REGISTER_SESSION',
  'POPULATE_PROFILE',
  'REGISTRATION_FORM',
  'SIGN_UP_FOR_MEETING',
  'DOWNLOAD_APP',
  'SCAN_QR',
  'BUSINESS_CARD_EXCHANGE',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const taskKindSchema = z.enum(TASK_KINDS);

export const TASK_KIND_LABELS: Record<TaskKind, string> = {
  SURVEY: 'Survey',
  QUIZ: 'Quiz',
  ACTIVITY_FEED: 'Activity feed',
  QA: 'Q&A',
  VIEW_DOCUMENT: 'View document',
  ATTEND_SESSION: 'Attend session',
  REGISTER_SESSION: 'Register session',
  POPULATE_PROFILE: 'Populate profile',
  REGISTRATION_FORM: 'Registration form',
  SIGN_UP_FOR_MEETING: 'Sign up for meeting',
  DOWNLOAD_APP: 'Download app',
  SCAN_QR: 'Scan QR',
  BUSINESS_CARD_EXCHANGE: 'Business card exchange',
};

/** Spec part 9: done or not done, no target item. */
export const BOOLEAN_TASK_KINDS = ['POPULATE_PROFILE', 'DOWNLOAD_APP'] as const satisfies readonly TaskKind[];

export function isBooleanTaskKind(kind: TaskKind): boolean {
  return (BOOLEAN_TASK_KINDS as readonly TaskKind[]).includes(kind);
}

/** Spec part 9: non-boolean kinds target any item or specific items (value names are ours). */
export const TASK_TARGETS = ['ANY', 'SPECIFIC'] as const;
export type TaskTarget = (typeof TASK_TARGETS)[number];
export const taskTargetSchema = z.enum(TASK_TARGETS);

const isEmpty = (n: number | null | undefined): n is null | undefined =>
  n === null || n === undefined || Number.isNaN(n);

/**
 * Spec part 3 (Tasks list): tasksPointsLimit divided by pointsPerSubTask, or 1 if pointsPerSubTask
 * is empty; blank (undefined) if there is no limit. A zero per-sub-task value counts as empty
 * (no division by zero); the quotient is floored because it is a count.
 */
export function tasksPointsCount(
  tasksPointsLimit: number | null | undefined,
  pointsPerSubTask: number | null | undefined,
): number | undefined {
  if (isEmpty(tasksPointsLimit)) return undefined;
  if (isEmpty(pointsPerSubTask) || pointsPerSubTask === 0) return 1;
  return Math.floor(tasksPointsLimit / pointsPerSubTask);
}
