import type { LeaderboardSnapshot } from '@plenary/domain';
import { useApiQuery } from '../../shared/api/query';

const e = encodeURIComponent;

const gamePath = (eventId: string, gameId: string) => `events/${e(eventId)}/gamifications/${e(gameId)}`;

/** The leaderboard routes of issue 15 (apps/api gamification leaderboards.routes.ts). */
export const leaderboardPaths = {
  /** The public board: top N, teams, players with points (staff and the event's participants). */
  board: (eventId: string, gameId: string) => `${gamePath(eventId, gameId)}/leaderboard`,
  /** Staff: every player ranked (list machinery: search, sort, pagination, export). */
  standings: (eventId: string, gameId: string) => `${gamePath(eventId, gameId)}/standings`,
  /** Staff: the gamifications report, `?format=xlsx|csv`. */
  report: (eventId: string, gameId: string) => `${gamePath(eventId, gameId)}/report`,
};

/** The front-of-room board's own URL (console host). */
export const boardScreenUrl = (eventId: string, gameId: string) => `/${e(eventId)}/leader-board/${e(gameId)}`;

export function useBoard(eventId: string, gameId: string) {
  return useApiQuery<LeaderboardSnapshot>(leaderboardPaths.board(eventId, gameId));
}
