import type { GameTaskKind } from '../../platform/db/schema.js';
import type { Db } from '../../platform/db/index.js';

/** The participant's game page: reads of a game, the player's ledger, progress and badges; the opt-out. */

export interface PlayerGameRow {
  id: string;
  eventId: string;
  name: string;
  description: string;
  mode: 'INDIVIDUAL' | 'TEAM';
  scoring: 'TOTAL_POINTS' | 'WEIGHTED_POINTS';
  teamSource: 'LABELS' | 'MANUAL';
  startsAt: Date | null;
  endsAt: Date | null;
  leaderboardSize: number;
}

const gameColumns = [
  'id',
  'eventId',
  'name',
  'description',
  'mode',
  'scoring',
  'teamSource',
  'startsAt',
  'endsAt',
  'leaderboardSize',
] as const;

/** The event's published games, newest first (unpublished games are invisible to players). */
export function publishedGames(db: Db, eventId: string): Promise<PlayerGameRow[]> {
  return db
    .selectFrom('games')
    .select(gameColumns)
    .where('eventId', '=', eventId)
    .where('isPublished', '=', true)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

export function publishedGame(db: Db, eventId: string, gameId: string): Promise<PlayerGameRow | undefined> {
  return db
    .selectFrom('games')
    .select(gameColumns)
    .where('id', '=', gameId)
    .where('eventId', '=', eventId)
    .where('isPublished', '=', true)
    .executeTakeFirst();
}

export interface PlayerTaskRow {
  id: string;
  name: string;
  description: string;
  kind: GameTaskKind;
  type: 'COMPLETION' | 'TYPE_POINTS';
  target: 'ANY' | 'SPECIFIC';
  targetIds: string[];
  points: number;
  pointsPerSubTask: number | null;
  tasksPointsLimit: number | null;
}

export function gameTasks(db: Db, gameId: string): Promise<PlayerTaskRow[]> {
  return db
    .selectFrom('gameTasks')
    .select([
      'id',
      'name',
      'description',
      'kind',
      'type',
      'target',
      'targetIds',
      'points',
      'pointsPerSubTask',
      'tasksPointsLimit',
    ])
    .where('gameId', '=', gameId)
    .orderBy('position')
    .orderBy('createdAt')
    .execute();
}

export interface PlayerBadgeRow {
  id: string;
  gameId: string;
  name: string;
  description: string;
  icon: string;
  color: string;
  taskIds: string[];
}

export function gameBadges(db: Db, gameIds: readonly string[]): Promise<PlayerBadgeRow[]> {
  if (gameIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('gameBadges')
    .select(['id', 'gameId', 'name', 'description', 'icon', 'color', 'taskIds'])
    .where('gameId', 'in', gameIds)
    .orderBy('position')
    .orderBy('createdAt')
    .execute();
}

/** The player's ledger per task of a game: rows and points (assigned points have no task and are left out). */
export async function ledgerByTask(
  db: Db,
  gameId: string,
  participantId: string,
): Promise<Map<string, { rows: number; points: number }>> {
  const rows = await db
    .selectFrom('gameLedger')
    .select((eb) => ['taskId', eb.fn.countAll<string>().as('rows'), eb.fn.sum<string>('points').as('points')])
    .where('gameId', '=', gameId)
    .where('participantId', '=', participantId)
    .where('taskId', 'is not', null)
    .groupBy('taskId')
    .execute();
  return new Map(rows.map((r) => [r.taskId!, { rows: Number(r.rows), points: Number(r.points) }]));
}

export async function progressKeys(
  db: Db,
  gameId: string,
  participantId: string,
): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('gameTaskProgress')
    .select(['taskId', 'targetKey'])
    .where('gameId', '=', gameId)
    .where('participantId', '=', participantId)
    .execute();
  const byTask = new Map<string, string[]>();
  for (const r of rows) byTask.set(r.taskId, [...(byTask.get(r.taskId) ?? []), r.targetKey]);
  return byTask;
}

/** Badge id → when the player earned it, across the given games. */
export async function badgeAwards(
  db: Db,
  gameIds: readonly string[],
  participantId: string,
): Promise<Map<string, Date>> {
  if (gameIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('gameBadgeAwards')
    .select(['badgeId', 'earnedAt'])
    .where('gameId', 'in', gameIds)
    .where('participantId', '=', participantId)
    .execute();
  return new Map(rows.map((r) => [r.badgeId, r.earnedAt]));
}

export async function isOptedOut(db: Db, gameId: string, participantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('gameOptOuts')
    .select('gameId')
    .where('gameId', '=', gameId)
    .where('participantId', '=', participantId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setOptOut(
  db: Db,
  gameId: string,
  participantId: string,
  optedOut: boolean,
): Promise<void> {
  if (optedOut)
    await db
      .insertInto('gameOptOuts')
      .values({ gameId, participantId })
      .onConflict((oc) => oc.columns(['gameId', 'participantId']).doNothing())
      .execute();
  else
    await db
      .deleteFrom('gameOptOuts')
      .where('gameId', '=', gameId)
      .where('participantId', '=', participantId)
      .execute();
}

/** TEAM games: the player's team (LABELS: the first team by position whose label they hold; MANUAL: membership). */
export function playerTeam(
  db: Db,
  game: Pick<PlayerGameRow, 'id' | 'teamSource'>,
  participantId: string,
): Promise<{ id: string; name: string } | undefined> {
  if (game.teamSource === 'MANUAL')
    return db
      .selectFrom('gameTeamMembers as m')
      .innerJoin('gameTeams as t', 't.id', 'm.teamId')
      .select(['t.id', 't.name'])
      .where('m.gameId', '=', game.id)
      .where('m.participantId', '=', participantId)
      .executeTakeFirst();
  return db
    .selectFrom('gameTeams as t')
    .innerJoin('participantLabels as pl', 'pl.labelId', 't.labelId')
    .select(['t.id', 't.name'])
    .where('t.gameId', '=', game.id)
    .where('pl.participantId', '=', participantId)
    .orderBy('t.position')
    .orderBy('t.createdAt')
    .limit(1)
    .executeTakeFirst();
}

/** Names of the items a task targets, by kind (a deleted item is left out). */
export async function targetNames(
  db: Db,
  eventId: string,
  kind: GameTaskKind,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const table =
    kind === 'SURVEY' || kind === 'QUIZ' || kind === 'QA'
      ? 'engagementTools'
      : kind === 'VIEW_DOCUMENT'
        ? 'materials'
        : kind === 'ATTEND_SESSION' || kind === 'REGISTER_SESSION'
          ? 'sessions'
          : kind === 'SCAN_QR'
            ? 'customQrCodes'
            : undefined;
  if (!table) return new Map();
  const rows = await db
    .selectFrom(table)
    .select(['id', 'name'])
    .where('eventId', '=', eventId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A board row's name (first and last name, else the e-mail) and photo. */
export async function playerName(
  db: Db,
  participantId: string,
): Promise<{ name: string; photoUrl: string | null }> {
  const p = await db
    .selectFrom('participants')
    .select(['firstName', 'lastName', 'email', 'photoUrl'])
    .where('id', '=', participantId)
    .executeTakeFirstOrThrow();
  return { name: `${p.firstName} ${p.lastName}`.trim() || p.email, photoUrl: p.photoUrl };
}
