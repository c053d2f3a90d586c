import {
  ATTENDEE_MESSAGES,
  badgeProgress,
  gameWindowState,
  nextBadgeIndex,
  taskActionPage,
  taskProgress,
  type OptOut,
  type PlayerBadge,
  type PlayerGame,
  type PlayerGames,
  type PlayerGameSummary,
  type PlayerTask,
} from '@plenary/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';

type Deps = Pick<AppDeps, 'db' | 'realtime'>;
import { forbidden, notFound } from '../../platform/errors.js';
import { eventAccess, type EventAccess } from '../../platform/event-access.js';
import { participantIdOfUser } from '../attendees/index.js';
import * as repo from './player.repo.js';
import { boardOf, myStanding, rebuildStandings } from './standings.js';

type Standing = Awaited<ReturnType<typeof myStanding>>;

export interface PlayerAccess extends EventAccess {
  participantId: string;
}

/** The event's participants; staff who are not participants 403, another tenant's event 404. */
export async function playerAccess(db: Db, request: FastifyRequest, eventId: string): Promise<PlayerAccess> {
  const access = await eventAccess(db, request, eventId, 'member');
  const participantId = await participantIdOfUser(db, access.event.id, access.ctx.principal.userId);
  if (!participantId) throw forbidden(ATTENDEE_MESSAGES.notParticipant);
  return { ...access, participantId };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function summary(
  game: repo.PlayerGameRow,
  standing: Standing,
  badges: { earned: number; total: number },
): PlayerGameSummary {
  return {
    id: game.id,
    name: game.name,
    description: game.description,
    mode: game.mode,
    startsAt: iso(game.startsAt),
    endsAt: iso(game.endsAt),
    window: gameWindowState(game.startsAt, game.endsAt),
    score: standing.score,
    rank: standing.rank,
    players: standing.players,
    badgesEarned: badges.earned,
    badgesTotal: badges.total,
  };
}

/** The published games of the event with the player's score, rank and badges. */
export async function myGames(deps: Deps, who: PlayerAccess): Promise<PlayerGames> {
  const { db } = deps;
  const games = await repo.publishedGames(db, who.event.id);
  const ids = games.map((g) => g.id);
  const [badges, earned] = await Promise.all([
    repo.gameBadges(db, ids),
    repo.badgeAwards(db, ids, who.participantId),
  ]);
  const result: PlayerGameSummary[] = [];
  for (const game of games) {
    const own = badges.filter((b) => b.gameId === game.id);
    result.push(
      summary(game, await myStanding(deps, game.id, who.participantId), {
        earned: own.filter((b) => earned.has(b.id)).length,
        total: own.length,
      }),
    );
  }
  return { games: result };
}

async function gameOf(db: Db, who: PlayerAccess, gameId: string): Promise<repo.PlayerGameRow> {
  const game = await repo.publishedGame(db, who.event.id, gameId);
  if (!game) throw notFound();
  return game;
}

async function tasksWithProgress(
  db: Db,
  game: repo.PlayerGameRow,
  participantId: string,
): Promise<PlayerTask[]> {
  const [tasks, ledger, progress] = await Promise.all([
    repo.gameTasks(db, game.id),
    repo.ledgerByTask(db, game.id, participantId),
    repo.progressKeys(db, game.id, participantId),
  ]);
  const result: PlayerTask[] = [];
  for (const task of tasks) {
    const paid = ledger.get(task.id) ?? { rows: 0, points: 0 };
    const keys = progress.get(task.id) ?? [];
    const specific = task.target === 'SPECIFIC' ? task.targetIds : [];
    const names = await repo.targetNames(db, game.eventId, task.kind, specific);
    const p = taskProgress(task, { ledgerRows: paid.rows, pointsEarned: paid.points, progressKeys: keys });
    const doneKeys = new Set(keys);
    const allDone = task.type === 'COMPLETION' && p.complete;
    result.push({
      id: task.id,
      name: task.name,
      description: task.description,
      kind: task.kind,
      type: task.type,
      target: task.target,
      points: task.type === 'COMPLETION' ? task.points : (task.pointsPerSubTask ?? 0),
      ...p,
      action: {
        page: taskActionPage(task.kind),
        targetId: specific.length === 1 && names.has(specific[0]!) ? specific[0]! : null,
      },
      targets: specific
        .filter((id) => names.has(id))
        .map((id) => ({ id, name: names.get(id)!, done: allDone || doneKeys.has(id) })),
    });
  }
  return result;
}

/** One game: the player's score and rank, tasks with progress, the badge gallery, the public board. */
export async function myGame(deps: Deps, who: PlayerAccess, gameId: string): Promise<PlayerGame> {
  const { db } = deps;
  const game = await gameOf(db, who, gameId);
  const [tasks, badges, earned, standing, board, optedOut, team] = await Promise.all([
    tasksWithProgress(db, game, who.participantId),
    repo.gameBadges(db, [game.id]),
    repo.badgeAwards(db, [game.id], who.participantId),
    myStanding(deps, game.id, who.participantId),
    boardOf(deps, game.id),
    repo.isOptedOut(db, game.id, who.participantId),
    game.mode === 'TEAM' ? repo.playerTeam(db, game, who.participantId) : Promise.resolve(undefined),
  ]);
  const existing = new Set(tasks.map((t) => t.id));
  const complete = new Set(tasks.filter((t) => t.complete).map((t) => t.id));
  const progress = badges.map((b) => badgeProgress(b.taskIds, complete, existing, earned.has(b.id)));
  const next = nextBadgeIndex(progress);
  const gallery: PlayerBadge[] = badges.map((b, i) => ({
    id: b.id,
    name: b.name,
    description: b.description,
    icon: b.icon,
    color: b.color,
    earnedAt: iso(earned.get(b.id) ?? null),
    done: progress[i]!.done,
    of: progress[i]!.of,
    next: i === next,
  }));
  const entries = board?.entries ?? [];
  const me =
    standing.rank === null
      ? null
      : {
          rank: standing.rank,
          participantId: who.participantId,
          ...(await repo.playerName(db, who.participantId)),
          score: standing.score,
        };
  return {
    ...summary(game, standing, {
      earned: gallery.filter((b) => b.earnedAt !== null).length,
      total: gallery.length,
    }),
    scoring: game.scoring,
    optedOut,
    team: team ?? null,
    tasks,
    badges: gallery,
    board: entries,
    me,
  };
}

/** Leaves (or rejoins) the public boards; points are kept and the player still sees their own rank. */
export async function setOptOut(
  deps: Deps,
  who: PlayerAccess,
  gameId: string,
  body: OptOut,
): Promise<OptOut> {
  const game = await gameOf(deps.db, who, gameId);
  await deps.db.transaction().execute((tx) => repo.setOptOut(tx, game.id, who.participantId, body.optedOut));
  await rebuildStandings(deps, game.id);
  return { optedOut: body.optedOut };
}
