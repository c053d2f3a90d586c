import { z } from 'zod';
import { CONTENT_DESCRIPTION_MAX_LENGTH, CONTENT_NAME_MAX_LENGTH } from '../agenda/content.js';
import { listQuerySchema } from '../list.js';
import { multiValueFilter } from '../list-filters.js';
import { MESSAGES } from '../messages.js';
import {
  gameModeSchema,
  gameScoringSchema,
  gameTaskTypeSchema,
  isBooleanTaskKind,
  taskKindSchema,
  taskTargetSchema,
  type TaskKind,
} from '../spec/gamification.js';
import { colorSchema } from '../tenancy/events.js';
import { timestampSchema } from '../tenancy/common.js';
import { maxLengthString } from '../validation/strings.js';
import { nameString } from '../validation/text.js';

/**
 * Issue 15: games of an event (console `/engagement/gamification`) with their tasks, badges and
 * teams: the console forms' schemas, field messages and records, shared by the API and the web.
 * Semantics: apps/api/src/modules/gamification/README.md.
 */

export const GAME_MESSAGES = {
  leaderboardSize: 'Leaderboard size must be between 3 and 100',
  weight: 'Weight must be between 0 and 1000, with at most 2 decimals',
  noTargets: 'This task kind has no items to choose',
  anyOnly: 'This task kind counts any item only',
  alreadyInTeam: 'Already in another team of this game',
  sameTasks: 'The order must list every task of the game exactly once',
  teamSourceLabels: 'Teams of this game come from labels',
  teamSourceManual: 'Teams of this game are set by hand',
  teamMode: 'Teams are for games in TEAM mode',
} as const;

export const TEAM_SOURCES = ['LABELS', 'MANUAL'] as const;
export type TeamSource = (typeof TEAM_SOURCES)[number];
export const TEAM_AGGREGATES = ['SUM', 'MEAN', 'TOP_K'] as const;
export type TeamAggregate = (typeof TEAM_AGGREGATES)[number];

export const LEADERBOARD_SIZE_MIN = 3;
export const LEADERBOARD_SIZE_MAX = 100;
export const TEAM_TOP_K_MAX = 1000;
export const TASK_POINTS_MAX = 100_000;
export const TASKS_POINTS_LIMIT_MAX = 10_000_000;
export const TASK_WEIGHT_MAX = 1000;
export const TASK_TARGETS_MAX = 500;
export const GAME_TASKS_MAX = 200;
export const TEAM_MEMBERS_MAX = 5000;

/** Kinds that count any item only (spec part 9 lets them target any item; there is nothing to pick). */
export const ANY_ONLY_TASK_KINDS = [
  'ACTIVITY_FEED',
  'SIGN_UP_FOR_MEETING',
  'BUSINESS_CARD_EXCHANGE',
] as const satisfies readonly TaskKind[];

/** Where a kind's specific targets come from (null: none to pick). */
export type TaskTargetSource =
  | { table: 'tools'; toolTypes: readonly ('POLL' | 'SURVEY' | 'QUIZ' | 'QA')[] }
  | { table: 'materials' | 'sessions' | 'qrCodes' | 'forms' }
  | null;

export function taskTargetSource(kind: TaskKind): TaskTargetSource {
  switch (kind) {
    case 'SURVEY':
      // The spec has no poll kind: a poll vote counts as a survey answered.
      return { table: 'tools', toolTypes: ['POLL', 'SURVEY'] };
    case 'QUIZ':
      return { table: 'tools', toolTypes: ['QUIZ'] };
    case 'QA':
      return { table: 'tools', toolTypes: ['QA'] };
    case 'VIEW_DOCUMENT':
      return { table: 'materials' };
    case 'ATTEND_SESSION':
    case 'REGISTER_SESSION':
      return { table: 'sessions' };
    case 'SCAN_QR':
      return { table: 'qrCodes' };
    case 'REGISTRATION_FORM':
      return { table: 'forms' };
    default:
      return null;
  }
}

/** True when a task of this kind may target specific items. */
export const canTargetSpecific = (kind: TaskKind): boolean => taskTargetSource(kind) !== null;

const dateTimeInput = z.iso.datetime({ offset: true, error: MESSAGES.invalidDate });

// ── games ──

