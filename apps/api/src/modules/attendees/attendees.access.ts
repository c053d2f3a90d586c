import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '@plenary/domain';
import { canAccessEvent, canAdminEvent, canModerateEvent, type Principal } from '../../platform/access.js';
import { writeContext, type WriteContext } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';

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

export async function eventAccess(db: Db, request: FastifyRequest, eventId: string, need: EventNeed): Promise<EventAccess> {
  const ctx = writeContext(request);
  const event = await db.selectFrom('events').select(['id', 'name', 'eventHubId', 'organizationId']).where('id', '=', eventId).executeTakeFirst();
  if (!event || !canAccessEvent(ctx.principal, event)) throw notFound();
  if (!allowed(ctx.principal, event, need)) throw forbidden(MESSAGES.forbidden);
  return { ctx, event };
}

const uuid = z.uuid();

/** The `eventId` path parameter of routes whose schema does not declare it (list routes): 400 unless a uuid. */
export function eventIdOf(request: FastifyRequest): string {
  const value = (request.params as Record<string, unknown> | undefined)?.eventId;
  const parsed = uuid.safeParse(value);
  if (!parsed.success) throw badRequest('eventId: Invalid UUID', { eventId: 'Invalid UUID' });
  return parsed.data;
}
