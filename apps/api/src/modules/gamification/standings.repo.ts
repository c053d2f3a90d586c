import { scoreOf, standingsQuerySchema, type Standing } from '@plenary/domain';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';

/**
 * Leaderboards' SQL: scores are computed from the ledger (the truth). A player's score is kept in
 * hundredths ("raw"): points × 100 (TOTAL_POINTS) or × the task's weight_percent (WEIGHTED_POINTS;
 * assigned points: their task's weight, else 100). Ties: the earlier reached-at (the latest
 * awarded_at of the player's rows), then participant id — the same order as the Redis projection.
 */

export interface GameScope {
  id: string;
  eventId: string;
  name: string;
  mode: 'INDIVIDUAL' | 'TEAM';
  scoring: 'TOTAL_POINTS' | 'WEIGHTED_POINTS';
  teamSource: 'LABELS' | 'MANUAL';
  teamAggregate: 'SUM' | 'MEAN' | 'TOP_K';
  teamTopK: number;
  leaderboardSize: number;
  isPublished: boolean;
  eventHubId: string;
  organizationId: string;
}

/** A game with its event's tenancy (for access checks); undefined when it does not exist. */
export async function findGame(db: Db, gameId: string): Promise<GameScope | undefined> {
  return db
    .selectFrom('games as g')
    .innerJoin('events as e', 'e.id', 'g.eventId')
    .innerJoin('eventHubs as h', 'h.id', 'e.eventHubId')
    .select([
      'g.id',
      'g.eventId',
      'g.name',
      'g.mode',
      'g.scoring',
      'g.teamSource',
      'g.teamAggregate',
      'g.teamTopK',
      'g.leaderboardSize',
      'g.isPublished',
      'e.eventHubId',
      'h.organizationId',
    ])
    .where('g.id', '=', gameId)
    .executeTakeFirst();
}

/** Score rows per player of a game: `participant_id, raw, reached_at, reached_us, rows`. */
function scores(gameId: string, participantIds?: readonly string[]): RawBuilder<unknown> {
  const only =
    participantIds === undefined ? sql`` : sql`AND l.participant_id = ANY(${[...participantIds]}::uuid[])`;
  return sql`
    SELECT l.participant_id,
      sum(l.points::bigint * CASE WHEN g.scoring = 'WEIGHTED_POINTS'
        THEN coalesce(t.weight_percent, at.weight_percent, 100) ELSE 100 END)::float8 AS raw,
      max(l.awarded_at) AS reached_at,
      lpad((extract(epoch FROM max(l.awarded_at)) * 1000000)::bigint::text, 17, '0') AS reached_us,
      count(*)::int AS rows
    FROM game_ledger l
    JOIN games g ON g.id = l.game_id
    LEFT JOIN game_tasks t ON t.id = l.task_id
    LEFT JOIN game_assigned_points ap ON ap.id = l.assigned_id
    LEFT JOIN game_tasks at ON at.id = ap.task_id
    WHERE l.game_id = ${gameId} ${only}
    GROUP BY l.participant_id`;
}

/** Every scored player with their rank (one ranking over all of them; public boards leave some out). */
export function ranked(gameId: string): RawBuilder<unknown> {
  return sql`
    SELECT sc.*, row_number() OVER (ORDER BY sc.raw DESC, sc.reached_at ASC, sc.participant_id ASC)::int AS rank
    FROM (${scores(gameId)}) sc`;
}

const NAME = sql`coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), nullif(trim(u.first_name || ' ' || u.last_name), ''), '')`;

/** The player's team (`column`: id or name) in a TEAM game, by the game's team source. */
function teamOf(
  column: 'id' | 'name',
  gameId: string | RawBuilder<unknown>,
  participant: RawBuilder<unknown>,
) {
  const c = sql.raw(`gt.${column}`);
  return sql`(SELECT CASE WHEN g.mode <> 'TEAM' THEN NULL
      WHEN g.team_source = 'MANUAL' THEN (SELECT ${c} FROM game_team_members m JOIN game_teams gt ON gt.id = m.team_id
        WHERE m.game_id = g.id AND m.participant_id = ${participant})
      ELSE (SELECT ${c} FROM game_teams gt JOIN participant_labels pl ON pl.label_id = gt.label_id
        WHERE gt.game_id = g.id AND pl.participant_id = ${participant} ORDER BY gt.position, gt.id LIMIT 1) END
    FROM games g WHERE g.id = ${gameId})`;
}

const PUBLIC = (gameId: string) =>
  sql`NOT p.profile_hidden AND NOT EXISTS (SELECT 1 FROM game_opt_outs o WHERE o.game_id = ${gameId} AND o.participant_id = p.id)`;

