import type { AppDeps } from '../../platform/deps.js';

/** Points one player just earned in one game (a committed ledger row, or several of one award). */
export interface AwardedPoints {
  eventId: string;
  gameId: string;
  participantId: string;
  points: number;
  awardedAt: Date;
}

/**
 * Called by the award function after its transaction commits: brings the leaderboard projection
 * (Redis sorted sets when REDIS_URL is set) up to date and publishes the boards through the
 * coalescer. The leaderboards part fills it in.
 */
export async function afterAwards(_deps: AppDeps, _awards: readonly AwardedPoints[]): Promise<void> {}

/**
 * Recomputes a game's standings projection from the ledger and republishes its board: called after
 * a change that moves scores without an award (a task's weight, the scoring, a task or assigned
 * points deleted, an opt-out). The leaderboards part fills it in.
 */
export async function rebuildStandings(_deps: AppDeps, _gameId: string): Promise<void> {}
