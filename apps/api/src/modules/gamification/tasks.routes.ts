import {
  createTaskSchema,
  gameTaskSchema,
  taskOrderSchema,
  taskTargetOptionsQuerySchema,
  taskTargetOptionsSchema,
  updateTaskSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { listRoute, type ZodApp } from '../../platform/list.js';
import {
  ADMINS,
  errors,
  gameIdOf,
  gameParams,
  GAMES,
  noContent,
  STAFF,
  TAG,
  taskParams,
} from './games.http.js';
import { gameOf } from './games.service.js';
import { taskList } from './tasks.repo.js';
import * as service from './tasks.service.js';

const TASKS = `${GAMES}/:gameId/tasks`;
const RULES =
  'Boolean kinds (POPULATE_PROFILE, DOWNLOAD_APP) take no targets; ACTIVITY_FEED, SIGN_UP_FOR_MEETING and BUSINESS_CARD_EXCHANGE count ANY only; ' +
  'SPECIFIC targets are items of the event of the kind (tools, materials, sessions, custom QR codes). COMPLETION needs points, TYPE_POINTS pointsPerSubTask ' +
  '(tasksPointsLimit optional); weight (0–1000, 2 decimals) is required in WEIGHTED_POINTS games.';

/** A game's tasks: list (in order), CRUD, the full-order reorder and the target pickers. */
export function taskRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  listRoute(app, TASKS, {
    db,
    list: taskList,
    scope: async (request) => {
      const { event } = await eventAccess(db, request, eventIdOf(request), 'read');
      const game = await gameOf(db, event.id, gameIdOf(request));
      return { eventId: event.id, gameId: game.id };
    },
    record: gameTaskSchema,
    tags: [TAG],
    summary: `A game's tasks, in the game's order: tasksPointsCount = tasksPointsLimit ÷ pointsPerSubTask (1 without it; null without a limit). ${STAFF}`,
  });

  app.post(
    TASKS,
    {
      schema: {
        tags: [TAG],
        summary: 'Add a task (at the end of the order)',
        description: `${RULES} ${ADMINS}`,
        params: gameParams,
        body: createTaskSchema,
        response: { 201: gameTaskSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      return reply
        .status(201)
        .send(await service.createTask(db, access, request.params.gameId, request.body));
    },
  );

  app.put(
    `${TASKS}/order`,
    {
      schema: {
        tags: [TAG],
        summary: "Reorder a game's tasks",
        description: `taskIds: every task id of the game, each once, in the new order (one transaction; 409 when the list is not the game's tasks). ${ADMINS}`,
        params: gameParams,
        body: taskOrderSchema,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      await service.reorderTasks(db, access, request.params.gameId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${GAMES}/:gameId/task-targets`,
    {
      schema: {
        tags: [TAG],
        summary: 'Items a task of a kind can target',
        description: `The event's items of the kind (first 1000 by name); none for kinds without targets. ${STAFF}`,
        params: gameParams,
        querystring: taskTargetOptionsQuerySchema,
        response: { 200: taskTargetOptionsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'read');
      return service.targetOptions(db, event.id, request.params.gameId, request.query.kind);
    },
  );

  app.get(
    `${TASKS}/:taskId`,
    {
      schema: {
        tags: [TAG],
        summary: 'A task',
        description: STAFF,
        params: taskParams,
        response: { 200: gameTaskSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'read');
      return service.getTask(db, { eventId: event.id, gameId: request.params.gameId }, request.params.taskId);
    },
  );

  app.patch(
    `${TASKS}/:taskId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update a task',
        description: `Any subset (the kind stays). ${RULES} A weight change rebuilds the standings. ${ADMINS}`,
        params: taskParams,
        body: updateTaskSchema,
        response: { 200: gameTaskSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateTask(
        deps,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.gameId,
        request.params.taskId,
        request.body,
      ),
  );

  app.delete(
    `${TASKS}/:taskId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a task',
        description: `With the points it paid; badges lose it (a badge left without tasks is deleted); the standings are rebuilt. ${ADMINS}`,
        params: taskParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteTask(
        deps,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.gameId,
        request.params.taskId,
      );
      return reply.status(204).send(null);
    },
  );
}
