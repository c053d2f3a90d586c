import type { InboxItem, InboxPage, ReminderSettings } from '@plenary/domain';
import { DEFAULT_REMINDER_SETTINGS } from '@plenary/domain';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/index.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { eventAccess } from '../../platform/event-access.js';
import type { Realtime } from '../../platform/realtime.js';
import { rooms } from '../../platform/realtime.js';
import { participantIdOfUser } from '../attendees/index.js';
import * as repo from './notifications.repo.js';

export interface InboxAccess {
  eventId: string;
  userId: string;
  participantId: string;
}

/** The caller as a participant of the event (another tenant's event: 404; staff who are not participants: 403). */
export async function inboxAccess(db: Db, request: FastifyRequest, eventId: string): Promise<InboxAccess> {
  const access = await eventAccess(db, request, eventId, 'member');
  const participantId = await participantIdOfUser(db, access.event.id, access.ctx.principal.userId);
  if (!participantId) throw forbidden('Only participants of the event have an inbox');
  return { eventId: access.event.id, userId: access.ctx.principal.userId, participantId };
}

const toItem = (r: repo.InboxRow): InboxItem => ({
  id: r.id,
  communicationId: r.communicationId,
  title: r.title,
  body: r.body,
  url: r.url,
  createdAt: r.createdAt,
  readAt: r.readAt,
});

const cursorOf = (r: repo.InboxRow) => `${r.createdAt.toISOString()}_${r.id}`;

export async function listInbox(
  db: Db,
  who: InboxAccess,
  query: { cursor?: string | undefined; limit: number },
): Promise<InboxPage> {
  let after: { createdAt: Date; id: string } | undefined;
  if (query.cursor) {
    const [at, id] = query.cursor.split('_') as [string, string];
    const createdAt = new Date(at);
    if (!Number.isNaN(createdAt.getTime())) after = { createdAt, id };
  }
  const rows = await repo.listInbox(db, who.participantId, query.limit + 1, after);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > query.limit ? cursorOf(page.at(-1)!) : null,
    unread: await repo.unreadCount(db, who.participantId),
  };
}

export const unread = (db: Db, who: InboxAccess) => repo.unreadCount(db, who.participantId);

export async function markRead(deps: Pick<AppDeps, 'db' | 'realtime'>, who: InboxAccess, itemId: string) {
  const row = await deps.db.transaction().execute((tx) => repo.markRead(tx, who.participantId, itemId));
  if (!row) throw notFound('Inbox item not found');
  announceInboxItems(deps.realtime, [who.userId], who.eventId);
  return toItem(row);
}

export async function markAllRead(deps: Pick<AppDeps, 'db' | 'realtime'>, who: InboxAccess) {
  await deps.db.transaction().execute((tx) => repo.markAllRead(tx, who.participantId));
  announceInboxItems(deps.realtime, [who.userId], who.eventId);
}

// ── for other modules (index.ts) ──

/** Inserts inbox items in the caller's transaction (announce them with `announceInboxItems` after commit); their ids. */
export function addInboxItems(tx: Db, items: repo.NewInboxItem[]): Promise<string[]> {
  return repo.insertInboxItems(tx, items);
}

/** After commit: `inbox.changed` to each user's room (clients refetch the unread badge and the list). */
export function announceInboxItems(realtime: Realtime, userIds: Iterable<string>, eventId?: string): void {
  for (const userId of new Set(userIds)) {
    realtime.emit(rooms.user(userId), 'inbox.changed', { eventId: eventId ?? null });
  }
}

/** Device subscriptions of these participants (their users' browsers). */
export const pushTargets = (db: Db, participantIds: string[]) =>
  repo.subscriptionsOfParticipants(db, participantIds);

/** After a 404/410 from the push service. */
export const dropSubscription = (db: Db, endpoint: string) => repo.deleteSubscription(db, endpoint);

export const userIdsOfParticipants = (db: Db, participantIds: string[]) =>
  repo.userIdsOfParticipants(db, participantIds);

// ── reminder settings ──

export async function reminderSettings(db: Db, eventId: string): Promise<ReminderSettings> {
  return (await repo.readReminderSettings(db, eventId)) ?? DEFAULT_REMINDER_SETTINGS;
}

export async function saveReminderSettings(
  db: Db,
  eventId: string,
  s: ReminderSettings,
): Promise<ReminderSettings> {
  await db.transaction().execute((tx) => repo.writeReminderSettings(tx, eventId, s));
  return s;
}
