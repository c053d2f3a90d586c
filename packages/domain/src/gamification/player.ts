import { z } from 'zod';
import {
  gameModeSchema,
  gameTaskTypeSchema,
  isBooleanTaskKind,
  taskKindSchema,
  taskTargetSchema,
  tasksPointsCount,
  type GameTaskType,
  type TaskKind,
  type TaskTarget,
} from '../spec/gamification.js';
import { gameBoardEntrySchema } from './live.js';

/**
 * Issue 15: the participant's game page. The API reads the ledger, progress and badge awards; these
 * rules turn them into what the page shows (per task: done, partial "3 of 5", points of the limit;
 * per badge: "2 of 3 tasks" and which badge is next). Completion follows the shared semantics the
 * award function uses for badges.
 */

export const GAME_WINDOW_STATES = ['UPCOMING', 'RUNNING', 'ENDED'] as const;
export type GameWindowState = (typeof GAME_WINDOW_STATES)[number];

/** Before `startsAt` a game is upcoming, from `endsAt` on it has ended (read-only); nulls are open. */
export function gameWindowState(
  startsAt: Date | string | null,
  endsAt: Date | string | null,
  now: Date = new Date(),
): GameWindowState {
  if (startsAt !== null && now.getTime() < new Date(startsAt).getTime()) return 'UPCOMING';
  if (endsAt !== null && now.getTime() >= new Date(endsAt).getTime()) return 'ENDED';
  return 'RUNNING';
}

export const TASK_PROGRESS_STATES = ['NOT_STARTED', 'PARTIAL', 'DONE'] as const;
export type TaskProgressState = (typeof TASK_PROGRESS_STATES)[number];

/** A task as the progress rules need it. */
export interface ProgressTask {
  kind: TaskKind;
  type: GameTaskType;
  target: TaskTarget;
  targetIds: readonly string[];
  pointsPerSubTask: number | null;
  tasksPointsLimit: number | null;
}

/** What the player has of a task: their ledger rows for it and their progress target keys. */
export interface TaskFacts {
  /** Ledger rows of the task (COMPLETION: 0 or 1; TYPE_POINTS: one per sub-task paid). */
  ledgerRows: number;
  /** Sum of the points of those rows. */
  pointsEarned: number;
  /** Progress target keys recorded for the task (COMPLETION over specific targets). */
  progressKeys: readonly string[];
}

export interface TaskProgress {
  state: TaskProgressState;
  /** Counts towards badges (shared semantics): COMPLETION paid; TYPE_POINTS limit reached or, without a limit, one sub-task done. */
  complete: boolean;
  /** Items done ("3 of 5 sessions"). */
  done: number;
  /** Items to do; null when open-ended (TYPE_POINTS without a limit). */
  of: number | null;
  pointsEarned: number;
  /** TYPE_POINTS: the task's points limit; null without one. */
  pointsLimit: number | null;
}

export function taskProgress(task: ProgressTask, facts: TaskFacts): TaskProgress {
  const pointsEarned = facts.pointsEarned;
  if (task.type === 'COMPLETION') {
    const paid = facts.ledgerRows > 0;
    const specific = task.target === 'SPECIFIC' && !isBooleanTaskKind(task.kind) && task.targetIds.length > 0;
    const of = specific ? task.targetIds.length : 1;
    const keys = new Set(facts.progressKeys);
    const done = paid ? of : specific ? task.targetIds.filter((id) => keys.has(id)).length : 0;
    const state: TaskProgressState = paid ? 'DONE' : done > 0 ? 'PARTIAL' : 'NOT_STARTED';
    return { state, complete: paid, done, of, pointsEarned, pointsLimit: null };
  }
  const limit = task.tasksPointsLimit;
  const done = facts.ledgerRows;
  const counted = tasksPointsCount(limit, task.pointsPerSubTask);
  const specificCount =
    task.target === 'SPECIFIC' && task.targetIds.length > 0 ? task.targetIds.length : undefined;
  const of =
    counted !== undefined && specificCount !== undefined
      ? Math.min(counted, specificCount)
      : (counted ?? specificCount ?? null);
  // Shared semantics: with a limit, complete once it is reached; without one, after a sub-task.
  const complete = limit === null ? done > 0 : pointsEarned >= limit;
  const state: TaskProgressState = complete ? 'DONE' : done > 0 ? 'PARTIAL' : 'NOT_STARTED';
  return { state, complete, done, of, pointsEarned, pointsLimit: limit };
}

export interface BadgeProgress {
  earned: boolean;
  /** Tasks of the badge complete. */
  done: number;
  /** Tasks of the badge (those that still exist). */
  of: number;
}

/** "2 of 3 tasks": the badge's tasks complete; earned is what the award function wrote. */
export function badgeProgress(
  taskIds: readonly string[],
  completeTaskIds: ReadonlySet<string>,
  existingTaskIds: ReadonlySet<string>,
  earned: boolean,
): BadgeProgress {
  const tasks = taskIds.filter((id) => existingTaskIds.has(id));
  const done = tasks.filter((id) => completeTaskIds.has(id)).length;
  return { earned, done: earned ? tasks.length : done, of: tasks.length };
}

