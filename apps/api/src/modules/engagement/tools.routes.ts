import { createToolSchema, toolSchema, updateToolSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { listRoute, type ZodApp } from '../../platform/list.js';
import { errors, eventParams, noContent, TAG, toolParams } from './engagement.http.js';
import { toolList } from './tools.repo.js';
import * as service from './tools.service.js';

const BASE = '/events/:eventId/engagement-tools';
const ADMINS = 'Event admins (and the hub, organisation and super admins above).';
const STAFF = 'Event admins and moderators.';
const QUESTIONS =
  'questions is the whole list: a question with an id keeps its answers, one without is new, one left out is deleted with its answers. ' +
  'Options keep their ids (new ones get one); correctOptionIndexes point into options (quiz: every question RADIOBOX or CHECKBOX with at least one correct option). ' +
  "sessionIds and materialId must be the event's ('Please select value' on the field otherwise); audience as sessions have it.";

/** `events/{eventId}/engagement-tools`: the console's tools (survey, poll, Q&A, quiz, document). */
export function toolRoutes(app: ZodApp, { db, realtime }: AppDeps): void {
  listRoute(app, BASE, {
    db,
    list: toolList,
    scope: async (request) => (await eventAccess(db, request, eventIdOf(request), 'read')).event.id,
    record: toolSchema,
    tags: [TAG],
    summary: `An event's engagement tools: filter type=POLL,QUIZ,… and sessionId; createdBy is the author's name, else e-mail. ${STAFF}`,
  });

  app.post(
    BASE,
    {
      schema: {
        tags: [TAG],
        summary: 'Create an engagement tool',
        description: `${QUESTIONS} ${ADMINS}`,
        params: eventParams,
        body: createToolSchema,
        response: { 201: toolSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      return reply.status(201).send(await service.createTool(db, access, request.body));
    },
  );

  app.get(
    `${BASE}/:toolId`,
    {
      schema: {
        tags: [TAG],
        summary: 'An engagement tool, with its questions (correct answers included)',
        description: STAFF,
        params: toolParams,
        response: { 200: toolSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'read');
      return service.getTool(db, event.id, request.params.toolId);
    },
  );

  app.patch(
    `${BASE}/:toolId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update an engagement tool',
        description: `Any subset of the fields (the type stays). ${QUESTIONS} ${ADMINS}`,
        params: toolParams,
        body: updateToolSchema,
        response: { 200: toolSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateTool(
        db,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.toolId,
        request.body,
      ),
  );

  app.delete(
    `${BASE}/:toolId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete an engagement tool',
        description: `With its instances and answers; sessions where an instance was OPEN get engagement.instance (CLOSED). ${ADMINS}`,
        params: toolParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteTool(
        { db, realtime },
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.toolId,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${BASE}/:toolId/copy`,
    {
      schema: {
        tags: [TAG],
        summary: 'Copy an engagement tool',
        description: `A new tool named "<name> (copy)" with the same settings, audience, sessions, material and questions; no instances or answers. ${ADMINS}`,
        params: toolParams,
        response: { 201: toolSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      return reply.status(201).send(await service.copyTool(db, access, request.params.toolId));
    },
  );
}
