import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { MESSAGES, type CustomFieldDef } from '@plenary/domain';
import { canAccessEvent, canAdminEvent, canModerateEvent, type Principal } from '../../platform/access.js';
import { writeContext, type WriteContext } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { toDef } from './custom-fields.repo.js';

/**
 * Who may use the attendees routes of an event (spec part 6 and the architecture guide):
 * - 'admin': event admins and the hub, organisation and super admins above the event;
 * - 'read': admins and the event's moderators (read the participants);
 * - 'member': anyone with a role in the event, participants included (directory, profiles, own profile).
 * Somebody with no role in the event (another tenant) gets 404, never 403: the event's existence is
 * not revealed. A role in the event that is too weak gets 403. No token: 401.
 */
export type EventNeed = 'admin' | 'read' | 'member';

export interface EventRef {
  id: string;
  name: string;
  eventHubId: string;
  organizationId: string;
}

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

function remember(request: FastifyRequest, eventId: string, event: EventRef | undefined): void {
  requestEvents(request).set(eventId, Promise.resolve(event));
}

function readEvent(db: Db, request: FastifyRequest, eventId: string): Promise<EventRef | undefined> {
  const events = requestEvents(request);
  let event = events.get(eventId);
  if (!event) {
    event = db
      .selectFrom('events')
      .select(['id', 'name', 'eventHubId', 'organizationId'])
      .where('id', '=', eventId)
      .executeTakeFirst();
    events.set(eventId, event);
  }
  return event;
}

function check(request: FastifyRequest, event: EventRef | undefined, need: EventNeed): EventAccess {
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
  return check(request, await readEvent(db, request, eventId), need);
}

/**
 * eventAccess and the event's custom fields (definitions, in their order) in one statement: the
 * participants list needs both on every request.
 */
export async function eventAccessWithFields(
  db: Db,
  request: FastifyRequest,
  eventId: string,
  need: EventNeed,
): Promise<EventAccess & { fields: CustomFieldDef[] }> {
  writeContext(request);
  const row = await db
    .selectFrom('events as e')
    .select((eb) => [
      'e.id',
      'e.name',
      'e.eventHubId',
      'e.organizationId',
      jsonArrayFrom(
        eb
          .selectFrom('customFields as cf')
          .select(['cf.id', 'cf.name', 'cf.dataType', 'cf.settings'])
          .whereRef('cf.eventId', '=', 'e.id')
          .orderBy('cf.position')
          .orderBy('cf.id'),
      ).as('fields'),
    ])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
  const event = row && {
    id: row.id,
    name: row.name,
    eventHubId: row.eventHubId,
    organizationId: row.organizationId,
  };
  remember(request, eventId, event);
  return { ...check(request, event, need), fields: row ? row.fields.map(toDef) : [] };
}

const uuid = z.uuid();

/** The `eventId` path parameter of routes whose schema does not declare it (list routes): 400 unless a uuid. */
export function eventIdOf(request: FastifyRequest): string {
  const value = (request.params as Record<string, unknown> | undefined)?.eventId;
  const parsed = uuid.safeParse(value);
  if (!parsed.success) throw badRequest('eventId: Invalid UUID', { eventId: 'Invalid UUID' });
  return parsed.data;
}
