import { breakoutSchema, createBreakoutSchema, updateBreakoutSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { breakoutList } from './breakouts.repo.js';
import * as service from './breakouts.service.js';
import { ACCESS, contentAccess, contentScope, errors, idParams, noContent, TAG } from './content.http.js';

const BASE = '/events/:eventId/breakouts';
const RULES =
  "When enrollable, the breakout's audience and capacity (seats per session; null = unlimited) replace its sessions' own, and a participant holds one of its sessions. " +
  'audience: { type: EVERYONE | LABELS | RULES }, 400 with audience.* field messages.';

/** `events/{eventId}/breakouts`: groups of sessions a participant picks one of. */
export function breakoutRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  listRoute(app, BASE, {
    db,
    list: breakoutList,
    scope: (request) => contentScope(db, request, 'read'),
    record: breakoutSchema,
    tags: [TAG],
    summary: `An event's breakouts with their sessions (enrolledCount each), audience, rulesLength, createdBy name. Filter enrollable=true|false. ${ACCESS.read}`,
  });
  registerExport(app, BASE.slice(1), {
    db,
    list: breakoutList,
    scope: (request) => contentScope(db, request, 'read'),
    tags: [TAG],
    filename: 'breakouts',
  });

  app.post(
    BASE,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Create a breakout',
        description: `Names are unique per event (409). ${RULES} ${ACCESS.admin}`,
        body: createBreakoutSchema,
        response: { 201: breakoutSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createBreakout(db, await contentAccess(db, request, 'admin'), request.body)),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'A breakout',
        description: ACCESS.read,
        params: idParams,
        response: { 200: breakoutSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.getBreakout(db, await contentScope(db, request, 'read'), request.params.id),
  );

  app.patch(
    `${BASE}/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update a breakout',
        description: `Partial. A capacity below the seats a session of the breakout already gave: 400 (field capacity). More seats promote waitlisted participants in order (e-mail, realtime). ${RULES} ${ACCESS.admin}`,
        params: idParams,
        body: updateBreakoutSchema,
        response: { 200: breakoutSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.updateBreakout(
        deps,
        await contentAccess(db, request, 'admin'),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a breakout',
        description: `409 while sessions belong to it. ${ACCESS.admin}`,
        params: idParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteBreakout(db, await contentAccess(db, request, 'admin'), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
