import {
  dateOrderIssues,
  DEFAULT_SESSION_TIMES,
  MESSAGES,
  TENANCY_MESSAGES,
  type CreateEvent,
  type EventFilters,
  type EventRecord,
  type UpdateEvent,
} from '@plenary/domain';
import { canAdminHub } from '../../platform/access.js';
import { audit, type WriteContext } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { auditMany } from '../../platform/audit.repo.js';
import { findHub } from './event-hubs.repo.js';
import * as repo from './events.repo.js';

const ENTITY = 'event';
/** The agenda's audit entity for sessions (sessions.service.ts). */
const SESSION_ENTITY = 'session';

export async function getEvent(db: Db, ctx: WriteContext, id: string): Promise<EventRecord> {
  const record = await repo.eventList.byId(db, ctx.principal, id);
  if (!record) throw notFound();
  return record;
}

export const eventFilters = (db: Db, ctx: WriteContext): Promise<EventFilters> =>
  repo.filterOptions(db, ctx.principal);

/** The hub an event goes into: one the caller administers, else 404 on the field. */
async function targetHub(
  db: Db,
  ctx: WriteContext,
  eventHubId: string,
): Promise<{ id: string; organizationId: string }> {
  const hub = await findHub(db, eventHubId);
  if (!hub || !canAdminHub(ctx.principal, hub))
    throw new HttpError(404, `eventHubId: ${MESSAGES.notFound}`, { eventHubId: MESSAGES.notFound });
  return hub;
}

/**
 * A new event without a time zone takes the one of its address (same derivation as a PATCH's new
 * address); an address that gives none is a 400 on `timezone` (the schema already refuses an event
 * with neither).
 */
export async function createEvent(
  db: Db,
  ctx: WriteContext,
  request: CreateEvent,
  deriveTimezone: DeriveTimezone,
): Promise<EventRecord> {
  const hub = await targetHub(db, ctx, request.eventHubId);
  const timezone = request.timezone ?? (await timezoneOfAddress(request.address, deriveTimezone));
  if (timezone === undefined)
    throw badRequest(`timezone: ${TENANCY_MESSAGES.timezoneNotFoundForAddress}`, {
      timezone: TENANCY_MESSAGES.timezoneNotFoundForAddress,
    });
  const body = { ...request, timezone };
  const id = await db.transaction().execute(async (tx) => {
    const id = await repo.insertEvent(tx, {
      ...body,
      organizationId: hub.organizationId,
      updatedBy: ctx.actorId,
    });
    await audit(tx, ctx, 'create', ENTITY, id);
    return id;
  });
  return getEvent(db, ctx, id);
}

/** Address → IANA time zone, or undefined when nothing matches (platform/geo through the geo module). */
export type DeriveTimezone = (address: string) => Promise<string | undefined>;

/** The time zone of a non-blank address, for create and update alike; undefined when blank or nothing matches. */
function timezoneOfAddress(
  address: string | undefined,
  deriveTimezone: DeriveTimezone | undefined,
): Promise<string | undefined> {
  return deriveTimezone && address !== undefined && address.trim() !== ''
    ? deriveTimezone(address)
    : Promise.resolve(undefined);
}

/**
 * A new address without a time zone in the same request derives the time zone from the address
 * (kept as it was when nothing matches); a time zone given with it wins.
 *
 * A new time zone (given or derived) keeps, by default (`sessionTimes` KEEP_LOCAL_TIMES), the
 * wall-clock times of every session and of each of the event's own start and end the body does not
 * set: 9:00 AM in the old zone is 9:00 AM in the new one. KEEP_INSTANTS keeps the instants.
 * All in the event update's transaction, with an audit row per moved session. The old zone is the
 * one read under the event row's lock (two zone changes at once move the sessions once each, from
 * the zone the other left), and the start/end order is checked on the final values.
 *
 * `afterZoneChange` runs after the commit when the zone changed (the agenda's `agenda.changed`);
 * what it answers is awaited.
 */
export async function updateEvent(
  db: Db,
  ctx: WriteContext,
  id: string,
  request: UpdateEvent,
  deriveTimezone?: DeriveTimezone,
  afterZoneChange?: (eventId: string) => void | Promise<void>,
): Promise<EventRecord> {
  const { sessionTimes = DEFAULT_SESSION_TIMES, ...given } = request;
  let body = given;
  const event = await getEvent(db, ctx, id);
  if (body.timezone === undefined && body.address !== event.address) {
    const timezone = await timezoneOfAddress(body.address, deriveTimezone);
    if (timezone) body = { ...body, timezone };
  }
  let organizationId: string | undefined;
  if (body.eventHubId !== undefined && body.eventHubId !== event.eventHubId) {
    organizationId = (await targetHub(db, ctx, body.eventHubId)).organizationId;
  }
  const zoneChanged = await db.transaction().execute(async (tx) => {
    const locked = await repo.lockEventTimes(tx, id);
    if (!locked) throw notFound();
    const zoneChanged = body.timezone !== undefined && body.timezone !== locked.timezone;
    const movedTo = zoneChanged && sessionTimes === 'KEEP_LOCAL_TIMES' ? body.timezone : undefined;
    let times = { startAt: body.startAt ?? locked.startAt, endAt: body.endAt ?? locked.endAt };
    if (movedTo) {
      const moved = await repo.eventTimesInZone(tx, id, locked.timezone, movedTo);
      times = {
        startAt: body.startAt ?? moved.startAt,
        endAt: body.endAt ?? (body.startAt === undefined ? moved.pairedEndAt : moved.endAt),
      };
    }
    const issues = dateOrderIssues(times);
    if (Object.keys(issues).length > 0) throw badRequest(`startAt: ${issues.startAt}`, issues);
    await repo.updateEvent(tx, id, {
      ...body,
      ...(movedTo ? times : {}),
      ...(organizationId ? { organizationId } : {}),
      updatedBy: ctx.actorId,
    });
    if (movedTo) {
      const sessionIds = await repo.moveSessionsToZone(tx, id, locked.timezone, movedTo, ctx.actorId);
      await auditMany(tx, ctx, 'update', sessionIds, SESSION_ENTITY);
    }
    await audit(tx, ctx, 'update', ENTITY, id);
    return zoneChanged;
  });
  if (zoneChanged) await afterZoneChange?.(id);
  return getEvent(db, ctx, id);
}

/** Event admins edit their events; deleting one takes an admin of its hub. */
export async function deleteEvent(db: Db, ctx: WriteContext, id: string): Promise<void> {
  const event = await getEvent(db, ctx, id);
  if (!canAdminHub(ctx.principal, { id: event.eventHubId, organizationId: event.organizationId }))
    throw forbidden(MESSAGES.forbidden);
  await db.transaction().execute(async (tx) => {
    await repo.deleteEvent(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
}
