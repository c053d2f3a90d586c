import { createBadgeSchema, gameBadgeSchema, updateBadgeSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { listRoute, type ZodApp } from '../../platform/list.js';
import { badgeList } from './badges.repo.js';
import * as service from './badges.service.js';
import {
  ADMINS,
  badgeParams,
  errors,
  gameIdOf,
  gameParams,
  GAMES,
  noContent,
  STAFF,
  TAG,
} from './games.http.js';
import { gameOf } from './games.service.js';

const BADGES = `${GAMES}/:gameId/badges`;

/** A game's badges: earned once every task in taskIds is complete. */
export function badgeRoutes(app: ZodApp, { db }: AppDeps): void {
  listRoute(app, BADGES, {
    db,
    list: badgeList,
    scope: async (request) => {
      const { event } = await eventAccess(db, request, eventIdOf(request), 'read');
      const game = await gameOf(db, event.id, gameIdOf(request));
      return { eventId: event.id, gameId: game.id };
    },
    record: gameBadgeSchema,
    tags: [TAG],
    summary: `A game's badges: gameTasks is the count of its tasks; earnedCount the players who earned it. ${STAFF}`,
  });

  app.post(
    BADGES,
    {
      schema: {
        tags: [TAG],
        summary: 'Add a badge',
        description: `taskIds: tasks of this game. ${ADMINS}`,
        params: gameParams,
        body: createBadgeSchema,
        response: { 201: gameBadgeSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      return reply
        .status(201)
        .send(await service.createBadge(db, access, request.params.gameId, request.body));
    },
  );

  app.patch(
    `${BADGES}/:badgeId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update a badge',
        description: `Any subset; taskIds tasks of this game. ${ADMINS}`,
        params: badgeParams,
        body: updateBadgeSchema,
        response: { 200: gameBadgeSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateBadge(
        db,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.gameId,
        request.params.badgeId,
        request.body,
      ),
  );

  app.delete(
    `${BADGES}/:badgeId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a badge',
        description: `With who earned it (points stay). ${ADMINS}`,
        params: badgeParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteBadge(
        db,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.gameId,
        request.params.badgeId,
      );
      return reply.status(204).send(null);
    },
  );
}