export interface PlayerScoreRow {
  participantId: string;
  raw: number;
  reachedAt: Date;
  /** Micro-seconds since 1970, zero-padded to 17 digits (the projection's member prefix). */
  reachedUs: string;
  rows: number;
}

/** Scores of some players (the ones an award just moved), straight from the ledger. */
export async function playerScores(
  db: Db,
  gameId: string,
  participantIds: readonly string[],
): Promise<PlayerScoreRow[]> {
  const { rows } = await sql<PlayerScoreRow>`${scores(gameId, participantIds)}`.execute(db);
  return rows;
}

/** Scores of every player of a game (the projection's rebuild, team standings). */
export async function allScores(db: Db, gameId: string): Promise<PlayerScoreRow[]> {
  const { rows } = await sql<PlayerScoreRow>`${scores(gameId)} ORDER BY 1`.execute(db);
  return rows;
}

export interface BoardRow {
  participantId: string;
  rank: number;
  raw: number;
  name: string;
  photoUrl: string | null;
  teamName: string | null;
}

/** The public board from SQL: the top `limit` players who neither opted out nor hide their profile. */
export async function publicBoard(db: Db, gameId: string, limit: number): Promise<BoardRow[]> {
  const { rows } = await sql<BoardRow>`
    SELECT r.participant_id, r.rank, r.raw, ${NAME} AS name, p.photo_url,
      ${teamOf('name', gameId, sql`p.id`)} AS team_name
    FROM (${ranked(gameId)}) r
    JOIN participants p ON p.id = r.participant_id
    JOIN users u ON u.id = p.user_id
    WHERE ${PUBLIC(gameId)}
    ORDER BY r.rank
    LIMIT ${limit}`.execute(db);
  return rows;
}

export interface PlayerCard {
  participantId: string;
  name: string;
  photoUrl: string | null;
  teamName: string | null;
  isPublic: boolean;
}

/** Names, photos, teams and public-ness of players (the projection's top ids). */
export async function playerCards(
  db: Db,
  gameId: string,
  participantIds: readonly string[],
): Promise<PlayerCard[]> {
  if (participantIds.length === 0) return [];
  const { rows } = await sql<PlayerCard>`
    SELECT p.id AS participant_id, ${NAME} AS name, p.photo_url,
      ${teamOf('name', gameId, sql`p.id`)} AS team_name, ${PUBLIC(gameId)} AS is_public
    FROM participants p JOIN users u ON u.id = p.user_id
    WHERE p.id = ANY(${[...participantIds]}::uuid[])`.execute(db);
  return rows;
}