const gameBody = z.object({
  name: nameString(CONTENT_NAME_MAX_LENGTH),
  description: maxLengthString(CONTENT_DESCRIPTION_MAX_LENGTH).default(''),
  mode: gameModeSchema.default('INDIVIDUAL'),
  scoring: gameScoringSchema.default('TOTAL_POINTS'),
  teamSource: z.enum(TEAM_SOURCES).default('LABELS'),
  teamAggregate: z.enum(TEAM_AGGREGATES).default('SUM'),
  teamTopK: z.number().int().min(1).max(TEAM_TOP_K_MAX).default(5),
  /** The window: awards from startsAt (null: from the start) until endsAt (null: no cut-off). */
  startsAt: dateTimeInput.nullable().default(null),
  endsAt: dateTimeInput.nullable().default(null),
  /** Holders of these labels (of the event) earn nothing. */
  excludedLabelIds: z.array(z.uuid()).max(200, MESSAGES.maxLength).default([]),
  leaderboardSize: z
    .number({ error: GAME_MESSAGES.leaderboardSize })
    .int(GAME_MESSAGES.leaderboardSize)
    .min(LEADERBOARD_SIZE_MIN, GAME_MESSAGES.leaderboardSize)
    .max(LEADERBOARD_SIZE_MAX, GAME_MESSAGES.leaderboardSize)
    .default(10),
  isPublished: z.boolean().default(true),
});

/** 'End date can not be less than start date' on endsAt when the window is empty or backwards. */
export function windowIssue(
  startsAt: string | Date | null | undefined,
  endsAt: string | Date | null | undefined,
) {
  if (!startsAt || !endsAt) return false;
  return new Date(endsAt).getTime() <= new Date(startsAt).getTime();
}

export const createGameSchema = gameBody.superRefine((g, ctx) => {
  if (windowIssue(g.startsAt, g.endsAt))
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: MESSAGES.endDateBeforeStartDate });
});
export type CreateGame = z.output<typeof createGameSchema>;

const gameFields = gameBody.shape;
export const updateGameSchema = z
  .object({
    name: gameFields.name.optional(),
    description: gameFields.description.unwrap().optional(),
    mode: gameFields.mode.unwrap().optional(),
    scoring: gameFields.scoring.unwrap().optional(),
    teamSource: gameFields.teamSource.unwrap().optional(),
    teamAggregate: gameFields.teamAggregate.unwrap().optional(),
    teamTopK: gameFields.teamTopK.unwrap().optional(),
    startsAt: gameFields.startsAt.unwrap().optional(),
    endsAt: gameFields.endsAt.unwrap().optional(),
    excludedLabelIds: gameFields.excludedLabelIds.unwrap().optional(),
    leaderboardSize: gameFields.leaderboardSize.unwrap().optional(),
    isPublished: gameFields.isPublished.unwrap().optional(),
  })
  .superRefine((g, ctx) => {
    if (windowIssue(g.startsAt, g.endsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: MESSAGES.endDateBeforeStartDate });
  });
export type UpdateGame = z.output<typeof updateGameSchema>;

const refSchema = z.object({ id: z.uuid(), name: z.string() });
const labelRefSchema = refSchema.extend({ color: z.string() });

/** A game as the console sees it, and the Gamifications list row. */
export const gameSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  description: z.string(),
  mode: gameModeSchema,
  scoring: gameScoringSchema,
  teamSource: z.enum(TEAM_SOURCES),
  teamAggregate: z.enum(TEAM_AGGREGATES),
  teamTopK: z.number().int(),
  startsAt: timestampSchema.nullable(),
  endsAt: timestampSchema.nullable(),
  excludedLabels: z.array(labelRefSchema),
  leaderboardSize: z.number().int(),
  isPublished: z.boolean(),
  taskCount: z.number().int(),
  badgeCount: z.number().int(),
  teamCount: z.number().int(),
  /** Players with at least one ledger row. */
  playerCount: z.number().int(),
  /** Spec part 3: the author's name, or the e-mail if there is no name. */
  createdBy: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Game = z.output<typeof gameSchema>;

export const gameListQuerySchema = listQuerySchema.extend({
  mode: multiValueFilter(gameModeSchema).optional(),
});

// ── tasks ──

/** A weight with at most 2 decimals, 0–1000 (stored in hundredths). */
export const taskWeightSchema = z
  .number({ error: GAME_MESSAGES.weight })
  .min(0, GAME_MESSAGES.weight)
  .max(TASK_WEIGHT_MAX, GAME_MESSAGES.weight)
  .refine((w) => Math.abs(Math.round(w * 100) - w * 100) < 1e-6, GAME_MESSAGES.weight);

