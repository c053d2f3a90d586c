import { magicLinkTokenSchema, moderationInstancesSchema, moderationSessionSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { listRoute, type ZodApp } from '../../platform/list.js';
import { errors, MODERATION_TAG, noContent, sessionParams } from './engagement.http.js';
import { moderationSessionList } from './moderation-sessions.repo.js';
import * as service from './moderation-sessions.service.js';

const BASE = '/events/:eventId/moderation/sessions';

/** The console's `/moderation`: the sessions the caller moderates and their instances; moderator links. */
export function moderationSessionRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  listRoute(app, BASE, {
    db,
    list: moderationSessionList,
    scope: (request) => service.moderationScope(db, request, eventIdOf(request)),
    record: moderationSessionSchema,
    tags: [MODERATION_TAG],
    summary:
      "Sessions to moderate: the event's admins get every session, moderators the sessions listing them (participants 403), " +
      "with instanceCount, openCount, pendingCount (Q&A questions waiting) and timeSlot in the event's zone.",
  });

  app.get(
    `${BASE}/:sessionId/instances`,
    {
      schema: {
        tags: [MODERATION_TAG],
        summary: "A session's engagement instances",
        description:
          "Every instance run in the session, newest first. The event's admins and the session's listed moderators; " +
          "others 403; a session of another event or another tenant's event 404.",
        params: sessionParams,
        response: { 200: moderationInstancesSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.sessionInstances(db, request, request.params.eventId, request.params.sessionId),
  );

  app.post(
    `${BASE}/:sessionId/magic-link-token`,
    {
      schema: {
        tags: [MODERATION_TAG],
        summary: 'E-mail a fresh moderator link',
        description:
          'E-mails `userId`, a listed moderator of the session, a new single-use link `<console>/moderate/{sessionId}/{token}` ' +
          '(valid 72 hours; their earlier unused links stop working), as the invite-moderator e-mail does. 404 for a session of ' +
          'another event or a user who is not listed on it. Admins only.',
        params: sessionParams,
        body: magicLinkTokenSchema,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      await service.sendMagicLink(deps, access, request.params.sessionId, request.body.userId);
      return reply.code(204).send(null);
    },
  );
}
