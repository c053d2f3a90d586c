import { collectionSchema, createCollectionSchema, updateCollectionSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { collectionList } from './collections.repo.js';
import * as service from './collections.service.js';
import { ACCESS, contentAccess, contentScope, errors, idParams, noContent, TAG } from './content.http.js';

const BASE = '/events/:eventId/collections';
const PARTICIPANTS =
  'A participant reads only the collections whose audience includes them (404 for another), with sessionCount over the sessions their agenda shows.';
const AUDIENCE =
  'audience: { type: EVERYONE | LABELS (labelIds of this event) | RULES (the label rule engine) }; 400 with audience.* field messages.';

/** `events/{eventId}/collections`: tracks that group sessions. */
export function collectionRoutes(app: ZodApp, { db, realtime }: AppDeps): void {
  listRoute(app, BASE, {
    db,
    list: collectionList,
    scope: (request) => contentScope(db, request, 'member'),
    record: collectionSchema,
    tags: [TAG],
    summary: `An event's collections (tracks): audience with label names, rulesLength, sessionCount, createdBy name. ${PARTICIPANTS} ${ACCESS.member}`,
  });
  registerExport(app, BASE.slice(1), {
    db,
    list: collectionList,
    scope: (request) => contentScope(db, request, 'read'),
    tags: [TAG],
    filename: 'collections',
  });

  app.post(
    BASE,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Create a collection',
        description: `Names are unique per event (409). ${AUDIENCE} ${ACCESS.admin}`,
        body: createCollectionSchema,
        response: { 201: collectionSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createCollection(db, await contentAccess(db, request, 'admin'), request.body)),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'A collection',
        description: `${PARTICIPANTS} ${ACCESS.member}`,
        params: idParams,
        response: { 200: collectionSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.getCollection(db, await contentScope(db, request, 'member'), request.params.id),
  );

  app.patch(
    `${BASE}/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update a collection',
        description: `Partial. ${AUDIENCE} A new name, color or audience sends agenda.changed for its published sessions. ${ACCESS.admin}`,
        params: idParams,
        body: updateCollectionSchema,
        response: { 200: collectionSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.updateCollection(
        { db, realtime },
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
        summary: 'Delete a collection',
        description: `Its sessions leave it (they are not deleted); agenda.changed names its published ones. ${ACCESS.admin}`,
        params: idParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteCollection(
        { db, realtime },
        await contentAccess(db, request, 'admin'),
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  );
}
