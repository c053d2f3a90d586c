import { assignedPointsSchema, assignPointsSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { assignedPointsList } from './assigned-points.repo.js';
import * as service from './assigned-points.service.js';
import {
  ADMINS,
  assignedParams,
  errors,
  gameIdOf,
  gameParams,
  GAMES,
  noContent,
  STAFF,
  TAG,
} from './games.http.js';
import { gameOf } from './games.service.js';

const ASSIGNED = `${GAMES}/:gameId/assigned-points`;

/** Points given by hand with a reason (the Assigned points list); imported ones come from `GameTaskPoint`. */
export function assignedPointsRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const scope = async (request: Parameters<typeof eventIdOf>[0]) => {
    const { event } = await eventAccess(db, request, eventIdOf(request), 'read');
    const game = await gameOf(db, event.id, gameIdOf(request));
    return { eventId: event.id, gameId: game.id };
  };

  listRoute(app, ASSIGNED, {
    db,
    list: assignedPointsList,
    scope,
    record: assignedPointsSchema,
    tags: [TAG],
    summary: `A game's assigned points (by hand or imported), newest first; createdBy is the author's name, else e-mail. ${STAFF}`,
  });
  registerExport(app, 'assigned-points', {
    db,
    list: assignedPointsList,
    scope,
    tags: [TAG],
    path: `${ASSIGNED}/export`,
  });

  app.post(
    ASSIGNED,
    {
      schema: {
        tags: [TAG],
        summary: 'Assign points by hand',
        description: `points: a whole number, not 0, between -100000 and 100000 (negative takes points away); a reason; participantId a participant of the event; taskId (optional) a task of this game, whose weight applies in WEIGHTED_POINTS games. ${ADMINS}`,
        params: gameParams,
        body: assignPointsSchema,
        response: { 201: assignedPointsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      return reply
        .status(201)
        .send(await service.assignPoints(deps, access, request.params.gameId, request.body));
    },
  );

  app.delete(
    `${ASSIGNED}/:assignedId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Take assigned points back',
        description: `The points leave the player's score and the boards. ${ADMINS}`,
        params: assignedParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteAssignedPoints(
        deps,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.gameId,
        request.params.assignedId,
      );
      return reply.status(204).send(null);
    },
  );
}
