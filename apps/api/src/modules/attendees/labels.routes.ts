import type { FastifyRequest } from 'fastify';
import { createLabelSchema, labelSchema, updateLabelSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { listRoute, type ZodApp } from '../../platform/list.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { errors, eventParams, labelParams, noContent, TAG } from './attendees.http.js';
import { labelList } from './labels.repo.js';
import * as service from './labels.service.js';

const BASE = '/events/:eventId/labels';

const RULES =
  'Rules: `[{ field, operator, value }]`, all of which must match. field: a standard field (firstName, lastName, email, jobTitle, company, phone, bio) or a custom ' +
  'field id (or key). Operators by type (spec part 5): EQUAL / NOT_EQUAL for every type but ENUM (text case-insensitive; NOT_EQUAL also matches participants ' +
  'without a value); LESS_THAN(_EQUAL) / GREATER_THAN(_EQUAL) for NUMBER, CURRENCY, DATE, TIME; INCLUDES for ENUM (value: one or more of its values, any matches).';

/**
 * `events/{eventId}/labels`: manual labels (members set by hand through the participants routes:
 * PATCH labelIds, bulk PATCH addLabelIds / removeLabelIds) and rule labels (members computed by
 * the server and kept right whenever a participant or the rules change).
 */
export function labelRoutes(app: ZodApp, { db }: AppDeps): void {
  const access = (request: FastifyRequest, need: 'admin' | 'read') =>
    eventAccess(db, request, eventIdOf(request), need);

  listRoute(app, BASE, {
    db,
    list: labelList,
    scope: async (request) => (await access(request, 'read')).event.id,
    record: labelSchema,
    tags: [TAG],
    summary:
      "An event's labels with member counts; createdBy is the creator's full name. Filter `type=MANUAL,RULE`. Admins and moderators.",
  });

  app.post(
    BASE,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Create a label',
        description: `type MANUAL (default) or RULE. A rule label's members are computed at once. ${RULES} Names are unique per event (409). Admins only.`,
        params: eventParams,
        body: createLabelSchema,
        response: { 201: labelSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createLabel(db, await access(request, 'admin'), request.body)),
  );

  app.get(
    `${BASE}/:labelId`,
    {
      schema: {
        tags: [TAG],
        summary: 'A label',
        description: 'Admins and moderators.',
        params: labelParams,
        response: { 200: labelSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.getLabel(db, (await access(request, 'read')).event.id, request.params.labelId),
  );

  app.patch(
    `${BASE}/:labelId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update a label',
        description: `Partial. New rules, or a change to RULE, recompute the members in the same transaction; a change to MANUAL keeps the members as manual ones. ${RULES} Admins only.`,
        params: labelParams,
        body: updateLabelSchema,
        response: { 200: labelSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.updateLabel(db, await access(request, 'admin'), request.params.labelId, request.body),
  );

  app.delete(
    `${BASE}/:labelId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a label',
        description: 'Admins only.',
        params: labelParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteLabel(db, await access(request, 'admin'), request.params.labelId);
      return reply.status(204).send(null);
    },
  );
}
