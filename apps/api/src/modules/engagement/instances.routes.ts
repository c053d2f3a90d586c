import {
  createInstanceSchema,
  instanceListSchema,
  instanceSchema,
  instanceStatusChangeSchema,
  updateInstanceScheduleSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess } from '../../platform/event-access.js';
import type { ZodApp } from '../../platform/list.js';
import { errors, instanceParams, noContent, TAG, toolParams } from './engagement.http.js';
import * as service from './instances.service.js';

const BASE = '/events/:eventId/engagement-tools/:toolId/instances';
const SESSION_STAFF =
  "Event admins, and moderators listed on the instance's session (403 for other moderators).";

/** `events/{eventId}/engagement-tools/{toolId}/instances`: runs of a tool in its sessions. */
export function instanceRoutes(app: ZodApp, { db, realtime }: AppDeps): void {
  const deps = { db, realtime };

  app.get(
    BASE,
    {
      schema: {
        tags: [TAG],
        summary: "A tool's instances, newest first",
        description: 'Status, schedule, opened/closed times and respondents. Event admins and moderators.',
        params: toolParams,
        response: { 200: instanceListSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.listInstances(
        db,
        await eventAccess(db, request, request.params.eventId, 'read'),
        request.params.toolId,
      ),
  );

  app.post(
    BASE,
    {
      schema: {
        tags: [TAG],
        summary: 'Create an instance of the tool in one of its sessions',
        description:
          "status CLOSED (default), OPEN (now) or SCHEDULED (opensAt required; opens and closes on its own at opensAt / closesAt within seconds). The session must be one the tool is attached to (400 'The tool is not attached to this session'). " +
          SESSION_STAFF,
        params: toolParams,
        body: createInstanceSchema,
        response: { 201: instanceSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'read');
      return reply
        .status(201)
        .send(await service.createInstance(deps, access, request.params.toolId, request.body));
    },
  );

  app.patch(
    `${BASE}/:instanceId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Schedule an instance: when it opens and closes',
        description: `An OPEN instance keeps running and closes at closesAt; any other becomes SCHEDULED and opens at opensAt. ${SESSION_STAFF}`,
        params: instanceParams,
        body: updateInstanceScheduleSchema,
        response: { 200: instanceSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.scheduleInstance(
        deps,
        await eventAccess(db, request, request.params.eventId, 'read'),
        request.params.toolId,
        request.params.instanceId,
        request.body,
      ),
  );

  app.put(
    `${BASE}/:instanceId/status`,
    {
      schema: {
        tags: [TAG],
        summary: 'Open or close an instance now',
        description: `{ status: OPEN | CLOSED }. Sets openedAt / closedAt; the session's room gets engagement.instance. The same status again changes nothing. ${SESSION_STAFF}`,
        params: instanceParams,
        body: instanceStatusChangeSchema,
        response: { 200: instanceSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { eventId, toolId, instanceId } = request.params;
      const access = await eventAccess(db, request, eventId, 'read');
      await service.requireInstanceOfTool(db, eventId, toolId, instanceId);
      return service.changeInstanceStatus(deps, access, instanceId, request.body.status);
    },
  );

  app.delete(
    `${BASE}/:instanceId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete an instance with its answers',
        description: 'An OPEN one is announced closed to its session. Event admins.',
        params: instanceParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteInstance(
        deps,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.toolId,
        request.params.instanceId,
      );
      return reply.status(204).send(null);
    },
  );
}
