import {
  GAME_MESSAGES,
  MESSAGES,
  type CreateTeam,
  type GameTeam,
  type TeamMember,
  type UpdateTeam,
} from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/index.js';
import type { EventAccess } from '../../platform/event-access.js';
import { conflict, notFound } from '../../platform/errors.js';
import { fieldsError } from '../../platform/http.js';
import type { GameRow } from './games.repo.js';
import { gameOf } from './games.service.js';
import { rebuildStandings } from './standings.js';
import * as repo from './teams.repo.js';

/**
 * A TEAM game's teams: LABELS games — one team per label (its holders are the team); MANUAL games —
 * members set by hand, a player in at most one team of the game. Each write locks the game row, runs
 * in one transaction and rebuilds the standings after the commit (team boards move).
 */

const ENTITY = 'gameTeam';
type Deps = Pick<AppDeps, 'db' | 'realtime'>;

export async function getTeam(db: Db, eventId: string, gameId: string, id: string): Promise<GameTeam> {
  const record = await repo.teamList.byId(db, { eventId, gameId }, id);
  if (!record) throw notFound();
  return record;
}

/** Teams are written in TEAM games only (409 otherwise). */
function teamGame(game: GameRow): GameRow {
  if (game.mode !== 'TEAM') throw conflict(GAME_MESSAGES.teamMode);
  return game;
}

/**
 * A team's label. LABELS games: required, a label of the event ('Please select value'), not the label
 * of another team of the game. MANUAL games: none.
 */
async function checkLabel(
  tx: Db,
  game: GameRow,
  labelId: string | null,
  teamId?: string,
): Promise<string | null> {
  if (game.teamSource === 'MANUAL') {
    if (labelId !== null) throw fieldsError({ labelId: GAME_MESSAGES.teamSourceManual });
    return null;
  }
  if (labelId === null) throw fieldsError({ labelId: MESSAGES.required });
  if (!(await repo.labelsOfEvent(tx, game.eventId, [labelId])).has(labelId))
    throw fieldsError({ labelId: MESSAGES.pleaseSelectValue });
  if ((await repo.labelIdsWithTeam(tx, game.id, teamId)).has(labelId))
    throw fieldsError({ labelId: GAME_MESSAGES.alreadyInTeam });
  return labelId;
}

export async function createTeam(
  deps: Deps,
  { ctx, event }: EventAccess,
  gameId: string,
  body: CreateTeam,
): Promise<GameTeam> {
  const id = await deps.db.transaction().execute(async (tx) => {
    const game = teamGame(await gameOf(tx, event.id, gameId, true));
    const labelId = await checkLabel(tx, game, body.labelId);
    const [id] = await repo.insertTeams(tx, gameId, [{ name: body.name, labelId }]);
    await audit(tx, ctx, 'create', ENTITY, id!);
    return id!;
  });
  await rebuildStandings(deps, gameId);
  return getTeam(deps.db, event.id, gameId, id);
}

/** Rename, or (LABELS games) another label. */
export async function updateTeam(
  deps: Deps,
  { ctx, event }: EventAccess,
  gameId: string,
  id: string,
  body: UpdateTeam,
): Promise<GameTeam> {
  const changed = await deps.db.transaction().execute(async (tx) => {
    const game = await gameOf(tx, event.id, gameId, true);
    const team = await repo.findTeam(tx, gameId, id, true);
    if (!team) throw notFound();
    const relabel = body.labelId !== undefined && body.labelId !== team.labelId;
    const labelId = relabel ? await checkLabel(tx, game, body.labelId ?? null, id) : undefined;
    await repo.updateTeam(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(relabel ? { labelId } : {}),
    });
    await audit(tx, ctx, 'update', ENTITY, id);
    return relabel || body.name !== undefined;
  });
  if (changed) await rebuildStandings(deps, gameId);
  return getTeam(deps.db, event.id, gameId, id);
}

/** Deletes the team (MANUAL members leave it; their points stay). */
export async function deleteTeam(deps: Deps, { ctx, event }: EventAccess, gameId: string, id: string) {
  await deps.db.transaction().execute(async (tx) => {
    await gameOf(tx, event.id, gameId, true);
    if (!(await repo.findTeam(tx, gameId, id, true))) throw notFound();
    await repo.deleteTeam(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
  await rebuildStandings(deps, gameId);
}

/**
 * LABELS games: one team per label (named after it, in the order given) at the end of the game's
 * teams; labels that already have a team are skipped. Unknown labels: 'Please select value' on
 * `labelIds.<i>`. A MANUAL game: 409.
 */
export async function teamsFromLabels(
  deps: Deps,
  { ctx, event }: EventAccess,
  gameId: string,
  labelIds: readonly string[],
): Promise<number> {
  const created = await deps.db.transaction().execute(async (tx) => {
    const game = teamGame(await gameOf(tx, event.id, gameId, true));
    if (game.teamSource !== 'LABELS') throw conflict(GAME_MESSAGES.teamSourceManual);
    const names = await repo.labelsOfEvent(tx, event.id, labelIds);
    const bad = labelIds.findIndex((id) => !names.has(id));
    if (bad >= 0) throw fieldsError({ [`labelIds.${bad}`]: MESSAGES.pleaseSelectValue });
    const taken = await repo.labelIdsWithTeam(tx, gameId);
    const fresh = [...new Set(labelIds)].filter((id) => !taken.has(id));
    const ids = await repo.insertTeams(
      tx,
      gameId,
      fresh.map((labelId) => ({ name: names.get(labelId)!, labelId })),
    );
    for (const id of ids) await audit(tx, ctx, 'create', ENTITY, id);
    return ids.length;
  });
  if (created > 0) await rebuildStandings(deps, gameId);
  return created;
}

/** The team of a MANUAL game (LABELS games: 409, their members are the label's holders). */
async function manualTeam(db: Db, eventId: string, gameId: string, teamId: string, lock = false) {
  const game = await gameOf(db, eventId, gameId, lock);
  if (!(await repo.findTeam(db, gameId, teamId, lock))) throw notFound();
  if (game.teamSource !== 'MANUAL') throw conflict(GAME_MESSAGES.teamSourceLabels);
  return game;
}

export async function listMembers(
  db: Db,
  eventId: string,
  gameId: string,
  teamId: string,
): Promise<TeamMember[]> {
  await manualTeam(db, eventId, gameId, teamId);
  return repo.teamMembers(db, teamId);
}

/**
 * MANUAL games: the team's members become exactly `participantIds` (participants of this event, else
 * 'Please select value' on `participantIds.<i>`); one in another team of the game moves to this one.
 */
export async function setMembers(
  deps: Deps,
  { ctx, event }: EventAccess,
  gameId: string,
  teamId: string,
  participantIds: readonly string[],
): Promise<TeamMember[]> {
  await deps.db.transaction().execute(async (tx) => {
    teamGame(await manualTeam(tx, event.id, gameId, teamId, true));
    const known = await repo.participantsOfEvent(tx, event.id, participantIds);
    const bad = participantIds.findIndex((id) => !known.has(id));
    if (bad >= 0) throw fieldsError({ [`participantIds.${bad}`]: MESSAGES.pleaseSelectValue });
    await repo.replaceMembers(tx, gameId, teamId, [...new Set(participantIds)]);
    await audit(tx, ctx, 'update', ENTITY, teamId);
  });
  await rebuildStandings(deps, gameId);
  return repo.teamMembers(deps.db, teamId);
}
