import { bookmarkSchema, bookmarksSchema } from '@plenary/domain';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';
import { eventAccess } from '../../platform/event-access.js';
import { errors, eventParams, sessionParams, TAG } from './agenda.http.js';
import * as service from './bookmarks.service.js';

const BASE = '/events/:eventId/sessions/v2';
const WHO =
  'Anyone with a role in the event (participants, and admins or moderators looking at the participant app); bookmarks are per user. ' +
  "Another tenant's event or a session of another event: 404.";

/** Bookmarks: star any session into My Agenda, independent of enrollment. */
export function bookmarkRoutes(app: ZodApp, deps: AppDeps): void {
  const member = (request: FastifyRequest<{ Params: { eventId: string } }>) =>
    eventAccess(deps.db, request, request.params.eventId, 'member');

  app.get(
    `${BASE}/bookmarks`,
    {
      schema: {
        tags: [TAG],
        summary: "The caller's bookmarked sessions",
        description: `Ids of the sessions the caller bookmarked and can still see, by start time. ${WHO}`,
        params: eventParams,
        response: { 200: bookmarksSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.listBookmarks(deps, await member(request)),
  );

  app.put(
    `${BASE}/:sessionId/bookmark`,
    {
      schema: {
        tags: [TAG],
        summary: 'Bookmark a session',
        description:
          'Idempotent: bookmarking again answers the same. The change goes to the user room as `bookmark.changed`. ' +
          `404 for a session the caller can not see. ${WHO}`,
        params: sessionParams,
        response: { 200: bookmarkSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.setBookmark(deps, await member(request), request.params.sessionId, true),
  );

  app.delete(
    `${BASE}/:sessionId/bookmark`,
    {
      schema: {
        tags: [TAG],
        summary: 'Remove a bookmark',
        description: `Idempotent: removing a bookmark that is not there answers the same. The change goes to the user room as \`bookmark.changed\`. ${WHO}`,
        params: sessionParams,
        response: { 200: bookmarkSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.setBookmark(deps, await member(request), request.params.sessionId, false),
  );
}
