import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  commitImportSchema,
  IMPORT_MESSAGES,
  IMPORT_UPLOAD_FIELD,
  importErrorsQuerySchema,
  importErrorsResponseSchema,
  importListRecordSchema,
  importParamsSchema,
  importRecordSchema,
  importTableParamsSchema,
  importTablesResponseSchema,
  importTemplateQuerySchema,
  updateImportSchema,
  verifyImportSchema,
} from '@plenary/domain';
import { checkText } from '../../platform/boundary.js';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses as errors, HttpError, notFound } from '../../platform/errors.js';
import { idempotencyGate } from '../../platform/idempotency.js';
import { listRoute, type ZodApp } from '../../platform/list.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { IMPORT_MAX_FILE_BYTES } from './files.js';
import * as repo from './imports.repo.js';
import * as service from './imports.service.js';
import { errorsFile } from './spreadsheets.js';

const TAG = 'imports';
const BASE = '/events/:eventId/imports';
const eventParams = z.object({ eventId: z.uuid() });
const ACCESS =
  'Event admins of the event and above (hub, organisation, super admin); moderators and participants 403, another tenant 404.';
const binary = (types: string[]) => ({
  description: 'The file',
  content: Object.fromEntries(types.map((t) => [t, { schema: z.string() }])),
});
const SPREADSHEETS = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

async function uploadedFile(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  const missing = () =>
    new HttpError(400, IMPORT_MESSAGES.fileMissing, { [IMPORT_UPLOAD_FIELD]: IMPORT_MESSAGES.fileMissing });
  let file;
  try {
    file = await request.file({ limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1 } });
  } catch {
    throw missing();
  }
  if (!file || file.fieldname !== IMPORT_UPLOAD_FIELD) throw missing();
  checkText({ [IMPORT_UPLOAD_FIELD]: file.filename });
  try {
    return { fileName: file.filename, bytes: await file.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, IMPORT_MESSAGES.fileTooLarge, { file: IMPORT_MESSAGES.fileTooLarge });
    throw err;
  }
}

