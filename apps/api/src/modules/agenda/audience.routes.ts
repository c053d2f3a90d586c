import { audienceCheckResultSchema, audienceCheckSchema, audienceOptionsSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';
import { eventAccess } from '../../platform/event-access.js';
import { errors, eventParams, TAG } from './agenda.http.js';
import { audienceOptions, checkAudience } from './audience.js';

/** `events/{eventId}/target-audiences/…`: what the audience editor offers, and how many an audience reaches. Admins. */
export function audienceRoutes(app: ZodApp, { db }: AppDeps): void {
  app.get(
    '/events/:eventId/target-audiences/update-options',
    {
      schema: {
        tags: [TAG],
        summary: 'What an audience may name',
        description:
          'Labels (with their member counts) and participant fields (standard and custom, with the rule operators their type allows and ENUM values). Admins only.',
        params: eventParams,
        response: { 200: audienceOptionsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      audienceOptions(db, (await eventAccess(db, request, request.params.eventId, 'admin')).event.id),
  );

  app.post(
    '/events/:eventId/target-audiences/check',
    {
      schema: {
        tags: [TAG],
        summary: 'How many participants an audience reaches',
        description:
          '`{ audience: { type: EVERYONE | LABELS | RULES, labelIds, rules } }`: labels must be labels of the event; rules are checked like label rules ' +
          '(known field, operator allowed for its type, value of its type), messages under `audience.labelIds` / `audience.rules.<i>.field|operator|value`. Admins only.',
        params: eventParams,
        body: audienceCheckSchema,
        response: { 200: audienceCheckResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      checkAudience(
        db,
        (await eventAccess(db, request, request.params.eventId, 'admin')).event.id,
        request.body.audience,
      ),
  );
}
