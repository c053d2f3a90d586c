import {
  createCustomQrCodeSchema,
  customQrCodeSchema,
  customQrScanResultSchema,
  qrPngQuerySchema,
  qrScanSchema,
  qrSheetQuerySchema,
  QR_EXPORT_SIZES,
  QR_SHEET_MAX_CODES,
  scanCustomQrCodeSchema,
  updateCustomQrCodeSchema,
} from '@plenary/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { errors, eventParams, fileResponse, noContent } from '../../platform/http.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { customQrCodeList } from './qr-codes.repo.js';
import { qrScanList } from './qr-scans.repo.js';
import * as service from './qr-codes.service.js';

export const TAG = 'qr-codes';
const CODES = '/events/:eventId/custom-qr-codes';
const codeParams = eventParams.extend({ codeId: z.uuid() });
const ADMINS = 'Event admins (and the hub, organisation and super admins above).';
const STAFF = 'Event admins and moderators.';
const PARTICIPANTS =
  "The event's participants (staff who are not participants: 403; another tenant's event: 404).";
const DPI = 'tagged 300 dpi (pHYs 11811 px/m)';

function sendFile(reply: FastifyReply, type: string, filename: string, body: Buffer) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body as never);
}

/** Custom QR codes: CRUD, PNG and PDF exports, scans by participants, the QR reports. */
export function qrCodeRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const staffScope = async (request: FastifyRequest) =>
    (await eventAccess(db, request, eventIdOf(request), 'read')).event.id;

  listRoute(app, CODES, {
    db,
    list: customQrCodeList,
    scope: staffScope,
    record: customQrCodeSchema,
    tags: [TAG],
    summary: `Custom QR codes, with how many participants scanned each and their scans. ${STAFF}`,
  });
  registerExport(app, 'custom-qr-codes', {
    db,
    list: customQrCodeList,
    scope: staffScope,
    tags: [TAG],
    path: `${CODES}/export`,
  });

  app.post(
    CODES,
    {
      schema: {
        tags: [TAG],
        summary: 'Create a custom QR code',
        description: `name (required), description, points (a whole number 0–100000; what a SCAN_QR task pays when above 0). ${ADMINS}`,
        params: eventParams,
        body: createCustomQrCodeSchema,
        response: { 201: customQrCodeSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      return reply.status(201).send(await service.createCode(db, access, request.body));
    },
  );

  app.get(
    `${CODES}/sheet`,
    {
      schema: {
        tags: [TAG],
        summary: 'Printable PDF sheet of custom QR codes',
        description: `A4 pages of six codes, each with its name, description and points. ids: comma-separated code ids (default every code of the event, at most ${QR_SHEET_MAX_CODES}). ${STAFF}`,
        params: eventParams,
        querystring: qrSheetQuerySchema,
        response: { 200: fileResponse('application/pdf'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'read');
      const pdf = await service.codesSheet(db, event.id, request.query.ids);
      return sendFile(reply, 'application/pdf', 'custom-qr-codes.pdf', pdf);
    },
  );

  app.get(
    '/events/:eventId/session-qr-codes/sheet',
    {
      schema: {
        tags: [TAG],
        summary: 'Printable PDF sheet of session QR codes',
        description: `A4 pages of six session check-in codes with the session's name and start. ids: comma-separated session ids (default every session, at most ${QR_SHEET_MAX_CODES}). ${STAFF}`,
        params: eventParams,
        querystring: qrSheetQuerySchema,
        response: { 200: fileResponse('application/pdf'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'read');
      const pdf = await service.sessionsSheet(db, event.id, request.query.ids);
      return sendFile(reply, 'application/pdf', 'session-qr-codes.pdf', pdf);
    },
  );

  app.post(
    `${CODES}/scan`,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Scan a custom QR code',
        description:
          '`{ qr, via }`: the scanned text and APP (the app scanner) or EXTERNAL (`/external-qr-code`). 400 on `qr` unless it is a ' +
          "CUSTOM_QR_CODE payload; another event's code or an unknown one: 404. The participant's first scan of a code publishes " +
          `qr.scanned (games pay SCAN_QR tasks from it); later scans count up. pointsEarned: what games paid for the code so far. ${PARTICIPANTS}`,
        params: eventParams,
        body: scanCustomQrCodeSchema,
        response: { 200: customQrScanResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.scanCode(db, await service.scannerAccess(db, request, request.params.eventId), request.body),
  );

  app.get(
    `${CODES}/:codeId/my-scan`,
    {
      schema: {
        tags: [TAG],
        summary: "The caller's scan of a custom QR code",
        description: `Scan count and the points games paid for it (404 before the first scan). ${PARTICIPANTS}`,
        params: codeParams,
        response: { 200: customQrScanResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.myScan(
        db,
        await service.scannerAccess(db, request, request.params.eventId),
        request.params.codeId,
      ),
  );

  app.get(
    `${CODES}/:codeId`,
    {
      schema: {
        tags: [TAG],
        summary: 'A custom QR code',
        description: STAFF,
        params: codeParams,
        response: { 200: customQrCodeSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'read');
      return service.codeRecord(db, event.id, request.params.codeId);
    },
  );

  app.patch(
    `${CODES}/:codeId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update a custom QR code',
        description: `Any subset of name, description, points. The printed code stays valid (it holds only the ids). ${ADMINS}`,
        params: codeParams,
        body: updateCustomQrCodeSchema,
        response: { 200: customQrCodeSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateCode(
        db,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.codeId,
        request.body,
      ),
  );

  app.delete(
    `${CODES}/:codeId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a custom QR code',
        description: `With its scans; points already earned stay in the games' ledgers. ${ADMINS}`,
        params: codeParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteCode(
        db,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.codeId,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${CODES}/:codeId/qr-code`,
    {
      schema: {
        tags: [TAG],
        summary: "The custom QR code's image (PNG)",
        description: `The payload {"type":"CUSTOM_QR_CODE","eventId","customQRCodeId"} as a PNG of exactly size × size pixels (size ${QR_EXPORT_SIZES.join(' or ')}), ${DPI}. ${STAFF}`,
        params: codeParams,
        querystring: qrPngQuerySchema,
        response: { 200: fileResponse('image/png'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'read');
      const png = await service.codePng(db, event.id, request.params.codeId, request.query.size);
      return sendFile(
        reply,
        'image/png',
        `custom-qr-${request.params.codeId}-${request.query.size}.png`,
        png,
      );
    },
  );

  // ── scans and the QR reports ──
  listRoute(app, '/events/:eventId/qr-scans', {
    db,
    list: qrScanList,
    scope: async (request) => ({ eventId: await staffScope(request) }),
    record: qrScanSchema,
    tags: [TAG],
    summary: `Scans of the event's QR codes: one row per participant and code (codeType, codeId filters). ${STAFF}`,
  });
  for (const [report, codeType] of [
    ['custom-qr-codes', 'CUSTOM_QR_CODE'],
    ['session-qr-codes', 'SESSION_QR_CODE'],
  ] as const)
    registerExport(app, `${report}-report`, {
      db,
      list: qrScanList,
      scope: async (request) => ({ eventId: await staffScope(request), codeType }),
      tags: [TAG],
      path: `/events/:eventId/reports/${report}`,
      filename: `${report}-report`,
    });
}
