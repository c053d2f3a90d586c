import { listResponse, participantActivityQuerySchema, participantActivitySchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';
import { participantActivity } from './activity.repo.js';
import { eventAccess } from '../../platform/event-access.js';
import { errors, participantParams, TAG } from './attendees.http.js';
import { getParticipant } from './participants.service.js';

/** `…/participants/{participantId}/activity`: the participant profile's activity section. */
export function activityRoutes(app: ZodApp, { db }: AppDeps): void {
  app.get(
    '/events/:eventId/participants/:participantId/activity',
    {
      schema: {
        tags: [TAG],
        summary: "A participant's activity, newest first",
        description:
          'Created, profile updated (by an admin, an import or the participant: `bySelf`), photo changed or removed, magic link sent (to `email`, by `actorName`) and used. ' +
          '`limit` (default 50, at most 200) newest entries; `total` counts all. Admins and moderators.',
        params: participantParams,
        querystring: participantActivityQuerySchema,
        response: { 200: listResponse(participantActivitySchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'read');
      await getParticipant(db, event.id, request.params.participantId);
      return participantActivity(db, event.id, request.params.participantId, request.query.limit);
    },
  );
}