const points = (max: number) =>
  z
    .number({ error: MESSAGES.invalidInteger })
    .int(MESSAGES.invalidInteger)
    .min(0, MESSAGES.invalidInteger)
    .max(max, MESSAGES.invalidInteger);

const taskFields = {
  kind: taskKindSchema,
  type: gameTaskTypeSchema,
  name: nameString(CONTENT_NAME_MAX_LENGTH),
  description: maxLengthString(CONTENT_DESCRIPTION_MAX_LENGTH),
  target: taskTargetSchema,
  targetIds: z.array(z.uuid()).max(TASK_TARGETS_MAX, MESSAGES.maxLength),
  /** COMPLETION: paid once when the task is done. */
  points: points(TASK_POINTS_MAX).nullable(),
  /** TYPE_POINTS: paid per sub-task (distinct item done). */
  pointsPerSubTask: points(TASK_POINTS_MAX).nullable(),
  /** TYPE_POINTS: the most a player earns from the task; null: no limit. */
  tasksPointsLimit: points(TASKS_POINTS_LIMIT_MAX).nullable(),
  /** WEIGHTED_POINTS games: the task's multiplier (1.5 = ×1.5). */
  weight: taskWeightSchema.nullable(),
};

type TaskShape = {
  kind?: TaskKind | undefined;
  type?: 'COMPLETION' | 'TYPE_POINTS' | undefined;
  target?: 'ANY' | 'SPECIFIC' | undefined;
  targetIds?: string[] | undefined;
  points?: number | null | undefined;
  pointsPerSubTask?: number | null | undefined;
};

/** The rules between a task's fields (a PATCH is checked against the stored task merged with it). */
export function taskIssues(t: TaskShape): Record<string, string> {
  const issues: Record<string, string> = {};
  if (t.kind && isBooleanTaskKind(t.kind)) {
    if (t.target === 'SPECIFIC') issues.target = GAME_MESSAGES.noTargets;
    if (t.targetIds?.length) issues.targetIds = GAME_MESSAGES.noTargets;
  } else if (t.kind && !canTargetSpecific(t.kind)) {
    if (t.target === 'SPECIFIC') issues.target = GAME_MESSAGES.anyOnly;
    if (t.targetIds?.length) issues.targetIds = GAME_MESSAGES.anyOnly;
  } else if (t.target === 'SPECIFIC' && t.targetIds !== undefined && t.targetIds.length === 0)
    issues.targetIds = MESSAGES.required;
  if (t.type === 'COMPLETION' && (t.points === null || t.points === undefined))
    issues.points = MESSAGES.required;
  if (t.type === 'TYPE_POINTS' && (t.pointsPerSubTask === null || t.pointsPerSubTask === undefined))
    issues.pointsPerSubTask = MESSAGES.required;
  return issues;
}

const refineTask = (t: TaskShape, ctx: z.RefinementCtx) => {
  for (const [path, message] of Object.entries(taskIssues(t)))
    ctx.addIssue({ code: 'custom', path: [path], message });
};

export const createTaskSchema = z
  .object({
    ...taskFields,
    description: taskFields.description.default(''),
    target: taskFields.target.default('ANY'),
    targetIds: taskFields.targetIds.default([]),
    points: taskFields.points.default(null),
    pointsPerSubTask: taskFields.pointsPerSubTask.default(null),
    tasksPointsLimit: taskFields.tasksPointsLimit.default(null),
    weight: taskFields.weight.default(null),
  })
  .superRefine(refineTask);
export type CreateTask = z.output<typeof createTaskSchema>;

/** PATCH: any subset (the kind stays); the rules are checked against the stored task merged with it. */
export const updateTaskSchema = z.object({
  type: taskFields.type.optional(),
  name: taskFields.name.optional(),
  description: taskFields.description.optional(),
  target: taskFields.target.optional(),
  targetIds: taskFields.targetIds.optional(),
  points: taskFields.points.optional(),
  pointsPerSubTask: taskFields.pointsPerSubTask.optional(),
  tasksPointsLimit: taskFields.tasksPointsLimit.optional(),
  weight: taskFields.weight.optional(),
});
export type UpdateTask = z.output<typeof updateTaskSchema>;

export const taskOrderSchema = z.object({
  taskIds: z.array(z.uuid()).min(1, MESSAGES.required).max(GAME_TASKS_MAX, MESSAGES.maxLength),
});
export type TaskOrder = z.output<typeof taskOrderSchema>;

