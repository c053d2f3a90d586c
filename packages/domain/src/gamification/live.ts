import { z } from 'zod';

/**
 * Issue 15: the gamification real-time contracts, shared by the API (leaderboards, awards) and the
 * web (front-of-room board, participant game page). Scores are numbers as shown: WEIGHTED_POINTS
 * scores may carry two decimals.
 */
export const gameBoardEntrySchema = z.object({
  rank: z.number().int().positive(),
  participantId: z.uuid(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  score: z.number(),
  /** TEAM games: the player's team name. */
  teamName: z.string().nullable().optional(),
});
export type GameBoardEntry = z.output<typeof gameBoardEntrySchema>;

export const teamStandingSchema = z.object({
  rank: z.number().int().positive(),
  teamId: z.uuid(),
  name: z.string(),
  score: z.number(),
  members: z.number().int().nonnegative(),
});
export type TeamStanding = z.output<typeof teamStandingSchema>;

export const leaderboardSnapshotSchema = z.object({
  eventId: z.uuid(),
  gameId: z.uuid(),
  /** The game's name (the board's title). */
  name: z.string().optional(),
  mode: z.enum(['INDIVIDUAL', 'TEAM']),
  /** The top N players (N = the game's leaderboard size); opted-out and hidden profiles are left out. */
  entries: z.array(gameBoardEntrySchema),
  /** TEAM games: every team, ranked by the game's team aggregate. */
  teams: z.array(teamStandingSchema),
  /** Players with points (the board's "of N players"). */
  players: z.number().int().nonnegative(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type LeaderboardSnapshot = z.output<typeof leaderboardSnapshotSchema>;

export const gameAwardedSchema = z.object({
  eventId: z.uuid(),
  gameId: z.uuid(),
  /** Points just earned (negative for points taken away by hand). */
  points: z.number(),
  /** The player's score after the award. */
  score: z.number(),
  /** What earned them: a task's name, or the reason given with assigned points. */
  reason: z.string(),
  badges: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type GameAwarded = z.output<typeof gameAwardedSchema>;
