import {
  EVENT_INVITATION_PATH,
  EVENT_INVITATION_TTL_DAYS,
  invitationAcceptedSchema,
  invitationTokenSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';
import { errors, noContent, TAG } from './attendees.http.js';
import * as service from './invitations.service.js';

/**
 * The invited person's answer to an event invitation (docs/SECURITY.md 3.7). Public: the token from
 * the e-mail is the proof (256-bit, stored as a hash, single use, EVENT_INVITATION_TTL_DAYS days).
 */
export function invitationRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const answer = `The token from the invitation e-mail's link (\`<origin>${EVENT_INVITATION_PATH}?token=<token>\`, single use, ${EVENT_INVITATION_TTL_DAYS} days). 410 when it is unknown, used or expired (the message says which).`;

  app.post(
    '/invitations/accept',
    {
      schema: {
        tags: [TAG],
        summary: 'Accept an invitation to an event',
        description: `${answer} The account becomes a participant of the event with the profile the organisers entered; its e-mail address counts as confirmed. Answers the event; sign in as usual afterwards.`,
        security: [],
        body: invitationTokenSchema,
        response: { 200: invitationAcceptedSchema, ...errors(400, 410) },
      },
    },
    async (request) => service.acceptInvitation(db, request.body.token, request.id),
  );

  app.post(
    '/invitations/decline',
    {
      schema: {
        tags: [TAG],
        summary: 'Decline an invitation to an event',
        description: `${answer} The invitation is deleted; the event keeps nothing of the person.`,
        security: [],
        body: invitationTokenSchema,
        response: { 204: noContent, ...errors(400, 410) },
      },
    },
    async (request, reply) => {
      await service.declineInvitation(db, request.body.token);
      return reply.status(204).send(null);
    },
  );
}