export const gameTaskSchema = z.object({
  id: z.uuid(),
  gameId: z.uuid(),
  kind: taskKindSchema,
  type: gameTaskTypeSchema,
  name: z.string(),
  description: z.string(),
  target: taskTargetSchema,
  targetIds: z.array(z.uuid()),
  /** The targets' names (a deleted item is left out). */
  targets: z.array(refSchema),
  points: z.number().int(),
  pointsPerSubTask: z.number().int().nullable(),
  tasksPointsLimit: z.number().int().nullable(),
  /** Spec part 3: tasksPointsLimit ÷ pointsPerSubTask, 1 without pointsPerSubTask, null (blank) without a limit. */
  tasksPointsCount: z.number().int().nullable(),
  weight: z.number(),
  position: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type GameTask = z.output<typeof gameTaskSchema>;

export const taskListQuerySchema = listQuerySchema.extend({
  kind: multiValueFilter(taskKindSchema).optional(),
});

/** An item a task of a kind can target (the pickers). */
export const taskTargetOptionSchema = refSchema;
export const taskTargetOptionsQuerySchema = z.object({ kind: taskKindSchema });
export const taskTargetOptionsSchema = z.object({ records: z.array(refSchema) });

// ── badges ──

export const BADGE_ICONS = ['star', 'trophy', 'medal', 'rocket', 'heart', 'flag', 'bolt', 'crown'] as const;
export type BadgeIcon = (typeof BADGE_ICONS)[number];

const badgeFields = {
  name: nameString(CONTENT_NAME_MAX_LENGTH),
  description: maxLengthString(CONTENT_DESCRIPTION_MAX_LENGTH),
  icon: z.enum(BADGE_ICONS),
  color: colorSchema,
  /** The tasks (of this game) that earn the badge once all are complete. */
  taskIds: z.array(z.uuid()).min(1, MESSAGES.required).max(GAME_TASKS_MAX, MESSAGES.maxLength),
};

export const createBadgeSchema = z.object({
  ...badgeFields,
  description: badgeFields.description.default(''),
  icon: badgeFields.icon.default('star'),
  color: badgeFields.color.default('#b45309'),
});
export type CreateBadge = z.output<typeof createBadgeSchema>;
export const updateBadgeSchema = z.object(badgeFields).partial();
export type UpdateBadge = z.output<typeof updateBadgeSchema>;

export const gameBadgeSchema = z.object({
  id: z.uuid(),
  gameId: z.uuid(),
  name: z.string(),
  description: z.string(),
  icon: z.enum(BADGE_ICONS),
  color: z.string(),
  taskIds: z.array(z.uuid()),
  tasks: z.array(refSchema),
  /** Spec part 3: gameTasks reduced to a count. */
  gameTasks: z.number().int(),
  /** Players who earned it. */
  earnedCount: z.number().int(),
  position: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type GameBadge = z.output<typeof gameBadgeSchema>;
export const badgeListQuerySchema = listQuerySchema;

// ── teams ──

export const createTeamSchema = z.object({
  name: nameString(CONTENT_NAME_MAX_LENGTH),
  /** LABELS games: the label whose holders are the team. */
  labelId: z.uuid().nullable().default(null),
});
export type CreateTeam = z.output<typeof createTeamSchema>;
export const updateTeamSchema = z
  .object({ name: createTeamSchema.shape.name, labelId: z.uuid().nullable() })
  .partial();
export type UpdateTeam = z.output<typeof updateTeamSchema>;
/** LABELS games: one team per label (named after it); labels that already have a team are skipped. */
export const teamsFromLabelsSchema = z.object({
  labelIds: z.array(z.uuid()).min(1, MESSAGES.required).max(200, MESSAGES.maxLength),
});
/** MANUAL games: the team's members become exactly these participants. */
export const teamMembersSchema = z.object({
  participantIds: z.array(z.uuid()).max(TEAM_MEMBERS_MAX, MESSAGES.maxLength),
});

export const gameTeamSchema = z.object({
  id: z.uuid(),
  gameId: z.uuid(),
  name: z.string(),
  label: labelRefSchema.nullable(),
  /** MANUAL: its members; LABELS: the label's holders. */
  memberCount: z.number().int(),
  position: z.number().int(),
  createdAt: timestampSchema,
});
export type GameTeam = z.output<typeof gameTeamSchema>;
export const teamListQuerySchema = listQuerySchema;

export const teamMemberSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export const teamMembersListSchema = z.object({ records: z.array(teamMemberSchema) });
export type TeamMember = z.output<typeof teamMemberSchema>;