const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`;

export function importRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const admin = (request: FastifyRequest, eventId: string) => eventAccess(db, request, eventId, 'admin');

  app.get(
    `${BASE}/tables`,
    {
      schema: {
        tags: [TAG],
        summary: 'Tables that can be imported, with their columns',
        description: `User: the standard fields and the event's custom fields. ${ACCESS}`,
        params: eventParams,
        response: { 200: importTablesResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const a = await admin(request, request.params.eventId);
      return { tables: await service.listTables(deps, a.event.id) };
    },
  );

  listRoute(app, BASE, {
    db,
    list: repo.importList,
    scope: async (request) => (await admin(request, eventIdOf(request))).event.id,
    record: importListRecordSchema,
    tags: [TAG],
    summary: `History of the event's imports: file, table, status, counts, who and when. Filters table=User,… and status=COMPLETED,…. ${ACCESS}`,
  });

  app.get(
    `${BASE}/:table/template`,
    {
      schema: {
        tags: [TAG],
        summary: 'Template of a table (xlsx; csv too for User)',
        description: `Header row = the columns (custom fields included). xlsx adds an "Instructions" sheet. ${ACCESS}`,
        params: importTableParamsSchema,
        querystring: importTemplateQuerySchema,
        response: { 200: binary(SPREADSHEETS), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const a = await admin(request, request.params.eventId);
      const file = await service.template(deps, a.event.id, request.params.table, request.query.format);
      return reply
        .type(file.contentType)
        .header('content-disposition', attachment(file.fileName))
        .send(file.body as never);
    },
  );

  app.post(
    `${BASE}/:table`,
    {
      config: { idempotent: 'handler' },
      schema: {
        tags: [TAG],
        summary: 'Upload a file to import',
        description:
          `multipart/form-data, the file in the field "file". Checked before parsing: extension allowed for the table, content of that type, ` +
          `at most ${IMPORT_MAX_FILE_BYTES / 1_000_000} MB (413), for xlsx the unpacked size and entry count (zip bombs refused) and the rows the sheet claims; ` +
          `at most 100,000 rows. Answers the import with its headers and the mapping matched by header. ${ACCESS}`,
        params: importTableParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: importRecordSchema, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const a = await admin(request, request.params.eventId);
      service.tableDefOr404(request.params.table);
      const { fileName, bytes } = await uploadedFile(request);
      // The multipart body is read here, so the Idempotency-Key is checked here: same file and name, same import.
      if (
        await idempotencyGate(request, reply, {
          fileName,
          sha256: createHash('sha256').update(bytes).digest('hex'),
        })
      )
        return reply;
      return reply
        .status(201)
        .send(await service.upload(deps, a.ctx, a.event.id, request.params.table, fileName, bytes));
    },
  );

  const byId = { params: importParamsSchema };

  app.get(
    `${BASE}/:importId`,
    {
      schema: {
        tags: [TAG],
        summary: 'An import: status, progress, counts (poll while VERIFYING or IMPORTING)',
        description: ACCESS,
        ...byId,
        response: { 200: importRecordSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const a = await admin(request, request.params.eventId);
      return service.getImport(deps, a.event.id, request.params.importId);
    },
  );

  app.patch(
    `${BASE}/:importId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Change the column mapping (back to UPLOADED)',
        description: `Columns left out keep their header. 409 unless UPLOADED, VERIFIED, INVALID or FAILED. ${ACCESS}`,
        ...byId,
        body: updateImportSchema,
        response: { 200: importRecordSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const a = await admin(request, request.params.eventId);
      return service.updateMapping(deps, a.event.id, request.params.importId, request.body.mapping);
    },
  );

  app.post(
    `${BASE}/:importId/verify`,
    {
      schema: {
        tags: [TAG],
        summary: 'Verify every row (a job)',
        description: `Optionally saves a mapping first. Answers 202 with the import VERIFYING. ${ACCESS}`,
        ...byId,
        body: verifyImportSchema.optional(),
        response: { 202: importRecordSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const a = await admin(request, request.params.eventId);
      return reply
        .status(202)
        .send(
          await service.startVerify(deps, a.ctx, a.event.id, request.params.importId, request.body?.mapping),
        );
    },
  );

  app.post(
    `${BASE}/:importId/commit`,
    {
      schema: {
        tags: [TAG],
        summary: 'Import the verified rows, all or nothing (a job)',
        description: `Needs VERIFIED, or INVALID with skipInvalidRows. Answers 202 with the import IMPORTING. ${ACCESS}`,
        ...byId,
        body: commitImportSchema.optional(),
        response: { 202: importRecordSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const a = await admin(request, request.params.eventId);
      return reply
        .status(202)
        .send(
          await service.startCommit(
            deps,
            a.ctx,
            a.event.id,
            request.params.importId,
            request.body?.skipInvalidRows ?? false,
          ),
        );
    },
  );

  app.delete(
    `${BASE}/:importId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Discard an import that is not committed',
        description: `CANCELLED; a running verify stops; the file and staged rows are removed. ${ACCESS}`,
        ...byId,
        response: { 200: importRecordSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const a = await admin(request, request.params.eventId);
      return service.discard(deps, a.ctx, a.event.id, request.params.importId);
    },
  );

  app.get(
    `${BASE}/:importId/errors`,
    {
      schema: {
        tags: [TAG],
        summary: 'Rows with errors, with a message per cell',
        description: ACCESS,
        ...byId,
        querystring: importErrorsQuerySchema,
        response: { 200: importErrorsResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const a = await admin(request, request.params.eventId);
      const record = await service.getImport(deps, a.event.id, request.params.importId);
      return {
        records: await repo.errorPage(db, record.id, request.query.page, request.query.limit),
        total: record.counts.errors,
      };
    },
  );

  app.get(
    `${BASE}/:importId/errors/file`,
    {
      schema: {
        tags: [TAG],
        summary: 'The rows with errors as a file to fix and upload again',
        description: `Same format as the upload, the file's columns plus "Errors". ${ACCESS}`,
        ...byId,
        response: { 200: binary(SPREADSHEETS), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const a = await admin(request, request.params.eventId);
      const record = await service.getImport(deps, a.event.id, request.params.importId);
      if (record.counts.errors === 0 && record.status !== 'INVALID')
        throw notFound('This import has no rows with errors');
      const base = record.fileName.replace(/\.[^.]*$/, '');
      return (
        reply
          .type(record.fileType === 'csv' ? 'text/csv; charset=utf-8' : SPREADSHEETS[1]!)
          .header('content-disposition', attachment(`${base}-errors.${record.fileType}`))
          // The 200 schema documents binary content; the stream is sent as it is.
          .send(errorsFile(record.headers, record.fileType, repo.errorBatches(db, record.id)) as never)
      );
    },
  );
}
