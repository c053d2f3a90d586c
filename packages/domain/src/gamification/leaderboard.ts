import { z } from 'zod';
import { listQuerySchema } from '../list.js';
import type { GameScoring } from '../spec/gamification.js';

/**
 * Issue 15, leaderboards: the pure ranking rules shared by the API (SQL and the Redis projection
 * rank the same way) and the screens. Scores are kept in hundredths of a point ("raw"): a ledger
 * row counts `points × 100` under TOTAL_POINTS and `points × weight_percent` under WEIGHTED_POINTS,
 * so sums stay exact integers and a shown score has at most two decimals.
 */

/** The game's team aggregate (games.ts owns the enum; the same three values). */
type TeamAggregate = 'SUM' | 'MEAN' | 'TOP_K';

/** What one ledger row adds to a score, in hundredths (`weightPercent`: the task's, 100 without one). */
export function rawPoints(points: number, scoring: GameScoring, weightPercent: number | null): number {
  return points * (scoring === 'WEIGHTED_POINTS' ? (weightPercent ?? 100) : 100);
}

/** Hundredths → the score as shown: at most two decimals. */
export function scoreOf(raw: number): number {
  return Math.round(raw) / 100;
}

/** A score as text: `1,234` or `1,234.5` (no trailing zeros). */
export function formatScore(score: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(score);
}

export interface PlayerScore {
  participantId: string;
  /** Hundredths of a point. */
  raw: number;
  /** When the player reached the score: the latest `awarded_at` of their ledger rows. */
  reachedAt: Date;
}

/**
 * The order of every board: the higher score first; equal scores rank the player who reached that
 * score earlier first, then by participant id, so every player has a distinct rank.
 */
export function compareStandings(a: PlayerScore, b: PlayerScore): number {
  return (
    b.raw - a.raw ||
    a.reachedAt.getTime() - b.reachedAt.getTime() ||
    (a.participantId < b.participantId ? -1 : a.participantId > b.participantId ? 1 : 0)
  );
}

/** Players in board order with their rank (1 = first). */
export function rankPlayers<T extends PlayerScore>(players: readonly T[]): Array<T & { rank: number }> {
  return [...players].sort(compareStandings).map((p, i) => ({ ...p, rank: i + 1 }));
}

/**
 * A team's score (hundredths) from its members' scores: SUM of all of them, MEAN over the members
 * with points (0 without any), or TOP_K, the sum of the best `topK`.
 */
export function teamRaw(memberRaws: readonly number[], aggregate: TeamAggregate, topK: number): number {
  if (memberRaws.length === 0) return 0;
  const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
  if (aggregate === 'SUM') return sum(memberRaws);
  if (aggregate === 'MEAN') return Math.round(sum(memberRaws) / memberRaws.length);
  return sum([...memberRaws].sort((a, b) => b - a).slice(0, Math.max(0, topK)));
}

export interface TeamInput {
  teamId: string;
  name: string;
  /** The team's place in the game's list: the last tie-break. */
  position: number;
}

export interface RankedTeam {
  rank: number;
  teamId: string;
  name: string;
  score: number;
  members: number;
}

/**
 * Every team of a game ranked by its aggregate. Ties: the team whose counted members reached their
 * scores earlier first (the latest reached-at among them), then the game's team order. `members`:
 * the team's players with points.
 */
export function rankTeams(
  teams: readonly TeamInput[],
  players: ReadonlyArray<PlayerScore & { teamId: string | null }>,
  aggregate: TeamAggregate,
  topK: number,
): RankedTeam[] {
  const byTeam = new Map<string, PlayerScore[]>();
  for (const p of players) {
    if (p.teamId === null) continue;
    const list = byTeam.get(p.teamId) ?? [];
    list.push(p);
    byTeam.set(p.teamId, list);
  }
  const scored = teams.map((team) => {
    const members = [...(byTeam.get(team.teamId) ?? [])].sort(compareStandings);
    const counted = aggregate === 'TOP_K' ? members.slice(0, topK) : members;
    const reachedAt = Math.max(0, ...counted.map((m) => m.reachedAt.getTime()));
    return {
      team,
      raw: teamRaw(
        members.map((m) => m.raw),
        aggregate,
        topK,
      ),
      reachedAt: counted.length === 0 ? Number.POSITIVE_INFINITY : reachedAt,
      members: members.length,
    };
  });
  scored.sort(
    (a, b) =>
      b.raw - a.raw ||
      a.reachedAt - b.reachedAt ||
      a.team.position - b.team.position ||
      (a.team.teamId < b.team.teamId ? -1 : 1),
  );
  return scored.map((s, i) => ({
    rank: i + 1,
    teamId: s.team.teamId,
    name: s.team.name,
    score: scoreOf(s.raw),
    members: s.members,
  }));
}

// ── API contracts ──

/** `GET …/leaderboard?limit=`: how many players of the public board (default the game's leaderboard size). */
export const leaderboardQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** `GET …/leaderboard/me`: the caller's own standing (also when opted out or hidden). */
export const myStandingSchema = z.object({
  score: z.number(),
  /** Null until the player has points. */
  rank: z.number().int().positive().nullable(),
  /** Players with points. */
  players: z.number().int().nonnegative(),
});
export type MyStanding = z.output<typeof myStandingSchema>;

/** A row of the staff standings (`GET …/standings`): every player with points, the opted-out flagged. */
export const standingSchema = z.object({
  rank: z.number().int().positive(),
  participantId: z.uuid(),
  name: z.string(),
  email: z.string(),
  photoUrl: z.string().nullable(),
  teamName: z.string().nullable(),
  score: z.number(),
  /** Badges earned in the game. */
  badges: z.number().int().nonnegative(),
  /** Left out of public boards: opted out of the game. */
  optedOut: z.boolean(),
  /** Left out of public boards: the profile is hidden (networking). */
  hidden: z.boolean(),
  reachedAt: z.iso.datetime({ offset: true }),
});
export type Standing = z.output<typeof standingSchema>;

export const standingsQuerySchema = listQuerySchema.extend({
  optedOut: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const GAMIFICATION_REPORT_FORMATS = ['xlsx', 'csv'] as const;
export const gamificationReportQuerySchema = z.object({
  format: z.enum(GAMIFICATION_REPORT_FORMATS).default('xlsx'),
});