/**
 * The badge to highlight as next: the locked badge (with tasks) closest to done by share of tasks,
 * then the fewest tasks left, then the first in the game's order. Undefined when none is locked.
 */
export function nextBadgeIndex(badges: readonly BadgeProgress[]): number | undefined {
  let best: number | undefined;
  for (const [i, b] of badges.entries()) {
    if (b.earned || b.of === 0) continue;
    if (best === undefined) {
      best = i;
      continue;
    }
    const cur = badges[best]!;
    const share = b.done / b.of - cur.done / cur.of;
    if (share > 1e-9 || (Math.abs(share) <= 1e-9 && b.of - b.done < cur.of - cur.done)) best = i;
  }
  return best;
}

/** Where a task sends the player to do it (the web maps these to participant paths). */
export const TASK_ACTION_PAGES = [
  'SESSION',
  'AGENDA',
  'MATERIAL',
  'ENGAGEMENT',
  'SCANNER',
  'FEED',
  'MEETINGS',
  'CARD_SCAN',
  'PROFILE',
  'NONE',
] as const;
export type TaskActionPage = (typeof TASK_ACTION_PAGES)[number];

/** The page a task's "what to do" links to; a single specific target links to its own page where one exists. */
export function taskActionPage(kind: TaskKind): TaskActionPage {
  switch (kind) {
    case 'SURVEY':
    case 'QUIZ':
    case 'QA':
      return 'ENGAGEMENT';
    case 'VIEW_DOCUMENT':
      return 'MATERIAL';
    case 'ATTEND_SESSION':
    case 'REGISTER_SESSION':
      return 'SESSION';
    case 'SCAN_QR':
      return 'SCANNER';
    case 'ACTIVITY_FEED':
      return 'FEED';
    case 'SIGN_UP_FOR_MEETING':
      return 'MEETINGS';
    case 'BUSINESS_CARD_EXCHANGE':
      return 'CARD_SCAN';
    case 'POPULATE_PROFILE':
      return 'PROFILE';
    case 'DOWNLOAD_APP':
    case 'REGISTRATION_FORM':
      return 'NONE';
  }
}

// ---------------------------------------------------------------------------------------------
// The API's answers

const score = z.number();

export const playerGameSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  mode: gameModeSchema,
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  window: z.enum(GAME_WINDOW_STATES),
  /** The player's score (at most two decimals). */
  score,
  /** The player's rank, null before their first points ("Not ranked yet"). */
  rank: z.number().int().positive().nullable(),
  /** Players with points (the "of N players"). */
  players: z.number().int().nonnegative(),
  badgesEarned: z.number().int().nonnegative(),
  badgesTotal: z.number().int().nonnegative(),
});
export type PlayerGameSummary = z.output<typeof playerGameSummarySchema>;

export const playerGamesSchema = z.object({ games: z.array(playerGameSummarySchema) });
export type PlayerGames = z.output<typeof playerGamesSchema>;

export const playerTaskTargetSchema = z.object({ id: z.string(), name: z.string(), done: z.boolean() });

export const playerTaskSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  kind: taskKindSchema,
  type: gameTaskTypeSchema,
  target: taskTargetSchema,
  /** COMPLETION: the points it pays once; TYPE_POINTS: the points per sub-task (0 when unset). */
  points: z.number().int(),
  state: z.enum(TASK_PROGRESS_STATES),
  complete: z.boolean(),
  done: z.number().int().nonnegative(),
  of: z.number().int().nonnegative().nullable(),
  pointsEarned: z.number(),
  pointsLimit: z.number().int().nullable(),
  action: z.object({ page: z.enum(TASK_ACTION_PAGES), targetId: z.string().nullable() }),
  /** SPECIFIC targets with their names (a deleted item is left out). */
  targets: z.array(playerTaskTargetSchema),
});
export type PlayerTask = z.output<typeof playerTaskSchema>;

export const playerBadgeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
  earnedAt: z.iso.datetime({ offset: true }).nullable(),
  done: z.number().int().nonnegative(),
  of: z.number().int().nonnegative(),
  /** The badge closest to being earned. */
  next: z.boolean(),
});
export type PlayerBadge = z.output<typeof playerBadgeSchema>;

export const playerGameSchema = playerGameSummarySchema.extend({
  scoring: z.enum(['TOTAL_POINTS', 'WEIGHTED_POINTS']),
  optedOut: z.boolean(),
  /** TEAM games: the player's team, null when they have none. */
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  tasks: z.array(playerTaskSchema),
  badges: z.array(playerBadgeSchema),
  /** The public board: top N (opted-out and hidden profiles left out). */
  board: z.array(gameBoardEntrySchema),
  /** The player's own board row (null before their first points); the page shows it beneath the top N when outside it. */
  me: gameBoardEntrySchema.nullable(),
});
export type PlayerGame = z.output<typeof playerGameSchema>;

export const optOutSchema = z.object({ optedOut: z.boolean() });
export type OptOut = z.output<typeof optOutSchema>;
