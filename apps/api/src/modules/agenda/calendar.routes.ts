import type { AppDeps } from '../../platform/deps.js';
import { eventAccess } from '../../platform/event-access.js';
import { fileResponse } from '../../platform/http.js';
import type { ZodApp } from '../../platform/list.js';
import { errors, eventParams, sessionParams, TAG } from './agenda.http.js';
import { myAgendaCalendar, sessionCalendar } from './calendar.service.js';

const BASE = '/events/:eventId/sessions';

/** Calendar files (.ics): one session, the caller's agenda. */
export function calendarRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    `${BASE}/v2/:sessionId/calendar.ics`,
    {
      schema: {
        tags: [TAG],
        summary: 'One session as a calendar file',
        description:
          'text/calendar (RFC 5545): UID, DTSTART/DTEND in UTC, SUMMARY, DESCRIPTION, LOCATION, URL. 404 for sessions the caller can not see.',
        params: sessionParams,
        response: { 200: fileResponse('text/calendar'), ...errors(400, 401, 403, 404) },
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
        response: { 200: fileResponse('text/calendar'), ...errors(400, 401, 403, 404) },
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
}
