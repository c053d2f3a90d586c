import {
  CONTENT_NAME_MAX_LENGTH,
  MESSAGES,
  windowIssue,
  type CreateGame,
  type Game,
  type UpdateGame,
} from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/index.js';
import type { EventAccess } from '../../platform/event-access.js';
import { notFound } from '../../platform/errors.js';
import { fieldsError } from '../../platform/http.js';
import * as repo from './games.repo.js';
import { rebuildStandings } from './standings.js';

const ENTITY = 'game';

export async function getGame(db: Db, eventId: string, id: string): Promise<Game> {
  const record = await repo.gameList.byId(db, eventId, id);
  if (!record) throw notFound();
  return record;
}

/** The game of the event, or 404 (another event's or tenant's id included). */
export async function gameOf(db: Db, eventId: string, id: string, lock = false): Promise<repo.GameRow> {
  const game = await repo.findGame(db, eventId, id, lock);
  if (!game) throw notFound();
  return game;
}

/** Excluded labels must be the event's ('Please select value' on the field otherwise). */
async function checkLabels(db: Db, eventId: string, labelIds: readonly string[] | undefined): Promise<void> {
  if (!labelIds?.length) return;
  const found = await repo.labelIdsOfEvent(db, eventId, labelIds);
  const bad = labelIds.findIndex((id) => !found.has(id));
  if (bad >= 0) throw fieldsError({ [`excludedLabelIds.${bad}`]: MESSAGES.pleaseSelectValue });
}

const toDate = (v: string | null) => (v === null ? null : new Date(v));

export async function createGame(db: Db, { ctx, event }: EventAccess, body: CreateGame): Promise<Game> {
  await checkLabels(db, event.id, body.excludedLabelIds);
  const id = await db.transaction().execute(async (tx) => {
    const id = await repo.insertGame(
      tx,
      event.id,
      {
        ...body,
        excludedLabelIds: [...new Set(body.excludedLabelIds)],
        startsAt: toDate(body.startsAt),
        endsAt: toDate(body.endsAt),
      },
      ctx.actorId,
    );
    await audit(tx, ctx, 'create', ENTITY, id);
    return id;
  });
  return getGame(db, event.id, id);
}

/** PATCH: the fields given; the window is checked against the stored ends. A scoring change rebuilds the standings. */
export async function updateGame(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  { ctx, event }: EventAccess,
  id: string,
  body: UpdateGame,
): Promise<Game> {
  const { db } = deps;
  await checkLabels(db, event.id, body.excludedLabelIds);
  const rescored = await db.transaction().execute(async (tx) => {
    const game = await gameOf(tx, event.id, id, true);
    const startsAt = body.startsAt !== undefined ? body.startsAt : game.startsAt;
    const endsAt = body.endsAt !== undefined ? body.endsAt : game.endsAt;
    if (windowIssue(startsAt, endsAt)) throw fieldsError({ endsAt: MESSAGES.endDateBeforeStartDate });
    const { startsAt: s, endsAt: e, excludedLabelIds, ...rest } = body;
    await repo.updateGame(
      tx,
      id,
      {
        ...rest,
        ...(s !== undefined ? { startsAt: toDate(s) } : {}),
        ...(e !== undefined ? { endsAt: toDate(e) } : {}),
        ...(excludedLabelIds ? { excludedLabelIds: [...new Set(excludedLabelIds)] } : {}),
      },
      ctx.actorId,
    );
    await audit(tx, ctx, 'update', ENTITY, id);
    return (
      (body.scoring !== undefined && body.scoring !== game.scoring) ||
      (body.mode !== undefined && body.mode !== game.mode) ||
      (body.teamAggregate !== undefined && body.teamAggregate !== game.teamAggregate) ||
      (body.teamTopK !== undefined && body.teamTopK !== game.teamTopK) ||
      excludedLabelIds !== undefined ||
      (body.leaderboardSize !== undefined && body.leaderboardSize !== game.leaderboardSize)
    );
  });
  if (rescored) await rebuildStandings(deps, id);
  return getGame(db, event.id, id);
}

export async function deleteGame(db: Db, { ctx, event }: EventAccess, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await gameOf(tx, event.id, id, true);
    await repo.deleteGame(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
}

const COPY_SUFFIX = ' (copy)';
/** `<name> (copy)`, shortened to fit the name's limit. */
export const copyName = (name: string) =>
  `${[...name].slice(0, CONTENT_NAME_MAX_LENGTH - COPY_SUFFIX.length).join('')}${COPY_SUFFIX}`;

/** A new game like this one with its tasks and badges (no teams, points or awards); the console toasts 'Copied: <name>'. */
export async function copyGame(db: Db, { ctx, event }: EventAccess, id: string): Promise<Game> {
  const newId = await db.transaction().execute(async (tx) => {
    const { id: _id, eventId: _eventId, ...game } = await gameOf(tx, event.id, id);
    const newId = await repo.insertGame(tx, event.id, { ...game, name: copyName(game.name) }, ctx.actorId);
    await repo.copyTasksAndBadges(tx, id, newId, ctx.actorId);
    await audit(tx, ctx, 'create', ENTITY, newId);
    return newId;
  });
  return getGame(db, event.id, newId);
}
