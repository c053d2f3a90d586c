import {
  rankTeams,
  rooms,
  scoreOf,
  type GameBoardEntry,
  type LeaderboardSnapshot,
  type MyStanding,
} from '@plenary/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import * as repo from './standings.repo.js';
import { StandingsProjection } from './standings.redis.js';

/** Points one player just earned in one game (a committed ledger row, or several of one award). */
export interface AwardedPoints {
  eventId: string;
  gameId: string;
  participantId: string;
  points: number;
  awardedAt: Date;
}

type Deps = Pick<AppDeps, 'db' | 'realtime'>;

interface Installed {
  projection: StandingsProjection;
  log: FastifyBaseLogger;
  /** This process's rebuild in flight per game: updates wait for it, so none is overwritten by it. */
  rebuilding: Map<string, Promise<void>>;
  /** Per game: the update running (or the last queued), and the batch waiting to run after it. */
  running: Map<string, Promise<void>>;
  waiting: Map<string, { players: Set<string>; run: Promise<void> }>;
}

// Keyed by the app's realtime (one per app), which every caller's deps carry.
const installed = new WeakMap<object, Installed>();

/** With REDIS_URL: the app's projection (created with the leaderboard routes, closed with the app). */
export function installProjection(
  deps: Pick<AppDeps, 'config' | 'realtime'>,
  log: FastifyBaseLogger,
): StandingsProjection | undefined {
  if (!deps.config.REDIS_URL) return undefined;
  const projection = new StandingsProjection(deps.config.REDIS_URL);
  installed.set(deps.realtime, {
    projection,
    log,
    rebuilding: new Map(),
    running: new Map(),
    waiting: new Map(),
  });
  return projection;
}

/** The app's projection, for tests and the bench. */
export function projectionOf(deps: Pick<AppDeps, 'realtime'>): StandingsProjection | undefined {
  return installed.get(deps.realtime)?.projection;
}

async function rebuildProjection(deps: Deps, inst: Installed, gameId: string): Promise<void> {
  const running = inst.rebuilding.get(gameId);
  if (running) return running;
  const run = (async () => {
    const scores = await repo.allScores(deps.db, gameId);
    await inst.projection.replace(gameId, scores);
  })().finally(() => inst.rebuilding.delete(gameId));
  inst.rebuilding.set(gameId, run);
  return run;
}

/**
 * Brings some players of a game up to date in the projection (building it when missing). Awards
 * arriving while a game's update runs join one batch that runs after it: one ledger read and one
 * script for all of them, so at a thousand awards a second the reads do not queue up one per award.
 */
function project(deps: Deps, inst: Installed, gameId: string, participantIds: string[]): Promise<void> {
  let batch = inst.waiting.get(gameId);
  if (!batch) {
    const players = new Set<string>();
    const previous = inst.running.get(gameId) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(async () => {
        inst.waiting.delete(gameId);
        await inst.rebuilding.get(gameId);
        const scores = await repo.playerScores(deps.db, gameId, [...players]);
        if (!(await inst.projection.update(gameId, scores))) await rebuildProjection(deps, inst, gameId);
      })
      .finally(() => {
        if (inst.running.get(gameId) === run) inst.running.delete(gameId);
      });
    batch = { players, run };
    inst.waiting.set(gameId, batch);
    inst.running.set(gameId, run);
  }
  for (const id of participantIds) batch.players.add(id);
  return batch.run;
}

/** Tells the game's board (coalesced: at most a few snapshots a second, the last one current). */
function announce(deps: Pick<AppDeps, 'realtime'>, gameId: string): void {
  deps.realtime.publishLatest(rooms.leaderboard(gameId), 'leaderboard.changed', gameId);
}

/**
 * Called by the award function after its transaction commits: brings the leaderboard projection
 * (Redis sorted sets when REDIS_URL is set) up to date and publishes the boards through the
 * coalescer. Never rejects: the ledger is committed, a failed projection is rebuilt on the next
 * read that finds it missing, or by `rebuildStandings`.
 */
export async function afterAwards(deps: Deps, awards: readonly AwardedPoints[]): Promise<void> {
  const byGame = new Map<string, Set<string>>();
  for (const a of awards) {
    const players = byGame.get(a.gameId) ?? new Set<string>();
    players.add(a.participantId);
    byGame.set(a.gameId, players);
  }
  const inst = installed.get(deps.realtime);
  for (const [gameId, players] of byGame) {
    if (inst)
      await project(deps, inst, gameId, [...players]).catch((err: unknown) =>
        inst.log.warn({ err, gameId }, 'leaderboard projection update failed'),
      );
    announce(deps, gameId);
  }
}

