import { createEventHubSchema, eventHubSchema, idParamsSchema, updateEventHubSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { eventHubList } from './event-hubs.repo.js';
import * as service from './event-hubs.service.js';
import { gate, ROLE_GATES } from '../../platform/role-gates.js';
import { errors, noContent, TAG } from './tenancy.http.js';

/** Super admins everywhere; organisation admins within their organisations; hub admins read their hub. */
export function eventHubRoutes(app: ZodApp, { db }: AppDeps): void {
  const scope = (request: Parameters<typeof gate>[0]) => gate(request, ROLE_GATES.hubAdmin).principal;
  listRoute(app, '/event-hubs', {
    db,
    list: eventHubList,
    scope,
    record: eventHubSchema,
    tags: [TAG],
    summary: 'List event hubs',
  });
  registerExport(app, 'event-hubs', { db, list: eventHubList, scope, tags: [TAG] });

  app.post(
    '/event-hubs',
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Create an event hub',
        body: createEventHubSchema,
        response: { 201: eventHubSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createEventHub(db, gate(request, ROLE_GATES.organizationAdmin), request.body)),
  );
  app.get(
    '/event-hubs/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Get an event hub',
        params: idParamsSchema,
        response: { 200: eventHubSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.getEventHub(db, gate(request, ROLE_GATES.hubAdmin), request.params.id),
  );
  app.patch(
    '/event-hubs/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Update an event hub',
        description: 'A new organizationId moves the hub and its events.',
        params: idParamsSchema,
        body: updateEventHubSchema,
        response: { 200: eventHubSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateEventHub(db, gate(request, ROLE_GATES.hubAdmin), request.params.id, request.body),
  );
  app.delete(
    '/event-hubs/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Delete an event hub with its events',
        params: idParamsSchema,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteEventHub(db, gate(request, ROLE_GATES.hubAdmin), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
