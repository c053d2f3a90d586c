import { MATERIAL_MAX_BYTES, materialSchema, updateMaterialSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { storageFor } from '../../platform/storage.js';
import {
  ACCESS,
  contentAccess,
  contentScope,
  errors,
  eventParams,
  idParams,
  noContent,
  readUpload,
  TAG,
  uploadGate,
} from './content.http.js';
import { materialList } from './materials.repo.js';
import * as service from './materials.service.js';

const BASE = '/events/:eventId/materials';
const TYPES =
  'Accepted (spec part 5), by extension AND content: images .jpeg/.jpg/.png, video .mp4/.m4v/.mov, audio .mp3/.m4a, .pdf, .ppt/.pptx; ' +
  `at most ${MATERIAL_MAX_BYTES / 1_000_000} MB (413). A file whose content is not of its extension's type is refused (400, field file).`;

const PARTICIPANTS =
  'A participant reads a material attached to no session, pinned on an interactive map, or attached to a session their agenda shows (404 for another), ' +
  'with sessionCount over those sessions.';

/** `events/{eventId}/materials`: files shown to participants (slides, videos, handouts). */
export function materialRoutes(app: ZodApp, { db, realtime, config }: AppDeps): void {
  const storage = storageFor(config);

  listRoute(app, BASE, {
    db,
    list: materialList,
    scope: (request) => contentScope(db, request, 'member'),
    record: materialSchema,
    tags: [TAG],
    summary: `An event's materials: file type, size, url, pins, sessionCount, createdBy/updatedBy names. Filter fileType=pdf,png,…. ${PARTICIPANTS} ${ACCESS.member}`,
  });
  registerExport(app, BASE.slice(1), {
    db,
    list: materialList,
    scope: (request) => contentScope(db, request, 'read'),
    tags: [TAG],
    filename: 'materials',
  });

  app.post(
    BASE,
    {
      config: { idempotent: 'handler' },
      schema: {
        tags: [TAG],
        summary: 'Upload a material',
        description: `multipart/form-data: "file", "name" (required), "description". ${TYPES} ${ACCESS.admin}`,
        params: eventParams,
        consumes: ['multipart/form-data'],
        response: { 201: materialSchema, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const a = await contentAccess(db, request, 'admin');
      const upload = await readUpload(request, MATERIAL_MAX_BYTES);
      if (await uploadGate(request, reply, upload)) return reply;
      return reply.status(201).send(await service.createMaterial(db, a, storage, upload));
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'A material',
        description: `${PARTICIPANTS} ${ACCESS.member}`,
        params: idParams,
        response: { 200: materialSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.getMaterial(db, await contentScope(db, request, 'member'), request.params.id),
  );

  app.patch(
    `${BASE}/:id`,
    {
      schema: {
        tags: [TAG],
        summary: "Update a material's name or description",
        description: `JSON; PUT …/file replaces the file. A new name sends agenda.changed for the published sessions it is attached to. ${ACCESS.admin}`,
        params: idParams,
        body: updateMaterialSchema,
        response: { 200: materialSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateMaterial(
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
        summary: "Replace a material's file",
        description: `multipart/form-data, the file in "file". ${TYPES} The previous file is removed; agenda.changed names the published sessions it is attached to. ${ACCESS.admin}`,
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: materialSchema, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const a = await contentAccess(db, request, 'admin');
      return service.replaceFile(
        { db, realtime },
        a,
        storage,
        request.params.id,
        await readUpload(request, MATERIAL_MAX_BYTES),
      );
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a material',
        description: `409 while sessions or map pins use it. The file is removed. ${ACCESS.admin}`,
        params: idParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteMaterial(db, await contentAccess(db, request, 'admin'), storage, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