/**
 * Recomputes a game's standings projection from the ledger and republishes its board: called after
 * a change that moves scores without an award (a task's weight, the scoring, a task or assigned
 * points deleted, an opt-out).
 */
export async function rebuildStandings(deps: Deps, gameId: string): Promise<void> {
  const inst = installed.get(deps.realtime);
  if (inst) await rebuildProjection(deps, inst, gameId);
  announce(deps, gameId);
}

/** The projection ready to read (built when missing), or undefined: read SQL instead. */
async function readable(deps: Deps, gameId: string): Promise<StandingsProjection | undefined> {
  const inst = installed.get(deps.realtime);
  if (!inst) return undefined;
  try {
    await inst.rebuilding.get(gameId);
    if (!(await inst.projection.isBuilt(gameId))) await rebuildProjection(deps, inst, gameId);
    return inst.projection;
  } catch (err) {
    inst.log.warn({ err, gameId }, 'leaderboard projection unavailable, ranking in SQL');
    return undefined;
  }
}

/** The top `limit` public players from the projection: walks the order, skipping opted-out and hidden. */
async function projectedBoard(
  deps: Deps,
  projection: StandingsProjection,
  gameId: string,
  limit: number,
): Promise<repo.BoardRow[]> {
  const out: repo.BoardRow[] = [];
  const chunk = Math.max(2 * limit, 50);
  for (let offset = 0; out.length < limit; offset += chunk) {
    const ids = await projection.range(gameId, offset, chunk);
    const cards = new Map(
      (
        await repo.playerCards(
          deps.db,
          gameId,
          ids.map((i) => i.participantId),
        )
      ).map((c) => [c.participantId, c]),
    );
    ids.forEach((entry, i) => {
      const card = cards.get(entry.participantId);
      if (card?.isPublic && out.length < limit) out.push({ ...card, rank: offset + i + 1, raw: entry.raw });
    });
    if (ids.length < chunk) break;
  }
  return out;
}

/**
 * The public board of a game (GET …/leaderboard and `leaderboard.changed`): the top `limit` players
 * who did not opt out nor hide their profile, with their rank among every player (so a rank may be
 * skipped), and every team in TEAM games.
 */
export async function leaderboardSnapshot(
  deps: Deps,
  game: repo.GameScope,
  limit = game.leaderboardSize,
): Promise<LeaderboardSnapshot> {
  const projection = await readable(deps, game.id);
  let rows: repo.BoardRow[];
  let players: number;
  try {
    [rows, players] = projection
      ? await Promise.all([projectedBoard(deps, projection, game.id, limit), projection.count(game.id)])
      : await Promise.all([repo.publicBoard(deps.db, game.id, limit), repo.playerCount(deps.db, game.id)]);
  } catch (err) {
    if (!projection) throw err;
    [rows, players] = await Promise.all([
      repo.publicBoard(deps.db, game.id, limit),
      repo.playerCount(deps.db, game.id),
    ]);
  }
  const entries: GameBoardEntry[] = rows.map((r) => ({
    rank: r.rank,
    participantId: r.participantId,
    name: r.name,
    photoUrl: r.photoUrl,
    score: scoreOf(r.raw),
    ...(game.mode === 'TEAM' ? { teamName: r.teamName } : {}),
  }));
  const teams =
    game.mode === 'TEAM'
      ? rankTeams(
          await repo.teamsOf(deps.db, game.id),
          await repo.scoresWithTeams(deps.db, game.id),
          game.teamAggregate,
          game.teamTopK,
        )
      : [];
  return {
    eventId: game.eventId,
    gameId: game.id,
    name: game.name,
    mode: game.mode,
    entries,
    teams,
    players,
    updatedAt: new Date().toISOString(),
  };
}

/** A player's own score and rank among every player (also when opted out or hidden). */
export async function myStanding(deps: Deps, gameId: string, participantId: string): Promise<MyStanding> {
  const projection = await readable(deps, gameId);
  if (projection) {
    try {
      const [mine, players] = await Promise.all([
        projection.rankOf(gameId, participantId),
        projection.count(gameId),
      ]);
      return { score: scoreOf(mine?.raw ?? 0), rank: mine?.rank ?? null, players };
    } catch {
      // fall through to SQL
    }
  }
  const { raw, rank, players } = await repo.myRank(deps.db, gameId, participantId);
  return { score: scoreOf(raw), rank, players };
}

/** The public board of a game by id (the `leaderboard.changed` reader, the participant's game page). */
export async function boardOf(deps: Deps, gameId: string): Promise<LeaderboardSnapshot | undefined> {
  const game = await repo.findGame(deps.db, gameId);
  return game && leaderboardSnapshot(deps, game);
}
