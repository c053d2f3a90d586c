import { QR_EXPORT_SIZES, sessionCheckInResultSchema, sessionCheckInSchema } from '@plenary/domain';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';
import { eventAccess } from '../../platform/event-access.js';
import { fileResponse } from '../../platform/http.js';
import { errors, eventParams, sessionParams, TAG } from './agenda.http.js';
import { scanCheckIn, sessionQrPng } from './checkin.service.js';
import { participantAccess } from './enrollment.service.js';

const BASE = '/events/:eventId/sessions';
const qrQuery = z.object({
  size: z.coerce
    .number()
    .refine(
      (n) => (QR_EXPORT_SIZES as readonly number[]).includes(n),
      `Size must be one of ${QR_EXPORT_SIZES.join(', ')}`,
    )
    .default(QR_EXPORT_SIZES[0])
    .transform((n) => n as (typeof QR_EXPORT_SIZES)[number]),
});
/** Check-in by QR code: the session's code (PNG) and the participant's scan. */
export function checkInRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    `${BASE}/:sessionId/qr-code`,
    {
      schema: {
        tags: [TAG],
        summary: "The session's QR code (PNG)",
        description: `The payload {"type":"SESSION_QR_CODE","eventId","sessionId"} as a PNG of size × size pixels (size ${QR_EXPORT_SIZES.join(' or ')}; default ${QR_EXPORT_SIZES[0]}), tagged 300 dpi. Admins and moderators.`,
        params: sessionParams,
        querystring: qrQuery,
        response: { 200: fileResponse('image/png'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'read');
      const png = await sessionQrPng(db, event.id, request.params.sessionId, request.query.size);
      return reply
        .type('image/png')
        .header(
          'content-disposition',
          `attachment; filename="session-qr-${request.params.sessionId}-${request.query.size}.png"`,
        )
        .send(png as never);
    },
  );

  app.post(
    `${BASE}/check-in`,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Check in by scanning a session QR code',
        description:
          '`{ qr }`: the scanned text. The caller (a participant) is checked in to the session it names. 400 on `qr` for a code that is not a session code or ' +
          'belongs to another event; 404 for a session the caller can not see; 403 when the session is for enrolled participants only and the caller has no seat. ' +
          'Scanning again answers the first check-in with alreadyCheckedIn.',
        params: eventParams,
        body: sessionCheckInSchema,
        response: { 200: sessionCheckInResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      scanCheckIn(deps, await participantAccess(db, request, request.params.eventId), request.body.qr),
  );
}
