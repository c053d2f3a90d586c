import { AWARD_MESSAGES, type AssignedPoints, type AssignPoints } from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/deps.js';
import type { EventAccess } from '../../platform/event-access.js';
import { notFound } from '../../platform/errors.js';
import { fieldsError } from '../../platform/http.js';
import * as repo from './assigned-points.repo.js';
import { announceAwards } from './awards.service.js';
import { gameOf } from './games.service.js';
import { rebuildStandings } from './standings.js';
import { findTask } from './tasks.repo.js';

const ENTITY = 'gameAssignedPoints';
type Deps = Pick<AppDeps, 'db' | 'realtime'>;

/**
 * Points given by hand, with a reason: one assigned row and its ledger row in one transaction; after
 * the commit the board moves and the player hears of it (`game.awarded`, negative when taken away).
 * Outside the game's window too: an organiser's decision is not a fact the window filters.
 */
export async function assignPoints(
  deps: Deps,
  { ctx, event }: EventAccess,
  gameId: string,
  body: AssignPoints,
): Promise<AssignedPoints> {
  const scope = { eventId: event.id, gameId };
  const row = await deps.db.transaction().execute(async (tx) => {
    await gameOf(tx, event.id, gameId);
    const known = await repo.participantsOfEvent(tx, event.id, [body.participantId]);
    if (!known.has(body.participantId))
      throw fieldsError({ participantId: AWARD_MESSAGES.participantUnknown });
    const taskId = body.taskId ?? null;
    if (taskId && !(await findTask(tx, gameId, taskId)))
      throw fieldsError({ taskId: AWARD_MESSAGES.taskUnknown });
    const row = await repo.insertAssigned(tx, {
      ...scope,
      participantId: body.participantId,
      taskId,
      points: body.points,
      reason: body.reason,
      createdBy: ctx.actorId,
    });
    await audit(tx, ctx, 'create', ENTITY, row.id);
    return row;
  });
  await announceAwards(deps, [
    {
      ...scope,
      participantId: body.participantId,
      points: body.points,
      awardedAt: row.createdAt,
      reason: body.reason,
      badges: [],
    },
  ]);
  const record = await repo.assignedPointsList.byId(deps.db, scope, row.id);
  if (!record) throw notFound();
  return record;
}

/** Takes assigned points back (their ledger row goes too) and rebuilds the game's standings. */
export async function deleteAssignedPoints(
  deps: Deps,
  { ctx, event }: EventAccess,
  gameId: string,
  id: string,
): Promise<void> {
  await deps.db.transaction().execute(async (tx) => {
    await gameOf(tx, event.id, gameId);
    if (!(await repo.deleteAssigned(tx, gameId, id))) throw notFound();
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
  await rebuildStandings(deps, gameId);
}
