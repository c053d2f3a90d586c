import type { FastifyRequest } from 'fastify';
import {
  agendaFiltersSchema,
  agendaViewQuerySchema,
  agendaViewSchema,
  sessionViewSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';
import { eventAccess } from '../../platform/event-access.js';
import { errors, eventParams, sessionParams, TAG } from './agenda.http.js';
import * as service from './views.service.js';

const BASE = '/events/:eventId/sessions/v2';
/** A JSON text answer goes out as it is (views.service agendaJson). */
const JSON_TYPE = 'application/json; charset=utf-8';

const VISIBILITY =
  "Participants see PUBLISHED sessions whose audience includes them (the breakout's audience when the breakout is enrollable; every collection's audience too); " +
  'the virtual link only when accessControl is OPEN or they are enrolled. Admins and moderators who do not take part see every published session, with no place.';

/** The participant app's agenda: by day in the event's zone, one session, upcoming, filter options. */
export function viewRoutes(app: ZodApp, { db }: AppDeps): void {
  const member = (request: FastifyRequest<{ Params: { eventId: string } }>) =>
    eventAccess(db, request, request.params.eventId, 'member');

  app.get(
    `${BASE}/view`,
    {
      schema: {
        tags: [TAG],
        summary: 'The agenda as the caller sees it',
        description:
          "`day` (YYYY-MM-DD, a day in the event's time zone; all days when absent), `search` (name, description), `collectionId`, `locationId`, `type` " +
          `(comma-separated: any of), \`mine\` (true: only sessions the caller is enrolled or waitlisted in — My Agenda). Ordered by start. ${VISIBILITY}`,
        params: eventParams,
        querystring: agendaViewQuerySchema,
        response: { 200: agendaViewSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .type(JSON_TYPE)
        .send((await service.agendaView(db, await member(request), request.query)) as never),
  );

  app.get(
    `${BASE}/upcoming-sessions`,
    {
      schema: {
        tags: [TAG],
        summary: 'Sessions starting in the next 13 days',
        description: `From now up to and including 13 days ahead (spec part 5), with the filters of the agenda (not \`day\`). ${VISIBILITY}`,
        params: eventParams,
        querystring: agendaViewQuerySchema.omit({ day: true }),
        response: { 200: agendaViewSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .type(JSON_TYPE)
        .send((await service.upcomingView(db, await member(request), request.query)) as never),
  );

  app.get(
    `${BASE}/view-filters`,
    {
      schema: {
        tags: [TAG],
        summary: "The agenda's filter options for the caller",
        description: `Days (in the event's zone), collections, locations and types of the sessions the caller sees. ${VISIBILITY}`,
        params: eventParams,
        response: { 200: agendaFiltersSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.viewFilters(db, await member(request)),
  );

  app.get(
    `${BASE}/:sessionId/view`,
    {
      schema: {
        tags: [TAG],
        summary: 'One session as the caller sees it',
        description: `With the caller's place (myState, waitlistPosition) and check-in. 404 for sessions the caller can not see. ${VISIBILITY}`,
        params: sessionParams,
        response: { 200: sessionViewSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.sessionView(db, await member(request), request.params.sessionId),
  );
}
