import {
  createPinSchema,
  interactiveMapSchema,
  MAP_MAX_BYTES,
  pinSchema,
  updateInteractiveMapSchema,
  updatePinSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { listRoute, type ZodApp } from '../../platform/list.js';
import { storageFor } from '../../platform/storage.js';
import {
  ACCESS,
  contentAccess,
  contentScope,
  errors,
  eventParams,
  idParams,
  noContent,
  pinParams,
  readUpload,
  TAG,
  uploadGate,
} from './content.http.js';
import { mapList } from './maps.repo.js';
import * as service from './maps.service.js';

const BASE = '/events/:eventId/interactive-maps';
const PLAN =
  `The plan: a PNG or JPEG image (decoded, turned upright, metadata dropped; width and height read from it) or a PDF (its first page is the plan; ` +
  `the client reports its width and height with PATCH), by extension and content, at most ${MAP_MAX_BYTES / 1_000_000} MB (413).`;
const PINS =
  "x and y are fractions (0..1) of the plan's width and height. locationId, sessionId and materialId link the pin to a row of the same event " +
  "(another event's or an unknown id: 400 with the field). The agenda shows a location with its pins: a pin's change (name, position, location), " +
  "a map's new name or its deletion sends agenda.changed for the published sessions at those locations.";

/** `events/{eventId}/interactive-maps` and their pins. */
export function mapRoutes(app: ZodApp, { db, realtime, config }: AppDeps): void {
  const storage = storageFor(config);

  listRoute(app, BASE, {
    db,
    list: mapList,
    scope: (request) => contentScope(db, request, 'member'),
    record: interactiveMapSchema,
    tags: [TAG],
    summary: `An event's interactive maps with pinCount (GET one map for its pins). ${ACCESS.member}`,
  });

  app.post(
    BASE,
    {
      config: { idempotent: 'handler' },
      schema: {
        tags: [TAG],
        summary: 'Upload an interactive map',
        description: `multipart/form-data: "file", "name" (required), "description". ${PLAN} ${ACCESS.admin}`,
        params: eventParams,
        consumes: ['multipart/form-data'],
        response: { 201: interactiveMapSchema, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const a = await contentAccess(db, request, 'admin');
      const upload = await readUpload(request, MAP_MAX_BYTES);
      if (await uploadGate(request, reply, upload)) return reply;
      return reply.status(201).send(await service.createMap(db, a, storage, upload));
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'An interactive map with its pins',
        description: `A participant sees a pin's link to a session only when their agenda shows the session (published, in its audience). ${ACCESS.member}`,
        params: idParams,
        response: { 200: interactiveMapSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.getMap(db, await contentScope(db, request, 'member'), request.params.id),
  );

  app.patch(
    `${BASE}/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update an interactive map',
        description: `name, description; width and height only for a PDF plan (400 for an image). ${ACCESS.admin}`,
        params: idParams,
        body: updateInteractiveMapSchema,
        response: { 200: interactiveMapSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateMap(
        { db, realtime },
        await contentAccess(db, request, 'admin'),
        request.params.id,
        request.body,
      ),
  );

  app.put(
    `${BASE}/:id/file`,
    {
      schema: {
        tags: [TAG],
        summary: "Replace an interactive map's plan",
        description: `multipart/form-data, the plan in "file". ${PLAN} Pins stay where they are (fractions); the previous file is removed. ${ACCESS.admin}`,
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: interactiveMapSchema, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const a = await contentAccess(db, request, 'admin');
      return service.replaceMapFile(
        db,
        a,
        storage,
        request.params.id,
        await readUpload(request, MAP_MAX_BYTES),
      );
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete an interactive map',
        description: `With its pins and its file. ${ACCESS.admin}`,
        params: idParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteMap(
        { db, realtime },
        await contentAccess(db, request, 'admin'),
        storage,
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${BASE}/:id/pins`,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Add a pin',
        description: `${PINS} ${ACCESS.admin}`,
        params: idParams,
        body: createPinSchema,
        response: { 201: pinSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createPin(
            { db, realtime },
            await contentAccess(db, request, 'admin'),
            request.params.id,
            request.body,
          ),
        ),
  );

  app.patch(
    `${BASE}/:id/pins/:pinId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Move or edit a pin',
        description: `Partial; null unlinks. ${PINS} ${ACCESS.admin}`,
        params: pinParams,
        body: updatePinSchema,
        response: { 200: pinSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updatePin(
        { db, realtime },
        await contentAccess(db, request, 'admin'),
        request.params.id,
        request.params.pinId,
        request.body,
      ),
  );

  app.delete(
    `${BASE}/:id/pins/:pinId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a pin',
        description: ACCESS.admin,
        params: pinParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deletePin(
        { db, realtime },
        await contentAccess(db, request, 'admin'),
        request.params.id,
        request.params.pinId,
      );
      return reply.status(204).send(null);
    },
  );
}
