import { createLocationSchema, locationSchema, updateLocationSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { storageFor } from '../../platform/storage.js';
import {
  ACCESS,
  contentAccess,
  contentScope,
  errors,
  idParams,
  noContent,
  readUpload,
  TAG,
} from './content.http.js';
import { locationList } from './locations.repo.js';
import * as service from './locations.service.js';

const BASE = '/events/:eventId/locations';
export const PDF_MAP_MAX_BYTES = 20_000_000;

/** `events/{eventId}/locations`: rooms and places of the event, with the pins that point at them. */
export function locationRoutes(app: ZodApp, { db, realtime, config }: AppDeps): void {
  const storage = storageFor(config);
  const scope = (request: Parameters<typeof contentScope>[1]) => contentScope(db, request, 'member');

  listRoute(app, BASE, {
    db,
    list: locationList,
    scope,
    record: locationSchema,
    tags: [TAG],
    summary: `An event's locations: pins (map name + pin name), sessionCount, createdBy/updatedBy names. Filter mapId. ${ACCESS.member}`,
  });
  registerExport(app, BASE.slice(1), {
    db,
    list: locationList,
    scope: (request) => contentScope(db, request, 'read'),
    tags: [TAG],
    filename: 'locations',
  });

  app.post(
    BASE,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Create a location',
        description: `Names are unique per event, ignoring case (409). mapLocationUrl: an http(s) link or null. ${ACCESS.admin}`,
        body: createLocationSchema,
        response: { 201: locationSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createLocation(db, await contentAccess(db, request, 'admin'), request.body)),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'A location',
        description: ACCESS.member,
        params: idParams,
        response: { 200: locationSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.getLocation(db, await contentScope(db, request, 'member'), request.params.id),
  );

  app.patch(
    `${BASE}/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update a location',
        description: `Partial. A new name sends agenda.changed for the published sessions held there. ${ACCESS.admin}`,
        params: idParams,
        body: updateLocationSchema,
        response: { 200: locationSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.updateLocation(
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
        summary: 'Delete a location',
        description: `409 while sessions or map pins use it (move them first). Its PDF map is removed. ${ACCESS.admin}`,
        params: idParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteLocation(db, await contentAccess(db, request, 'admin'), storage, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${BASE}/:id/pdf-map`,
    {
      schema: {
        tags: [TAG],
        summary: "Upload or replace a location's PDF map",
        description: `multipart/form-data, the PDF in the field "file" (named .pdf, a PDF by content), at most ${PDF_MAP_MAX_BYTES / 1_000_000} MB (413). The previous map is removed. ${ACCESS.admin}`,
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: locationSchema, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const a = await contentAccess(db, request, 'admin');
      return service.setPdfMap(
        db,
        a,
        storage,
        request.params.id,
        await readUpload(request, PDF_MAP_MAX_BYTES),
      );
    },
  );

  app.delete(
    `${BASE}/:id/pdf-map`,
    {
      schema: {
        tags: [TAG],
        summary: "Remove a location's PDF map",
        description: ACCESS.admin,
        params: idParams,
        response: { 200: locationSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.removePdfMap(db, await contentAccess(db, request, 'admin'), storage, request.params.id),
  );
}
