import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createDirectorySchema,
  directoryItemSchema,
  directorySchema,
  profilePrivacySchema,
  updateDirectorySchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { errors, eventParams, noContent } from '../../platform/http.js';
import { listRoute, type ZodApp } from '../../platform/list.js';
import { directoryItemList } from './directories-items.repo.js';
import { directoryList } from './directories.repo.js';
import * as service from './directories.service.js';

export const DIRECTORIES_TAG = 'directories';
const TAGS = [DIRECTORIES_TAG];
const BASE = '/events/:eventId/directories';
const ADMINS = 'Event admins (and the hub, organisation and super admins above).';
const MEMBERS = 'Anyone with a role in the event.';
const ARGUMENTS =
  "Participants get the filter's arguments (sessionIds, labelIds, customFieldValues, sessions, labels) empty: they are the organisers'.";
const directoryParams = eventParams.extend({ directoryId: z.uuid() });

/** The `directoryId` of the items list (its schema declares no params): 400 unless a uuid. */
function directoryIdOf(request: FastifyRequest): string {
  const parsed = z.uuid().safeParse((request.params as Record<string, unknown> | undefined)?.directoryId);
  if (!parsed.success) throw badRequest('directoryId: Invalid UUID', { directoryId: 'Invalid UUID' });
  return parsed.data;
}

const SORT_FIELD = {
  LAST_NAME: 'lastName:asc',
  FIRST_NAME: 'firstName:asc',
  COMPANY: 'company:asc',
} as const;

/** Directories (issue 13) and profile privacy; README.md in this folder has the route table. */
export function directoryRoutes(app: ZodApp, { db }: AppDeps): void {
  listRoute(app, BASE, {
    db,
    list: directoryList,
    scope: async (request) =>
      service.directoryScope(await eventAccess(db, request, eventIdOf(request), 'member')),
    record: directorySchema,
    tags: TAGS,
    summary: `An event's directories (default order: position, then id); filter view=GRID,… and filter=CUSTOM,…. ${MEMBERS} ${ARGUMENTS}`,
  });

  app.post(
    BASE,
    {
      schema: {
        tags: TAGS,
        summary: 'Create a directory',
        description:
          "sessionIds, labelIds, customFieldValues[].fieldId and custom field ids in shownFields must be the event's ('Please select value' on the field otherwise). " +
          `SESSION_SPEAKERS needs sessions, CUSTOM labels or custom-field values. ${ADMINS}`,
        params: eventParams,
        body: createDirectorySchema,
        response: { 201: directorySchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      return reply.status(201).send(await service.createDirectory(db, access, request.body));
    },
  );

  app.get(
    `${BASE}/:directoryId`,
    {
      schema: {
        tags: TAGS,
        summary: 'A directory',
        description: `${MEMBERS} ${ARGUMENTS}`,
        params: directoryParams,
        response: { 200: directorySchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const access = await eventAccess(db, request, request.params.eventId, 'member');
      return service.getDirectory(db, service.directoryScope(access), request.params.directoryId);
    },
  );

  app.patch(
    `${BASE}/:directoryId`,
    {
      schema: {
        tags: TAGS,
        summary: 'Update a directory',
        description: `Any subset of the fields; the result is checked as on create. ${ADMINS}`,
        params: directoryParams,
        body: updateDirectorySchema,
        response: { 200: directorySchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateDirectory(
        db,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.directoryId,
        request.body,
      ),
  );

  app.delete(
    `${BASE}/:directoryId`,
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a directory',
        description: ADMINS,
        params: directoryParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteDirectory(
        db,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.directoryId,
      );
      return reply.status(204).send(null);
    },
  );

  listRoute(app, `${BASE}/:directoryId/items`, {
    db,
    list: directoryItemList,
    scope: async (request) => {
      const access = await eventAccess(db, request, eventIdOf(request), 'member');
      const { scope, directory } = await service.itemsScope(db, access, directoryIdOf(request));
      // Without a sort of its own, the page is in the directory's order.
      const query = request.query as { sort?: string };
      query.sort ??= SORT_FIELD[directory.sort];
      return scope;
    },
    record: directoryItemSchema,
    tags: TAGS,
    summary:
      "The people of a directory: the event's participants the directory's filter selects (BUSINESS_CARD_EXCHANGED: the caller's contacts), " +
      "hidden profiles left out, each with the fields the directory shows (others '' or null; custom fields: the shown ones marked showInProfile). " +
      `Default order: the directory's sort. ${MEMBERS}`,
  });

  app.get(
    '/events/:eventId/participants/user-profile/privacy',
    {
      schema: {
        tags: TAGS,
        summary: "Whether the caller's profile in this event is hidden",
        description:
          'The event\'s participants; 404 when the caller is none ("You are not a participant of this event").',
        params: eventParams,
        response: { 200: profilePrivacySchema, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      service.getPrivacy(db, await eventAccess(db, request, request.params.eventId, 'member')),
  );

  app.put(
    '/events/:eventId/participants/user-profile/privacy',
    {
      schema: {
        tags: TAGS,
        summary: "Hide or show the caller's profile in this event",
        description:
          'A hidden profile is listed in no directory nor the People list, its public profile is 404 to other participants (staff still see it), ' +
          "and the cards, chat and meetings parts refuse to reach it. The event's participants; 404 when the caller is none.",
        params: eventParams,
        body: profilePrivacySchema,
        response: { 200: profilePrivacySchema, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      service.setPrivacy(db, await eventAccess(db, request, request.params.eventId, 'member'), request.body),
  );
}
