import {
  inboxItemSchema,
  inboxPageSchema,
  inboxQuerySchema,
  inboxUnreadSchema,
  pushPublicKeySchema,
  pushSubscriptionDeleteSchema,
  pushSubscriptionInputSchema,
  reminderSettingsSchema,
} from '@plenary/domain';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess } from '../../platform/event-access.js';
import { errors, eventParams, noContent } from '../../platform/http.js';
import type { ZodApp } from '../../platform/list.js';
import * as inbox from './inbox.service.js';
import * as repo from './notifications.repo.js';

export const PUSH_TAG = 'push';
export const INBOX_TAG = 'inbox';
const PARTICIPANTS =
  "The event's participants (staff who are not participants: 403; another tenant's event: 404).";
const itemParams = eventParams.extend({ inboxItemId: z.uuid() });
const subscribedSchema = z.object({ id: z.uuid() });

/** Web Push subscriptions, the participant's inbox and the event's reminder settings (README.md). */
export function notificationRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    '/push/public-key',
    {
      schema: {
        tags: [PUSH_TAG],
        summary: "The server's VAPID public key (applicationServerKey)",
        description: 'Any signed-in user. Base64url, for `PushManager.subscribe`.',
        response: { 200: pushPublicKeySchema, ...errors(401) },
      },
    },
    async (request) => {
      requireAuth(request);
      return { publicKey: deps.push.publicKey };
    },
  );

  app.put(
    '/events/:eventId/push/subscription',
    {
      schema: {
        tags: [PUSH_TAG],
        summary: "Register this browser's push subscription (upsert by endpoint)",
        description:
          'The body is `PushSubscription.toJSON()` (https endpoint, p256dh and auth keys) with an optional user agent. ' +
          'Also sent on `pushsubscriptionchange`. One subscription per browser: an endpoint registered by someone else ' +
          'now belongs to the caller. 201 when new, 200 when updated. Anyone with a role in the event (another tenant: 404).',
        params: eventParams,
        body: pushSubscriptionInputSchema,
        response: { 200: subscribedSchema, 201: subscribedSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'member');
      const body = request.body;
      const { id, created } = await db.transaction().execute((tx) =>
        repo.upsertSubscription(tx, {
          userId: access.ctx.principal.userId,
          eventId: access.event.id,
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          userAgent: body.userAgent ?? '',
        }),
      );
      reply.code(created ? 201 : 200);
      return { id };
    },
  );

  app.delete(
    '/events/:eventId/push/subscription',
    {
      schema: {
        tags: [PUSH_TAG],
        summary: "Remove this browser's push subscription",
        description:
          "The caller's subscription with this endpoint is deleted (204 also when there was none). Anyone with a role in the event (another tenant: 404).",
        params: eventParams,
        body: pushSubscriptionDeleteSchema,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'member');
      await db
        .transaction()
        .execute((tx) =>
          repo.deleteSubscriptionOfUser(tx, access.ctx.principal.userId, request.body.endpoint),
        );
      reply.code(204);
      return null;
    },
  );

  app.get(
    '/events/:eventId/inbox',
    {
      schema: {
        tags: [INBOX_TAG],
        summary: "The caller's inbox, newest first",
        description: `Keyset pages: pass \`nextCursor\` as \`cursor\`. With the unread count. ${PARTICIPANTS}`,
        params: eventParams,
        querystring: inboxQuerySchema,
        response: { 200: inboxPageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const who = await inbox.inboxAccess(db, request, request.params.eventId);
      return inbox.listInbox(db, who, request.query);
    },
  );

  app.get(
    '/events/:eventId/inbox/unread',
    {
      schema: {
        tags: [INBOX_TAG],
        summary: 'How many inbox items the caller has not read',
        description: `The badge; refetch on the realtime \`inbox.changed\` (user room). ${PARTICIPANTS}`,
        params: eventParams,
        response: { 200: inboxUnreadSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const who = await inbox.inboxAccess(db, request, request.params.eventId);
      return { unread: await inbox.unread(db, who) };
    },
  );

  app.post(
    '/events/:eventId/inbox/:inboxItemId/read',
    {
      schema: {
        tags: [INBOX_TAG],
        summary: 'Mark one inbox item read',
        description: `Idempotent. Another participant's item: 404. ${PARTICIPANTS}`,
        params: itemParams,
        response: { 200: inboxItemSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const who = await inbox.inboxAccess(db, request, request.params.eventId);
      return inbox.markRead(deps, who, request.params.inboxItemId);
    },
  );

  app.post(
    '/events/:eventId/inbox/read-all',
    {
      schema: {
        tags: [INBOX_TAG],
        summary: 'Mark every inbox item read',
        description: PARTICIPANTS,
        params: eventParams,
        response: { 200: inboxUnreadSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const who = await inbox.inboxAccess(db, request, request.params.eventId);
      await inbox.markAllRead(deps, who);
      return { unread: 0 };
    },
  );

  app.get(
    '/events/:eventId/reminder-settings',
    {
      schema: {
        tags: [INBOX_TAG],
        summary: 'Automatic reminders of the event (on/off, minutes before)',
        description: "Default: on, 10 minutes. Event admins and moderators (another tenant's event: 404).",
        params: eventParams,
        response: { 200: reminderSettingsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await eventAccess(db, request, request.params.eventId, 'read');
      return inbox.reminderSettings(db, access.event.id);
    },
  );

  app.put(
    '/events/:eventId/reminder-settings',
    {
      schema: {
        tags: [INBOX_TAG],
        summary: 'Set the automatic reminders of the event',
        description:
          'Push + inbox "starts in N minutes" for My Agenda sessions (enrolled or bookmarked) and accepted meetings, ' +
          "each sent once. Event admins (another tenant's event: 404).",
        params: eventParams,
        body: reminderSettingsSchema,
        response: { 200: reminderSettingsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      return inbox.saveReminderSettings(db, access.event.id, request.body);
    },
  );
}
