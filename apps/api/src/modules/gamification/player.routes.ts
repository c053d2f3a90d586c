import { optOutSchema, playerGameSchema, playerGamesSchema } from '@plenary/domain';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { errors, eventParams } from '../../platform/http.js';
import type { ZodApp } from '../../platform/list.js';
import * as service from './player.service.js';

export const PLAYER_TAG = 'gamification';
const BASE = '/events/:eventId/me/games';
const gameParams = eventParams.extend({ gameId: z.uuid() });
const WHO =
  "The event's participants (staff who are not participants: 403; another tenant's event, another event's or an unpublished game: 404).";

/** The participant's game page: my games, one game's progress, badge gallery and board, the opt-out. */
export function playerRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const access = (request: Parameters<typeof service.playerAccess>[1], eventId: string) =>
    service.playerAccess(db, request, eventId);

  app.get(
    BASE,
    {
      schema: {
        tags: [PLAYER_TAG],
        summary: "The caller's games",
        description: `The event's published games, newest first: name, window (UPCOMING, RUNNING, ENDED), the caller's score and rank (null before their first points) of the players, badges earned of the total. ${WHO}`,
        params: eventParams,
        response: { 200: playerGamesSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.myGames(deps, await access(request, request.params.eventId)),
  );

  app.get(
    `${BASE}/:gameId`,
    {
      schema: {
        tags: [PLAYER_TAG],
        summary: 'One game as the caller plays it',
        description:
          'Score and rank; every task with progress (state, done of n, points earned of the limit, where to do it, named specific targets); ' +
          'every badge locked or earned (with the date) and its progress ("2 of 3 tasks"), the next one flagged; the public top N ' +
          "(opted-out players and hidden profiles left out) and the caller's own row when outside it; the caller's team in TEAM mode. " +
          WHO,
        params: gameParams,
        response: { 200: playerGameSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.myGame(deps, await access(request, request.params.eventId), request.params.gameId),
  );

  app.put(
    `${BASE}/:gameId/opt-out`,
    {
      schema: {
        tags: [PLAYER_TAG],
        summary: 'Leave or rejoin the public boards',
        description: `\`{ optedOut: true }\` leaves the game's public boards (the points are kept, the caller still sees their own rank); \`false\` rejoins them. ${WHO}`,
        params: gameParams,
        body: optOutSchema,
        response: { 200: optOutSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.setOptOut(
        deps,
        await access(request, request.params.eventId),
        request.params.gameId,
        request.body,
      ),
  );
}
