import { MESSAGES, type CreateBadge, type GameBadge, type UpdateBadge } from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import type { EventAccess } from '../../platform/event-access.js';
import { notFound } from '../../platform/errors.js';
import { fieldsError } from '../../platform/http.js';
import * as repo from './badges.repo.js';
import { gameOf } from './games.service.js';
import { taskIdsOfGame, type TaskScope } from './tasks.repo.js';

const ENTITY = 'gameBadge';

export async function getBadge(db: Db, scope: TaskScope, id: string): Promise<GameBadge> {
  const record = await repo.badgeList.byId(db, scope, id);
  if (!record) throw notFound();
  return record;
}

/** A badge's tasks must be tasks of this game, each once ('Please select value' on the field otherwise). */
async function checkTasks(db: Db, gameId: string, taskIds: readonly string[]): Promise<string[]> {
  const ofGame = new Set(await taskIdsOfGame(db, gameId));
  const bad = taskIds.findIndex((id, i) => !ofGame.has(id) || taskIds.indexOf(id) !== i);
  if (bad >= 0) throw fieldsError({ [`taskIds.${bad}`]: MESSAGES.pleaseSelectValue });
  return [...taskIds];
}

export async function createBadge(
  db: Db,
  { ctx, event }: EventAccess,
  gameId: string,
  body: CreateBadge,
): Promise<GameBadge> {
  const scope = { eventId: event.id, gameId };
  const id = await db.transaction().execute(async (tx) => {
    await gameOf(tx, event.id, gameId, true);
    const taskIds = await checkTasks(tx, gameId, body.taskIds);
    const id = await repo.insertBadge(tx, scope, { ...body, taskIds }, ctx.actorId);
    await audit(tx, ctx, 'create', ENTITY, id);
    return id;
  });
  return getBadge(db, scope, id);
}

export async function updateBadge(
  db: Db,
  { ctx, event }: EventAccess,
  gameId: string,
  id: string,
  body: UpdateBadge,
): Promise<GameBadge> {
  const scope = { eventId: event.id, gameId };
  await db.transaction().execute(async (tx) => {
    await gameOf(tx, event.id, gameId, true);
    if (!(await repo.badgeExists(tx, gameId, id, true))) throw notFound();
    const taskIds = body.taskIds ? await checkTasks(tx, gameId, body.taskIds) : undefined;
    await repo.updateBadge(tx, id, { ...body, ...(taskIds ? { taskIds } : {}) }, ctx.actorId);
    await audit(tx, ctx, 'update', ENTITY, id);
  });
  return getBadge(db, scope, id);
}

/** Deletes the badge and who earned it (points stay). */
export async function deleteBadge(db: Db, { ctx, event }: EventAccess, gameId: string, id: string) {
  await db.transaction().execute(async (tx) => {
    await gameOf(tx, event.id, gameId, true);
    if (!(await repo.badgeExists(tx, gameId, id, true))) throw notFound();
    await repo.deleteBadge(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
}
