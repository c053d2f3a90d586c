import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '@plenary/domain';
import { canAccessEvent, canAdminEvent, canModerateEvent, type Principal } from './access.js';
import { writeContext, type WriteContext } from './audit.js';
import type { Db } from './db/index.js';
import { badRequest, forbidden, notFound } from './errors.js';
import { findEventRef, type EventRef } from './event-access.repo.js';

export type { EventRef };

/**
 * Who may use an event's routes (spec part 6 and the architecture guide), for every module:
 * - 'admin': event admins and the hub, organisation and super admins above the event;
 * - 'read': admins and the event's moderators (read the participants);
 * - 'member': anyone with a role in the event, participants included (directory, profiles, own profile).
 * Somebody with no role in the event (another tenant) gets 404, never 403: the event's existence is
 * not revealed. A role in the event that is too weak gets 403. No token: 401.
 */
export type EventNeed = 'admin' | 'read' | 'member';

export interface EventAccess {
  ctx: WriteContext;
  event: EventRef;
}

export function allowed(p: Principal, event: EventRef, need: EventNeed): boolean {
  if (need === 'admin') return canAdminEvent(p, event);
  if (need === 'read') return canModerateEvent(p, event);
  return canAccessEvent(p, event);
}

/** Events already read for a request: a request that checks access to an event twice reads it once. */
const eventsRead = new WeakMap<FastifyRequest, Map<string, Promise<EventRef | undefined>>>();

function requestEvents(request: FastifyRequest): Map<string, Promise<EventRef | undefined>> {
  let events = eventsRead.get(request);
  if (!events) eventsRead.set(request, (events = new Map()));
  return events;
}

/** Records an event read by another query (e.g. with its custom fields), so later checks in the request reuse it. */
export function rememberEvent(request: FastifyRequest, eventId: string, event: EventRef | undefined): void {
  requestEvents(request).set(eventId, Promise.resolve(event));
}

function readEvent(db: Db, request: FastifyRequest, eventId: string): Promise<EventRef | undefined> {
  const events = requestEvents(request);
  let event = events.get(eventId);
  if (!event) {
    event = findEventRef(db, eventId);
    events.set(eventId, event);
  }
  return event;
}

/** The access rule on an event already read: none or another tenant's → 404, too weak a role → 403. */
export function checkEventAccess(
  request: FastifyRequest,
  event: EventRef | undefined,
  need: EventNeed,
): EventAccess {
  const ctx = writeContext(request);
  if (!event || !canAccessEvent(ctx.principal, event)) throw notFound();
  if (!allowed(ctx.principal, event, need)) throw forbidden(MESSAGES.forbidden);
  return { ctx, event };
}

export async function eventAccess(
  db: Db,
  request: FastifyRequest,
  eventId: string,
  need: EventNeed,
): Promise<EventAccess> {
  writeContext(request); // 401 before any query
  return checkEventAccess(request, await readEvent(db, request, eventId), need);
}

const uuid = z.uuid();

/** The `eventId` path parameter of routes whose schema does not declare it (list routes): 400 unless a uuid. */
export function eventIdOf(request: FastifyRequest): string {
  const value = (request.params as Record<string, unknown> | undefined)?.eventId;
  const parsed = uuid.safeParse(value);
  if (!parsed.success) throw badRequest('eventId: Invalid UUID', { eventId: 'Invalid UUID' });
  return parsed.data;
}