/** Players with points. */
export async function playerCount(db: Db, gameId: string): Promise<number> {
  const row = await db
    .selectFrom('gameLedger')
    .select(sql<number>`count(DISTINCT participant_id)::int`.as('n'))
    .where('gameId', '=', gameId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** One player's score and rank from SQL (null rank: no points). */
export async function myRank(
  db: Db,
  gameId: string,
  participantId: string,
): Promise<{ raw: number; rank: number | null; players: number }> {
  const { rows } = await sql<{ raw: number | null; rank: number | null; players: number }>`
    WITH r AS (${ranked(gameId)})
    SELECT (SELECT raw FROM r WHERE participant_id = ${participantId}) AS raw,
      (SELECT rank FROM r WHERE participant_id = ${participantId}) AS rank,
      (SELECT count(*)::int FROM r) AS players`.execute(db);
  const row = rows[0]!;
  return { raw: row.raw ?? 0, rank: row.rank, players: row.players };
}

export interface TeamRow {
  teamId: string;
  name: string;
  position: number;
}

export async function teamsOf(db: Db, gameId: string): Promise<TeamRow[]> {
  return db
    .selectFrom('gameTeams')
    .select(['id as teamId', 'name', 'position'])
    .where('gameId', '=', gameId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Every scored player with their team id (TEAM games' standings). */
export async function scoresWithTeams(
  db: Db,
  gameId: string,
): Promise<Array<{ participantId: string; raw: number; reachedAt: Date; teamId: string | null }>> {
  const { rows } = await sql<{ participantId: string; raw: number; reachedAt: Date; teamId: string | null }>`
    SELECT sc.participant_id, sc.raw, sc.reached_at, ${teamOf('id', gameId, sql`sc.participant_id`)} AS team_id
    FROM (${scores(gameId)}) sc`.execute(db);
  return rows;
}

/** Is the user a participant of the event (their participant id)? */
export async function participantIdOf(db: Db, eventId: string, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('participants')
    .select('id')
    .where('eventId', '=', eventId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.id;
}

interface StandingTableRow {
  participantId: string;
  rank: number;
  raw: number;
  reachedAt: Date;
  gameId: string;
  name: string;
  email: string;
  photoUrl: string | null;
  hidden: boolean;
  optedOut: boolean;
}

/** Standings rows for the staff list (list machinery): one derived table, ranked over every player. */
function standingsTable(gameId: string) {
  return sql<StandingTableRow>`(
    SELECT r.participant_id, r.rank, r.raw, r.reached_at, ${gameId}::uuid AS game_id,
      ${NAME} AS name, coalesce(nullif(p.email, ''), u.email) AS email, p.photo_url,
      p.profile_hidden AS hidden,
      EXISTS (SELECT 1 FROM game_opt_outs o WHERE o.game_id = ${gameId} AND o.participant_id = p.id) AS opted_out
    FROM (${ranked(gameId)}) r
    JOIN participants p ON p.id = r.participant_id
    JOIN users u ON u.id = p.user_id)`;
}

export interface StandingsScope {
  gameId: string;
}

/** The staff standings (GET …/standings and its export): every scored player, ranked, flagged. */
export const standingsList = defineList({
  query: standingsQuerySchema,
  select: (db: Db, scope: StandingsScope) =>
    db.selectFrom(standingsTable(scope.gameId).as('st')).selectAll('st'),
  // Computed for the returned rows only.
  pageColumns: {
    badges: sql<number>`(SELECT count(*)::int FROM game_badge_awards ba WHERE ba.game_id = list_page.game_id AND ba.participant_id = list_page.participant_id)`,
    teamName: sql<string | null>`${teamOf('name', sql`list_page.game_id`, sql`list_page.participant_id`)}`,
  },
  record: (row): Standing => ({
    rank: row.rank,
    participantId: row.participantId,
    name: row.name,
    email: row.email,
    photoUrl: row.photoUrl,
    teamName: row.teamName,
    score: scoreOf(row.raw),
    badges: row.badges,
    optedOut: row.optedOut,
    hidden: row.hidden,
    reachedAt: row.reachedAt.toISOString(),
  }),
  id: sql<string>`st.participant_id`,
  fields: {
    rank: { sql: sql`st.rank`, sortable: true, label: 'Rank' },
    name: { sql: sql`st.name`, sortable: sql`lower(st.name)`, searchable: true, label: 'Name' },
    email: { sql: sql`st.email`, sortable: sql`lower(st.email)`, searchable: true, label: 'E-mail' },
    teamName: { label: 'Team' },
    score: { sql: sql`st.raw`, sortable: true, label: 'Score' },
    badges: { label: 'Badges' },
    optedOut: { label: 'Opted out', cell: (r) => (r.optedOut ? 'Yes' : 'No') },
    hidden: { label: 'Hidden profile', cell: (r) => (r.hidden ? 'Yes' : 'No') },
    reachedAt: {
      sql: sql`st.reached_at`,
      sortable: true,
      label: 'Reached at',
      cell: (r) => new Date(r.reachedAt),
    },
  },
  filters: {
    optedOut: (value: boolean) => (value ? sql<SqlBool>`st.opted_out` : sql<SqlBool>`NOT st.opted_out`),
  },
  defaultSort: 'rank:asc',
});

export interface AwardRow {
  id: string;
  awardedAt: Date;
  name: string;
  email: string;
  what: string;
  kind: 'TASK' | 'ASSIGNED';
  points: number;
}

/** A batch of the game's ledger rows in time order, after (awardedAt, id) — the report's Awards. */
export async function awardsAfter(
  db: Db,
  gameId: string,
  after: { at: Date; id: string } | undefined,
  limit: number,
): Promise<AwardRow[]> {
  const from = after === undefined ? sql`` : sql`AND (l.awarded_at, l.id) > (${after.at}, ${after.id})`;
  const { rows } = await sql<AwardRow>`
    SELECT l.id, l.awarded_at, ${NAME} AS name, coalesce(nullif(p.email, ''), u.email) AS email,
      coalesce(t.name, ap.reason, '') AS what, CASE WHEN l.task_id IS NULL THEN 'ASSIGNED' ELSE 'TASK' END AS kind,
      l.points
    FROM game_ledger l
    JOIN participants p ON p.id = l.participant_id
    JOIN users u ON u.id = p.user_id
    LEFT JOIN game_tasks t ON t.id = l.task_id
    LEFT JOIN game_assigned_points ap ON ap.id = l.assigned_id
    WHERE l.game_id = ${gameId} ${from}
    ORDER BY l.awarded_at, l.id
    LIMIT ${limit}`.execute(db);
  return rows;
}
