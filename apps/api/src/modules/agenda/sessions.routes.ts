import type { FastifyRequest } from 'fastify';
import {
  bulkUpdateResultSchema,
  createSessionSchema,
  listResponse,
  moderatorOptionsQuerySchema,
  moderatorOptionsSchema,
  sessionBulkUpdateSchema,
  sessionFiltersSchema,
  sessionSchema,
  updateSessionSchema,
  type SessionRecord,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import {
  registerExport,
  sendList,
  type ListDefinition,
  type ListField,
  type ListPage,
  type ZodApp,
} from '../../platform/list.js';
import { eventAccess, type EventNeed } from '../../platform/event-access.js';
import { errors, eventParams, noContent, sessionParams, TAG } from './agenda.http.js';
import { parseOr400 } from '../../platform/http.js';
import { filterOptions, moderatorOptions, sessionList, type SessionRow } from './sessions.repo.js';
import * as service from './sessions.service.js';

const BASE = '/events/:eventId/sessions';

/** The list's pages and batches with what SQL leaves to the service (label names, rule-audience counts). */
async function recordsPage(
  db: Db,
  eventId: string,
  page: ListPage<SessionRow>,
): Promise<ListPage<SessionRecord>> {
  if ('records' in page)
    return { total: page.total, records: await service.toRecords(db, eventId, page.records) };
  const stream = page.stream;
  return {
    total: page.total,
    stream: (async function* () {
      for await (const batch of stream) yield await service.toRecords(db, eventId, batch);
    })(),
  };
}

/** The export reads records (audience with label names, every count filled in). */
type Query = Parameters<typeof sessionList.rows>[2];
const exportList = {
  ...sessionList,
  fields: sessionList.fields as unknown as Record<string, ListField<SessionRecord>>,
  async *rows(
    db: Db,
    eventId: string,
    q: Query,
    opts?: { offset?: number; max?: number; batchSize?: number },
  ) {
    for await (const batch of sessionList.rows(db, eventId, q, opts))
      yield await service.toRecords(db, eventId, batch);
  },
} as unknown as ListDefinition<
  typeof sessionList extends ListDefinition<infer Q, string, unknown, SessionRow> ? Q : never,
  string,
  unknown,
  SessionRecord
>;
exportList.fields.audience = {
  label: 'Audience',
  cell: (r) =>
    r.audience.type === 'LABELS'
      ? r.audience.labels.map((l) => l.name).join(', ')
      : r.audience.type === 'RULES'
        ? `${r.audience.rules.length} rule(s)`
        : 'Everyone',
};

/**
 * Sessions, admin side: the list (search, filters, sort, View All), the record, create, update,
 * delete, bulk update, filter options and the export. Admins write; admins and moderators read.
 */
export function sessionRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const access = (request: FastifyRequest<{ Params: { eventId: string } }>, need: EventNeed) =>
    eventAccess(db, request, request.params.eventId, need);

  app.get(
    BASE,
    {
      schema: {
        tags: [TAG],
        summary: "List an event's sessions",
        description:
          `Search (${sessionList.searchFields.join(', ')}), filters (status, type, collectionId, locationId, breakoutId, enrollable, startAtFrom, startAtTo), ` +
          `sort (${sessionList.sortFields.join(', ')}; default startAt:asc, ties by id), pages (limit above 1000: View All, streamed). ` +
          "Times: instants (startAt, endAt) and the wall-clock date and time in the event's time zone (startDate, startTime, endDate, endTime, timeSlot). " +
          "audienceCount: participants the audience reaches (the breakout's when it is enrollable). Admins and moderators.",
        params: eventParams,
        querystring: sessionList.query,
        response: { 200: listResponse(sessionSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { event } = await access(request, 'read');
      const page = await sessionList.page(db, event.id, request.query);
      return sendList(reply, await recordsPage(db, event.id, page), sessionSchema) as never;
    },
  );

  registerExport(app, 'events/:eventId/sessions', {
    db,
    list: exportList,
    tags: [TAG],
    filename: 'sessions',
    scope: async (request) =>
      (await eventAccess(db, request, parseOr400(eventParams, request.params).eventId, 'read')).event.id,
  });

  app.post(
    BASE,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Create a session',
        description:
          "Dates YYYY-MM-DD and times hh:mm AM/PM, wall-clock in the event's time zone; the order messages of spec part 5 on the fields. " +
          "Speakers are participants of the event; moderators hold the event's moderator or admin role (new ones: invite-moderator). " +
          "Location, breakout, collections and materials must be the event's. Admins only.",
        params: eventParams,
        body: createSessionSchema,
        response: { 201: sessionSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSession(deps, await access(request, 'admin'), request.body)),
  );

  app.get(
    `${BASE}/filters`,
    {
      schema: {
        tags: [TAG],
        summary: 'Options of the session list filters',
        description:
          "Collections, locations, breakouts and the speakers of the event's sessions. Admins and moderators.",
        params: eventParams,
        response: { 200: sessionFiltersSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => filterOptions(db, (await access(request, 'read')).event.id),
  );

  app.get(
    `${BASE}/moderator-options`,
    {
      schema: {
        tags: [TAG],
        summary: "Accounts that may moderate the event's sessions (the moderator picker)",
        description:
          'Accounts with a moderator or admin membership of the event (userId, firstName, lastName, email), by last and first name; ' +
          'search matches first name, last name or e-mail; limit 1–100 (default 20). Admins.',
        params: eventParams,
        querystring: moderatorOptionsQuerySchema,
        response: { 200: moderatorOptionsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      options: await moderatorOptions(db, (await access(request, 'admin')).event.id, request.query),
    }),
  );

  app.patch(
    `${BASE}/update-options`,
    {
      schema: {
        tags: [TAG],
        summary: 'Change many sessions at once',
        description:
          'Status, enrollable, location, breakout, collections to add or remove, for up to 10,000 session ids (others are skipped). One transaction. Admins only.',
        params: eventParams,
        body: sessionBulkUpdateSchema,
        response: { 200: bulkUpdateResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.bulkUpdate(deps, await access(request, 'admin'), request.body),
  );

  app.get(
    `${BASE}/:sessionId`,
    {
      schema: {
        tags: [TAG],
        summary: 'One session',
        description: 'The record of the list. Admins and moderators.',
        params: sessionParams,
        response: { 200: sessionSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.getSession(db, (await access(request, 'read')).event.id, request.params.sessionId),
  );

  app.patch(
    `${BASE}/:sessionId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update a session',
        description:
          'Any fields; the four time fields go together. Capacity can not drop below the seats taken; more seats promote waitlisted participants in order ' +
          '(they get an e-mail and a realtime `enrollment.promoted`). Admins only.',
        params: sessionParams,
        body: updateSessionSchema,
        response: { 200: sessionSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateSession(deps, await access(request, 'admin'), request.params.sessionId, request.body),
  );

  app.delete(
    `${BASE}/:sessionId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a session',
        description: 'With its enrollments and check-ins. Admins only.',
        params: sessionParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteSession(deps, await access(request, 'admin'), request.params.sessionId);
      return reply.status(204).send(null);
    },
  );
}
