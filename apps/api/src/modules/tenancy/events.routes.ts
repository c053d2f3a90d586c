import {
  createEventSchema,
  eventFiltersSchema,
  eventSchema,
  idParamsSchema,
  updateEventSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { announceAgendaChangeOf } from '../agenda/index.js';
import { timeZoneOfAddress } from '../geo/index.js';
import { eventList } from './events.repo.js';
import * as service from './events.service.js';
import { gate, ROLE_GATES } from '../../platform/role-gates.js';
import { errors, noContent, TAG } from './tenancy.http.js';

/**
 * Super admins: every event; organisation admins: their organisations' events; hub admins: their
 * hubs' events; event admins: read and edit their own events (not create or delete).
 */
export function eventRoutes(app: ZodApp, { db, config, realtime }: AppDeps): void {
  const scope = (request: Parameters<typeof gate>[0]) => gate(request, ROLE_GATES.eventAdmin).principal;
  /** Address → time zone through the geo module (offline data, or the hosted service with MAPS_API_KEY), for create and update. */
  const deriveTimezone =
    (log: Parameters<typeof timeZoneOfAddress>[2]): service.DeriveTimezone =>
    async (address) =>
      (await timeZoneOfAddress(config, address, log))?.timezone;
  listRoute(app, '/events', {
    db,
    list: eventList,
    scope,
    record: eventSchema,
    tags: [TAG],
    summary: 'List events',
  });
  registerExport(app, 'events', { db, list: eventList, scope, tags: [TAG] });

  app.get(
    '/events/filters',
    {
      schema: {
        tags: [TAG],
        summary: "Options of the events list's filters, within the caller's scope",
        response: { 200: eventFiltersSchema, ...errors(401, 403) },
      },
    },
    async (request) => service.eventFilters(db, gate(request, ROLE_GATES.eventAdmin)),
  );
  app.post(
    '/events',
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Create an event',
        description:
          'timezone may be left out when an address is given: it is then derived from the address (as a PATCH with a new address does). ' +
          'Neither a timezone nor a non-blank address, or an address no time zone is found for, answers 400 with a message on the timezone field. A timezone given with an address wins.',
        body: createEventSchema,
        response: { 201: eventSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createEvent(
            db,
            gate(request, ROLE_GATES.hubAdmin),
            request.body,
            deriveTimezone(request.log),
          ),
        ),
  );
  app.get(
    '/events/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Get an event',
        params: idParamsSchema,
        response: { 200: eventSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.getEvent(db, gate(request, ROLE_GATES.eventAdmin), request.params.id),
  );
  app.patch(
    '/events/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Update an event',
        description:
          'A new start or end is checked against the other one (stored, or moved to a new timezone as below). A new eventHubId moves the event. A new address without a timezone sets the timezone from the address (unchanged when nothing matches). ' +
          'A new timezone (given or derived) keeps, with sessionTimes KEEP_LOCAL_TIMES (the default), the wall-clock times of every session of the event ' +
          "(and of each of the event's start and end that the body does not set): their instants move. KEEP_INSTANTS keeps the instants (the local times change).",
        params: idParamsSchema,
        body: updateEventSchema,
        response: { 200: eventSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateEvent(
        db,
        gate(request, ROLE_GATES.eventAdmin),
        request.params.id,
        request.body,
        deriveTimezone(request.log),
        (eventId) => announceAgendaChangeOf({ db, realtime }, eventId, { all: true }),
      ),
  );
  app.delete(
    '/events/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Delete an event',
        params: idParamsSchema,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteEvent(db, gate(request, ROLE_GATES.eventAdmin), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
