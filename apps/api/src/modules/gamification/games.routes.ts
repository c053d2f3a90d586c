import { createGameSchema, gameSchema, updateGameSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { assignedPointsRoutes } from './assigned-points.routes.js';
import { badgeRoutes } from './badges.routes.js';
import { ADMINS, errors, eventParams, gameParams, GAMES, noContent, STAFF, TAG } from './games.http.js';
import { gameList } from './games.repo.js';
import * as service from './games.service.js';
import { taskRoutes } from './tasks.routes.js';
import { teamRoutes } from './teams.routes.js';

/** Games, their tasks (with reorder) and badges: the console CRUD (README.md). */
export function gameRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const scope = async (request: Parameters<typeof eventIdOf>[0]) =>
    (await eventAccess(db, request, eventIdOf(request), 'read')).event.id;

  listRoute(app, GAMES, {
    db,
    list: gameList,
    scope,
    record: gameSchema,
    tags: [TAG],
    summary: `An event's games (Gamifications): createdBy is the author's name, else e-mail; counts of tasks, badges, teams and players with points. ${STAFF}`,
  });
  registerExport(app, 'gamifications', { db, list: gameList, scope, tags: [TAG], path: `${GAMES}/export` });

  app.post(
    GAMES,
    {
      schema: {
        tags: [TAG],
        summary: 'Create a game',
        description: `endsAt after startsAt; excludedLabelIds labels of the event; leaderboardSize 3–100. ${ADMINS}`,
        params: eventParams,
        body: createGameSchema,
        response: { 201: gameSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      return reply.status(201).send(await service.createGame(db, access, request.body));
    },
  );

  app.get(
    `${GAMES}/:gameId`,
    {
      schema: {
        tags: [TAG],
        summary: 'A game',
        description: STAFF,
        params: gameParams,
        response: { 200: gameSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'read');
      return service.getGame(db, event.id, request.params.gameId);
    },
  );

  app.patch(
    `${GAMES}/:gameId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update a game',
        description: `Any subset of the fields; a change of scoring, mode, team rule or excluded labels rebuilds the standings. ${ADMINS}`,
        params: gameParams,
        body: updateGameSchema,
        response: { 200: gameSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateGame(
        deps,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.gameId,
        request.body,
      ),
  );

  app.delete(
    `${GAMES}/:gameId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a game',
        description: `With its teams, tasks, badges, points and awards. ${ADMINS}`,
        params: gameParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteGame(
        db,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.gameId,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${GAMES}/:gameId/copy`,
    {
      schema: {
        tags: [TAG],
        summary: 'Copy a game',
        description: `A new game "<name> (copy)" with the same settings, tasks and badges; no teams, points or awards. ${ADMINS}`,
        params: gameParams,
        response: { 201: gameSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      return reply.status(201).send(await service.copyGame(db, access, request.params.gameId));
    },
  );

  taskRoutes(app, deps);
  badgeRoutes(app, deps);
  teamRoutes(app, deps);
  assignedPointsRoutes(app, deps);
}
