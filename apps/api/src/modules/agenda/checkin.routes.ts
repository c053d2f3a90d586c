import {
  QR_EXPORT_SIZES,
  sessionCheckInResultSchema,
  sessionCheckInSchema,
  sessionSchema,
  inviteModeratorSchema,
} from '@plenary/domain';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';
import { eventAccess } from '../../platform/event-access.js';
import { errors, eventParams, sessionParams, TAG } from './agenda.http.js';
import { myAgendaCalendar, sessionCalendar } from './calendar.service.js';
import { scanCheckIn, sessionQrPng } from './checkin.service.js';
import { participantAccess } from './enrollment.service.js';
import { inviteModerator } from './moderators.service.js';

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
const file = (type: string) => ({
  description: `The file (${type})`,
  content: { [type]: { schema: z.string() } },
});

/** QR codes and check-in, calendar files, moderator invitations. */
export function checkInRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    `${BASE}/:sessionId/qr-code`,
    {
      schema: {
        tags: [TAG],
        summary: "The session's QR code (PNG)",
        description: `The payload {"type":"SESSION_QR_CODE","eventId","sessionId"} as a PNG of size × size pixels (size ${QR_EXPORT_SIZES.join(' or ')}; default ${QR_EXPORT_SIZES[0]}). Admins and moderators.`,
        params: sessionParams,
        querystring: qrQuery,
        response: { 200: file('image/png'), ...errors(400, 401, 403, 404) },
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

  app.get(
    `${BASE}/v2/:sessionId/calendar.ics`,
    {
      schema: {
        tags: [TAG],
        summary: 'One session as a calendar file',
        description:
          'text/calendar (RFC 5545): UID, DTSTART/DTEND in UTC, SUMMARY, DESCRIPTION, LOCATION, URL. 404 for sessions the caller can not see.',
        params: sessionParams,
        response: { 200: file('text/calendar'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const body = await sessionCalendar(
        deps,
        await eventAccess(db, request, request.params.eventId, 'member'),
        request.params.sessionId,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="session-${request.params.sessionId}.ics"`)
        .send(body);
    },
  );

  app.get(
    `${BASE}/v2/my-agenda.ics`,
    {
      schema: {
        tags: [TAG],
        summary: "The caller's agenda as a calendar file",
        description:
          'Every session the caller is enrolled or waitlisted in, one VEVENT each (see calendar.ics).',
        params: eventParams,
        response: { 200: file('text/calendar'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const body = await myAgendaCalendar(
        deps,
        await eventAccess(db, request, request.params.eventId, 'member'),
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="my-agenda.ics"')
        .send(body);
    },
  );

  app.post(
    `${BASE}/:sessionId/invite-moderator`,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Invite a moderator to a session',
        description:
          "Finds the account by e-mail or creates one (without a password), gives it the event's moderator role unless it has a role in the event, adds it to the " +
          "session's moderators and e-mails a single-use link `<origin>/moderate/{sessionId}/{token}` (valid 72 hours; earlier unused ones stop working). " +
          'Answers the session. Admins only.',
        params: sessionParams,
        body: inviteModeratorSchema,
        response: { 200: sessionSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      inviteModerator(
        deps,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.sessionId,
        request.body,
      ),
  );
}
