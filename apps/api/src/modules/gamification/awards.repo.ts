import { sql } from 'kysely';
import type { TaskKind } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';

/** The award function's reads and writes: tasks a fact may pay, eligibility, progress, the ledger, badges. */

export interface CandidateTask {
  gameId: string;
  startsAt: Date | null;
  endsAt: Date | null;
  excludedLabelIds: string[];
  taskId: string;
  name: string;
  kind: TaskKind;
  type: 'COMPLETION' | 'TYPE_POINTS';
  target: 'ANY' | 'SPECIFIC';
  targetIds: string[];
  points: number;
  pointsPerSubTask: number | null;
  tasksPointsLimit: number | null;
}

/** Whether any published game of the event has a task of one of these kinds (one indexed read). */
export async function anyTaskOfKinds(db: Db, eventId: string, kinds: readonly TaskKind[]): Promise<boolean> {
  const row = await db
    .selectFrom('gameTasks as t')
    .innerJoin('games as g', 'g.id', 't.gameId')
    .select('t.id')
    .where('t.eventId', '=', eventId)
    .where('t.kind', 'in', kinds)
    .where('g.isPublished', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Tasks of this kind in the event's published games, by game then position. */
export function candidateTasks(tx: Db, eventId: string, kind: TaskKind): Promise<CandidateTask[]> {
  return tx
    .selectFrom('gameTasks as t')
    .innerJoin('games as g', 'g.id', 't.gameId')
    .select([
      'g.id as gameId',
      'g.startsAt',
      'g.endsAt',
      'g.excludedLabelIds',
      't.id as taskId',
      't.name',
      't.kind',
      't.type',
      't.target',
      't.targetIds',
      't.points',
      't.pointsPerSubTask',
      't.tasksPointsLimit',
    ])
    .where('t.eventId', '=', eventId)
    .where('t.kind', '=', kind)
    .where('g.eventId', '=', eventId)
    .where('g.isPublished', '=', true)
    .orderBy('g.id')
    .orderBy('t.position')
    .orderBy('t.id')
    .execute();
}

export interface PlayerStanding {
  /** Event staff (admins of the event, its hub or organisation; moderators; super admins). */
  isStaff: boolean;
  labelIds: string[];
}

/** The participant's staff status and labels in the event; undefined when not a participant of it. */
export async function playerStanding(
  tx: Db,
  eventId: string,
  participantId: string,
): Promise<PlayerStanding | undefined> {
  const row = await tx
    .selectFrom('participants as p')
    .innerJoin('events as e', 'e.id', 'p.eventId')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select((eb) => [
      sql<boolean>`u.user_role = 'superadmin' OR EXISTS (
        SELECT 1 FROM memberships m WHERE m.user_id = p.user_id AND (
          (m.scope = 'event' AND m.scope_id = e.id)
          OR (m.scope = 'eventHub' AND m.scope_id = e.event_hub_id)
          OR (m.scope = 'organization' AND m.scope_id = e.organization_id)))`.as('isStaff'),
      eb
        .selectFrom('participantLabels as pl')
        .select(sql<string[]>`coalesce(array_agg(pl.label_id), '{}')`.as('ids'))
        .whereRef('pl.participantId', '=', 'p.id')
        .as('labelIds'),
    ])
    .where('p.eventId', '=', eventId)
    .where('p.id', '=', participantId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { isStaff: row.isStaff, labelIds: row.labelIds ?? [] };
}

/** One award at a time per (game, player): limits, COMPLETION over several targets and badges hold under concurrency. */
export async function lockPlayerInGame(tx: Db, gameId: string, participantId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`game-award:${gameId}:${participantId}`}))`.execute(tx);
}

/** Records a target done; false when it was done already. */
export async function insertProgress(
  tx: Db,
  row: { gameId: string; taskId: string; participantId: string; targetKey: string; doneAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insertInto('gameTaskProgress')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('targetKey')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function progressKeys(tx: Db, taskId: string, participantId: string): Promise<Set<string>> {
  const rows = await tx
    .selectFrom('gameTaskProgress')
    .select('targetKey')
    .where('taskId', '=', taskId)
    .where('participantId', '=', participantId)
    .execute();
  return new Set(rows.map((r) => r.targetKey));
}

/** Points the player has from a task so far (its ledger rows). */
export async function earnedFromTask(tx: Db, taskId: string, participantId: string): Promise<number> {
  const row = await tx
    .selectFrom('gameLedger')
    .select(sql<string>`coalesce(sum(points), 0)`.as('sum'))
    .where('taskId', '=', taskId)
    .where('participantId', '=', participantId)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

/** A custom QR code's own points (SCAN_QR sub-tasks pay them when > 0). */
export async function codePoints(tx: Db, eventId: string, codeId: string): Promise<number | null> {
  const row = await tx
    .selectFrom('customQrCodes')
    .select('points')
    .where('eventId', '=', eventId)
    .where('id', '=', codeId)
    .executeTakeFirst();
  return row?.points ?? null;
}

export interface LedgerInsert {
  gameId: string;
  eventId: string;
  participantId: string;
  taskId: string;
  targetKey: string;
  points: number;
  sourceEventId: string | null;
  awardedAt: Date;
}

/** The award row; undefined when (game, player, task, target) was paid already. */
export async function insertLedger(
  tx: Db,
  row: LedgerInsert,
): Promise<{ id: string; awardedAt: Date } | undefined> {
  return tx
    .insertInto('gameLedger')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['gameId', 'participantId', 'taskId', 'targetKey'])
        .where('taskId', 'is not', null)
        .doNothing(),
    )
    .returning(['id', 'awardedAt'])
    .executeTakeFirst();
}

export interface BadgeTaskState {
  badgeId: string;
  badgeName: string;
  taskId: string;
  type: 'COMPLETION' | 'TYPE_POINTS';
  tasksPointsLimit: number | null;
  completionPaid: boolean;
  earned: number;
  subTasks: number;
}

/**
 * For the game's badges the player has not earned yet and that include one of `taskIds`: each of
 * their tasks with the player's state (ledger rows, sub-tasks done). A badge's task that no longer
 * exists has no row: the badge waits on the tasks that remain.
 */
export async function openBadgeTasks(
  tx: Db,
  gameId: string,
  participantId: string,
  taskIds: readonly string[],
): Promise<BadgeTaskState[]> {
  if (taskIds.length === 0) return [];
  const rows = await tx
    .selectFrom('gameBadges as b')
    .innerJoin('gameTasks as t', (j) =>
      j.on(sql<boolean>`t.id = ANY(b.task_ids)`).onRef('t.gameId', '=', 'b.gameId'),
    )
    .select((eb) => [
      'b.id as badgeId',
      'b.name as badgeName',
      't.id as taskId',
      't.type',
      't.tasksPointsLimit',
      eb
        .selectFrom('gameLedger as l')
        .select(sql<string>`coalesce(sum(l.points), 0)`.as('s'))
        .whereRef('l.taskId', '=', 't.id')
        .where('l.participantId', '=', participantId)
        .as('earned'),
      eb
        .selectFrom('gameLedger as l')
        .select(sql<string>`count(*)`.as('c'))
        .whereRef('l.taskId', '=', 't.id')
        .where('l.participantId', '=', participantId)
        .where('l.targetKey', '=', '')
        .as('completionRows'),
      eb
        .selectFrom('gameTaskProgress as pr')
        .select(sql<string>`count(*)`.as('c'))
        .whereRef('pr.taskId', '=', 't.id')
        .where('pr.participantId', '=', participantId)
        .as('subTasks'),
    ])
    .where('b.gameId', '=', gameId)
    .where(sql<boolean>`b.task_ids && ${sql.val(taskIds)}::uuid[]`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('gameBadgeAwards as a')
            .select('a.badgeId')
            .whereRef('a.badgeId', '=', 'b.id')
            .where('a.participantId', '=', participantId),
        ),
      ),
    )
    .orderBy('b.position')
    .orderBy('b.id')
    .execute();
  return rows.map((r) => ({
    badgeId: r.badgeId,
    badgeName: r.badgeName,
    taskId: r.taskId,
    type: r.type,
    tasksPointsLimit: r.tasksPointsLimit,
    completionPaid: Number(r.completionRows ?? 0) > 0,
    earned: Number(r.earned ?? 0),
    subTasks: Number(r.subTasks ?? 0),
  }));
}

/** Badges whose task list is complete: the rows of openBadgeTasks cover a badge's existing tasks. */
export async function insertBadgeAward(
  tx: Db,
  row: { badgeId: string; gameId: string; participantId: string },
): Promise<boolean> {
  const inserted = await tx
    .insertInto('gameBadgeAwards')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('badgeId')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The player's score in a game (TOTAL or WEIGHTED, assigned points without a task ×1), two decimals. */
export async function playerScore(tx: Db, gameId: string, participantId: string): Promise<number> {
  const row = await tx
    .selectFrom('gameLedger as l')
    .innerJoin('games as g', 'g.id', 'l.gameId')
    .leftJoin('gameAssignedPoints as ap', 'ap.id', 'l.assignedId')
    .leftJoin('gameTasks as t', (j) => j.on(sql<boolean>`t.id = coalesce(l.task_id, ap.task_id)`))
    .select(
      sql<string>`coalesce(sum(CASE WHEN g.scoring = 'WEIGHTED_POINTS'
        THEN l.points::numeric * coalesce(t.weight_percent, 100) / 100 ELSE l.points END), 0)`.as('score'),
    )
    .where('l.gameId', '=', gameId)
    .where('l.participantId', '=', participantId)
    .executeTakeFirstOrThrow();
  return Math.round(Number(row.score) * 100) / 100;
}

/** The accounts behind participants (for their user rooms). */
export async function userIdsOf(db: Db, participantIds: readonly string[]): Promise<Map<string, string>> {
  if (participantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('participants')
    .select(['id', 'userId'])
    .where('id', 'in', [...participantIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.userId]));
}
