import type {
  assignedPointsSchema,
  assignPointsSchema,
  createBadgeSchema,
  createGameSchema,
  createTaskSchema,
  createTeamSchema,
  gameBadgeSchema,
  gameSchema,
  gameTaskSchema,
  gameTeamSchema,
  teamMemberSchema,
  updateGameSchema,
  updateTaskSchema,
} from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Query } from '../../shared/api/client';
import { useApiQuery } from '../../shared/api/query';
import type { ListAnswer } from '../../shared/list';

/** A game as the API sends it (timestamps as ISO text). */
export type GameRow = z.input<typeof gameSchema>;

const enc = encodeURIComponent;
export const gamesPath = (eventId: string) => `events/${enc(eventId)}/gamifications`;
export const gameCopyPath = (eventId: string, gameId: string) => `${gamesPath(eventId)}/${enc(gameId)}/copy`;
export const GAMES_ROUTE = '/engagement/gamification';

export type GameBody = z.input<typeof createGameSchema>;
export type GamePatch = z.input<typeof updateGameSchema>;
export type TaskRow = z.input<typeof gameTaskSchema>;
export type TaskBody = z.input<typeof createTaskSchema>;
export type TaskPatch = z.input<typeof updateTaskSchema>;
export type BadgeRow = z.input<typeof gameBadgeSchema>;
export type BadgeBody = z.input<typeof createBadgeSchema>;
export type AssignedPointsRow = z.input<typeof assignedPointsSchema>;
export type TeamRow = z.input<typeof gameTeamSchema>;
export type TeamBody = z.input<typeof createTeamSchema>;
export type TeamMemberRow = z.input<typeof teamMemberSchema>;
export type AssignPointsBody = z.input<typeof assignPointsSchema>;
export interface NamedRef {
  id: string;
  name: string;
}

export const gamePath = (eventId: string, gameId: string) => `${gamesPath(eventId)}/${enc(gameId)}`;
export const tasksPath = (eventId: string, gameId: string) => `${gamePath(eventId, gameId)}/tasks`;
export const taskOrderPath = (eventId: string, gameId: string) => `${tasksPath(eventId, gameId)}/order`;
export const taskTargetsPath = (eventId: string, gameId: string) =>
  `${gamePath(eventId, gameId)}/task-targets`;
export const badgesPath = (eventId: string, gameId: string) => `${gamePath(eventId, gameId)}/badges`;
export const assignedPointsPath = (eventId: string, gameId: string) =>
  `${gamePath(eventId, gameId)}/assigned-points`;
export const teamsPath = (eventId: string, gameId: string) => `${gamePath(eventId, gameId)}/teams`;
export const teamPath = (eventId: string, gameId: string, teamId: string) =>
  `${teamsPath(eventId, gameId)}/${enc(teamId)}`;
export const teamMembersPath = (eventId: string, gameId: string, teamId: string) =>
  `${teamPath(eventId, gameId, teamId)}/members`;
export const labelsPath = (eventId: string) => `events/${enc(eventId)}/labels`;

export const GAME_TABS = ['settings', 'tasks', 'badges', 'teams', 'points', 'leaderboard'] as const;
export type GameTab = (typeof GAME_TABS)[number];
export const NEW_GAME_ROUTE = `${GAMES_ROUTE}/new`;
export const gameRoute = (gameId: string, tab?: GameTab) =>
  `${GAMES_ROUTE}/${enc(gameId)}${tab ? `?tab=${tab}` : ''}`;

export function useGame(eventId: string, gameId: string) {
  return useApiQuery<GameRow>(gamePath(eventId, gameId));
}

/** Every record of a list (first 200/1000) for a table or a select. */
export function useAllOf<T>(path: string, query: Query = { limit: 1000, sort: 'name:asc' }, enabled = true) {
  return useApiQuery<ListAnswer<T>>(path, query, { enabled, meta: { silent: true } });
}

/** After a write under a game: every query under the event's games path (the list, the game, its tasks and badges). */
export function useRefreshGames(eventId: string) {
  const client = useQueryClient();
  const base = gamesPath(eventId);
  return () =>
    client.invalidateQueries({
      predicate: (q) => q.queryKey.some((part) => typeof part === 'string' && part.startsWith(base)),
    });
}
