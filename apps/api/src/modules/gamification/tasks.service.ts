import {
  GAME_MESSAGES,
  GAME_TASKS_MAX,
  MESSAGES,
  taskIssues,
  taskTargetSource,
  type CreateTask,
  type GameTask,
  type TaskKind,
  type TaskOrder,
  type UpdateTask,
} from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/index.js';
import type { EventAccess } from '../../platform/event-access.js';
import { conflict, notFound } from '../../platform/errors.js';
import { fieldsError } from '../../platform/http.js';
import { gameOf } from './games.service.js';
import type { GameRow } from './games.repo.js';
import * as repo from './tasks.repo.js';
import { rebuildStandings } from './standings.js';

const ENTITY = 'gameTask';

export async function getTask(db: Db, scope: repo.TaskScope, id: string): Promise<GameTask> {
  const record = await repo.taskList.byId(db, scope, id);
  if (!record) throw notFound();
  return record;
}

/** Specific targets must be items of the event of the kind's own sort ('Please select value' on the field otherwise). */
async function checkTargets(
  db: Db,
  eventId: string,
  kind: TaskKind,
  targetIds: readonly string[],
): Promise<void> {
  const source = taskTargetSource(kind);
  if (!source || targetIds.length === 0) return;
  const found = await repo.targetIdsOfEvent(db, eventId, source, targetIds);
  const bad = targetIds.findIndex((id, i) => !found.has(id) || targetIds.indexOf(id) !== i);
  if (bad >= 0) throw fieldsError({ [`targetIds.${bad}`]: MESSAGES.pleaseSelectValue });
}

/** WEIGHTED_POINTS games need a weight; others keep ×1 unless one is given. */
function weightPercent(game: GameRow, weight: number | null | undefined): number | undefined {
  if (weight === null || weight === undefined) {
    if (game.scoring === 'WEIGHTED_POINTS') throw fieldsError({ weight: MESSAGES.required });
    return undefined;
  }
  return Math.round(weight * 100);
}

/** The stored values of a task: only what its type and target use. */
function storedValues(t: Omit<CreateTask, 'weight'>): Omit<repo.TaskValues, 'weightPercent'> {
  const completion = t.type === 'COMPLETION';
  return {
    kind: t.kind,
    type: t.type,
    name: t.name,
    description: t.description,
    target: t.target,
    targetIds: t.target === 'SPECIFIC' ? [...new Set(t.targetIds)] : [],
    points: completion ? (t.points ?? 0) : 0,
    pointsPerSubTask: completion ? null : t.pointsPerSubTask,
    tasksPointsLimit: completion ? null : t.tasksPointsLimit,
  };
}

export async function createTask(
  db: Db,
  { ctx, event }: EventAccess,
  gameId: string,
  body: CreateTask,
): Promise<GameTask> {
  if (body.target === 'SPECIFIC') await checkTargets(db, event.id, body.kind, body.targetIds);
  const id = await db.transaction().execute(async (tx) => {
    const game = await gameOf(tx, event.id, gameId, true);
    if ((await repo.countTasks(tx, gameId)) >= GAME_TASKS_MAX) throw conflict(MESSAGES.maxLength);
    const id = await repo.insertTask(
      tx,
      { eventId: event.id, gameId },
      { ...storedValues(body), weightPercent: weightPercent(game, body.weight) ?? 100 },
      ctx.actorId,
    );
    await audit(tx, ctx, 'create', ENTITY, id);
    return id;
  });
  return getTask(db, { eventId: event.id, gameId }, id);
}

/** PATCH: any subset; the merged task must keep the rules. A weight change rebuilds the standings. */
export async function updateTask(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  { ctx, event }: EventAccess,
  gameId: string,
  id: string,
  body: UpdateTask,
): Promise<GameTask> {
  const { db } = deps;
  const reweighted = await db.transaction().execute(async (tx) => {
    const game = await gameOf(tx, event.id, gameId, true);
    const task = await repo.findTask(tx, gameId, id, true);
    if (!task) throw notFound();
    const merged = {
      ...task,
      points: task.type === 'COMPLETION' ? task.points : null,
      ...body,
    };
    const issues = taskIssues(merged);
    if (Object.keys(issues).length > 0) throw fieldsError(issues);
    if (merged.target === 'SPECIFIC' && body.targetIds !== undefined)
      await checkTargets(tx, event.id, task.kind, merged.targetIds);
    const weight = body.weight !== undefined ? weightPercent(game, body.weight) : undefined;
    await repo.updateTask(
      tx,
      id,
      {
        ...storedValues({ ...merged, points: merged.points ?? null }),
        ...(weight !== undefined ? { weightPercent: weight } : {}),
      },
      ctx.actorId,
    );
    await audit(tx, ctx, 'update', ENTITY, id);
    return weight !== undefined && weight !== task.weightPercent && game.scoring === 'WEIGHTED_POINTS';
  });
  if (reweighted) await rebuildStandings(deps, gameId);
  return getTask(db, { eventId: event.id, gameId }, id);
}

/** Deletes the task with its points (ledger rows cascade) and takes it out of badges; the standings are rebuilt. */
export async function deleteTask(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  { ctx, event }: EventAccess,
  gameId: string,
  id: string,
) {
  await deps.db.transaction().execute(async (tx) => {
    await gameOf(tx, event.id, gameId, true);
    if (!(await repo.findTask(tx, gameId, id, true))) throw notFound();
    await repo.deleteTask(tx, gameId, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
  await rebuildStandings(deps, gameId);
}

/**
 * The game's tasks in the order given: the full list of its task ids, each once (400 for repeats;
 * 409 when the list is not exactly the game's tasks, e.g. one was added or deleted meanwhile). The
 * game row is locked, so concurrent reorders apply one after the other, each a whole order.
 */
export async function reorderTasks(db: Db, { ctx, event }: EventAccess, gameId: string, body: TaskOrder) {
  const repeated = body.taskIds.findIndex((id, i) => body.taskIds.indexOf(id) !== i);
  if (repeated >= 0) throw fieldsError({ [`taskIds.${repeated}`]: GAME_MESSAGES.sameTasks });
  await db.transaction().execute(async (tx) => {
    await gameOf(tx, event.id, gameId, true);
    const current = new Set(await repo.taskIdsOfGame(tx, gameId));
    if (current.size !== body.taskIds.length || body.taskIds.some((id) => !current.has(id)))
      throw conflict(GAME_MESSAGES.sameTasks, { taskIds: GAME_MESSAGES.sameTasks });
    await repo.setTaskPositions(tx, gameId, body.taskIds);
    await audit(tx, ctx, 'update', 'game', gameId);
  });
}

/** The items a task of `kind` can target in this event (the console's pickers); none for kinds without targets. */
export async function targetOptions(db: Db, eventId: string, gameId: string, kind: TaskKind) {
  await gameOf(db, eventId, gameId);
  const source = taskTargetSource(kind);
  return { records: source ? await repo.targetOptions(db, eventId, source) : [] };
}
