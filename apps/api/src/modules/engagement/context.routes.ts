import { z } from 'zod';
import { instanceContextSchema, MESSAGES } from '@plenary/domain';
import { writeContext } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/deps.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { eventAccess } from '../../platform/event-access.js';
import type { ZodApp } from '../../platform/list.js';
import { errors, TAG } from './engagement.http.js';
import { moderatesSession } from './instance-access.js';
import { instanceContext } from './instances.repo.js';

/**
 * `GET engagement/instances/{instanceId}/context` (staff): the front-of-room and moderation screens'
 * URLs carry an instance id without its event; this names the event, tool and session so they can
 * use the event-scoped routes.
 */
export function contextRoutes(app: ZodApp, { db }: AppDeps): void {
  app.get(
    '/engagement/instances/:instanceId/context',
    {
      schema: {
        tags: [TAG],
        summary: "An instance's event, tool, session, status and questions (staff)",
        description:
          "For screens addressed by instance id alone (/qa/{toolId}/{instanceId}). Event admins and the session's listed moderators; another event's instance (no role in it) is 404.",
        params: z.object({ instanceId: z.uuid() }),
        response: { 200: instanceContextSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      writeContext(request); // 401 before any query
      const context = await instanceContext(db, request.params.instanceId);
      if (!context) throw notFound();
      const { ctx, event } = await eventAccess(db, request, context.eventId, 'read');
      if (!(await moderatesSession(db, ctx.principal, event, context.sessionId)))
        throw forbidden(MESSAGES.forbidden);
      return context;
    },
  );
}
