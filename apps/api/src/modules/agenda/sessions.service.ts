import type { Updateable } from 'kysely';
import {
  AGENDA_MESSAGES,
  MESSAGES,
  eventDays,
  sessionOutsideEventIssues,
  wallClockToInstant,
  type CreateSession,
  type SessionRecord,
  type SessionTimes,
  type UpdateSession,
  type sessionBulkUpdateSchema,
} from '@plenary/domain';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import type { SessionsTable } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors.js';
import type { EventAccess } from '../../platform/event-access.js';
import { auditMany } from '../../platform/audit.repo.js';
import { fieldsError } from '../../platform/http.js';
import { audienceRecord, countAudiences, validateAudience } from './audience.js';
import { labelsOf } from './audience.repo.js';
import {
  heldTwiceInBreakout,
  lockBreakout,
  lockSession,
  promoteWaitlisted,
  type LockedSession,
  type Promotion,
} from './enrollment.repo.js';
import { announceAgendaChange, shownToParticipants } from './agenda.notify.js';
import { afterSeatChange, queuePromotionMails, type NotifyDeps } from './enrollment.notify.js';
import * as repo from './sessions.repo.js';

const ENTITY = 'session';
const TIME_FIELDS = ['startDate', 'startTime', 'endDate', 'endTime'] as const;

/** List rows → records: audience label names, and the counts of rule audiences (SQL counts the others). */
export async function toRecords(
  db: Db,
  eventId: string,
  rows: readonly repo.SessionRow[],
): Promise<SessionRecord[]> {
  if (rows.length === 0) return [];
  const labels = new Map(
    (
      await labelsOf(
        db,
        eventId,
        rows.flatMap((r) => r.audience.labelIds),
      )
    ).map((l) => [l.id, l]),
  );
  const uncounted = rows.filter((r) => r.audienceCount === null);
  const counts = await countAudiences(
    db,
    eventId,
    uncounted.map((r) => r.effectiveAudience),
  );
  const countOf = new Map(uncounted.map((r, i) => [r.id, counts[i]!]));
  return rows.map(({ effectiveAudience: _effective, ...r }) => ({
    ...r,
    audience: audienceRecord(r.audience, labels),
    audienceCount: r.audienceCount ?? countOf.get(r.id) ?? 0,
  }));
}

export async function getSession(db: Db, eventId: string, id: string): Promise<SessionRecord> {
  const row = await repo.sessionList.byId(db, eventId, id);
  if (!row) throw notFound();
  return (await toRecords(db, eventId, [row]))[0]!;
}

/** Each named location, breakout, collection, material, speaker and moderator belongs to the event. */
async function checkReferences(db: Db, eventId: string, body: UpdateSession): Promise<void> {
  const fields: Record<string, string> = {};
  const one = async (
    key: string,
    table: Parameters<typeof repo.idsInEvent>[1],
    id: string | null | undefined,
    message: string,
  ) => {
    if (id && !(await repo.idsInEvent(db, table, eventId, [id])).has(id)) fields[key] = message;
  };
  const many = async (
    key: string,
    ids: string[] | undefined,
    found: (ids: string[]) => Promise<Set<string>>,
    message: string,
  ) => {
    if (!ids?.length) return;
    const ok = await found(ids);
    const bad = ids.findIndex((id) => !ok.has(id));
    if (bad >= 0) fields[`${key}.${bad}`] = message;
  };
  await one('locationId', 'locations', body.locationId, AGENDA_MESSAGES.unknownLocation);
  await one('breakoutId', 'breakouts', body.breakoutId, AGENDA_MESSAGES.unknownBreakout);
  await many(
    'collectionIds',
    body.collectionIds,
    (ids) => repo.idsInEvent(db, 'collections', eventId, ids),
    AGENDA_MESSAGES.unknownCollection,
  );
  await many(
    'materialIds',
    body.materialIds,
    (ids) => repo.idsInEvent(db, 'materials', eventId, ids),
    AGENDA_MESSAGES.unknownMaterial,
  );
  await many(
    'speakerIds',
    body.speakerIds,
    (ids) => repo.idsInEvent(db, 'participants', eventId, ids),
    AGENDA_MESSAGES.unknownSpeaker,
  );
  await many(
    'moderatorUserIds',
    body.moderatorUserIds,
    (ids) => repo.moderatorIds(db, eventId, ids),
    AGENDA_MESSAGES.unknownModerator,
  );
  if (Object.keys(fields).length > 0) throw fieldsError(fields);
}

/** The four wall-clock fields in the event's zone → instants; a part of them, or days outside the event's, are refused. */
function instantsOf(
  body: Partial<SessionTimes>,
  event: repo.EventClock,
): { startAt: Date; endAt: Date } | undefined {
  const { timezone } = event;
  const given = TIME_FIELDS.filter((k) => body[k] !== undefined);
  if (given.length === 0) return undefined;
  if (given.length < TIME_FIELDS.length)
    throw fieldsError(
      Object.fromEntries(TIME_FIELDS.filter((k) => body[k] === undefined).map((k) => [k, MESSAGES.required])),
    );
  const t = body as SessionTimes;
  const outside = sessionOutsideEventIssues(t, eventDays(event));
  if (outside.length > 0) throw fieldsError(Object.fromEntries(outside.map((i) => [i.path, i.message])));
  const startAt = wallClockToInstant(t.startDate, t.startTime, timezone);
  const endAt = wallClockToInstant(t.endDate, t.endTime, timezone);
  // A DST gap can fold two distinct wall-clock times onto one instant.
  if (endAt <= startAt)
    throw fieldsError({
      startTime: MESSAGES.startTimeAfterEndTime,
      endTime: MESSAGES.endTimeBeforeStartTime,
    });
  return { startAt, endAt };
}

function columnsOf(body: UpdateSession): Updateable<SessionsTable> {
  const v: Updateable<SessionsTable> = {};
  if (body.name !== undefined) v.name = body.name;
  if (body.description !== undefined) v.description = body.description;
  if (body.type !== undefined) v.type = body.type;
  if (body.status !== undefined) v.status = body.status;
  if (body.accessControl !== undefined) v.accessControl = body.accessControl;
  if (body.virtualLink !== undefined) v.virtualLink = body.virtualLink;
  if (body.locationId !== undefined) v.locationId = body.locationId;
  if (body.breakoutId !== undefined) v.breakoutId = body.breakoutId;
  if (body.capacity !== undefined) v.capacity = body.capacity;
  if (body.enrollable !== undefined) v.enrollable = body.enrollable;
  if (body.waitlist !== undefined) v.waitlist = body.waitlist;
  return v;
}

export async function createSession(
  deps: NotifyDeps,
  { ctx, event }: EventAccess,
  body: CreateSession,
): Promise<SessionRecord> {
  const { db } = deps;
  instantsOf(body, await repo.eventClock(db, event.id)); // field errors first; the instants come from the zone read under lock
  await checkReferences(db, event.id, body);
  const audience = await validateAudience(db, event.id, body.audience);
  const id = await db.transaction().execute(async (tx) => {
    const times = instantsOf(body, await repo.lockEventClock(tx, event.id))!;
    const id = await repo.insertSession(tx, {
      ...(columnsOf(body) as Required<Pick<SessionsTable, 'name'>>),
      eventId: event.id,
      ...times,
      audience: JSON.stringify(audience),
      createdBy: ctx.actorId,
      updatedBy: ctx.actorId,
    });
    await repo.setLinks(tx, id, body);
    await audit(tx, ctx, 'create', ENTITY, id);
    return id;
  });
  if (shownToParticipants(undefined, body.status)) announceAgendaChange(deps, event.id, [id]);
  return getSession(db, event.id, id);
}

/**
 * After a change to sessions (in the transaction that holds their locks, then the breakout's):
 * refuses when a session's effective capacity was lowered below its seats taken — an unchanged
 * capacity passes even when an admin over-filled the session — and when moving sessions into an
 * enrollable breakout would give someone two of its sessions.
 */
async function checkPlaces(tx: Db, eventId: string, before: readonly LockedSession[]): Promise<void> {
  const moved = new Map<string, string[]>();
  for (const b of before) {
    const a = (await lockSession(tx, eventId, b.id))!;
    const placementChanged = a.breakoutId !== b.breakoutId || a.breakoutEnrollable !== b.breakoutEnrollable;
    const lowered = a.capacity !== null && (b.capacity === null || a.capacity < b.capacity);
    if (lowered && a.enrolledCount > a.capacity!) {
      throw placementChanged && (a.breakoutEnrollable || b.breakoutEnrollable)
        ? fieldsError({ breakoutId: AGENDA_MESSAGES.breakoutCapacityBelowEnrolled })
        : fieldsError({ capacity: AGENDA_MESSAGES.capacityBelowEnrolled });
    }
    if (a.breakoutEnrollable && a.breakoutId && placementChanged)
      moved.set(a.breakoutId, [...(moved.get(a.breakoutId) ?? []), a.id]);
  }
  for (const [breakoutId, ids] of moved) {
    if (await heldTwiceInBreakout(tx, breakoutId, ids))
      throw fieldsError({ breakoutId: AGENDA_MESSAGES.breakoutHeldTwice });
  }
}

/** The breakout a change places sessions in (given, or the current one when only enrollability changes), locked after the sessions. */
async function lockTargetBreakout(
  tx: Db,
  given: string | null | undefined,
  current: string | null,
): Promise<void> {
  const target = given === undefined ? current : given;
  if (target) await lockBreakout(tx, target);
}

/**
 * A partial update (new times: in the event's zone read under its row's share lock, taken first),
 * under the session's row lock (like enrolling), then the lock of the breakout
 * it stays in or moves to. Capacity can not be lowered below the seats taken (nor the session moved
 * where it would have fewer seats, or where its people would hold two sessions of an enrollable
 * breakout); more seats promote waitlisted participants in order, in the same transaction, and
 * they are told.
 */
export async function updateSession(
  deps: NotifyDeps,
  { ctx, event }: EventAccess,
  id: string,
  body: UpdateSession,
): Promise<SessionRecord> {
  const { db } = deps;
  const timed = instantsOf(body, await repo.eventClock(db, event.id)) !== undefined; // field errors first; the instants come from the zone read under lock
  await checkReferences(db, event.id, body);
  const audience =
    body.audience === undefined ? undefined : await validateAudience(db, event.id, body.audience);
  const promoted = await db.transaction().execute(async (tx) => {
    const times = timed ? instantsOf(body, await repo.lockEventClock(tx, event.id)) : undefined;
    const locked = await lockSession(tx, event.id, id);
    if (!locked) throw notFound();
    if (body.breakoutId !== undefined || body.enrollable !== undefined)
      await lockTargetBreakout(tx, body.breakoutId, locked.breakoutId);
    await repo.updateSession(tx, id, {
      ...columnsOf(body),
      ...(times ?? {}),
      ...(audience ? { audience: JSON.stringify(audience) } : {}),
      updatedBy: ctx.actorId,
    });
    await checkPlaces(tx, event.id, [locked]);
    await repo.setLinks(tx, id, body);
    await audit(tx, ctx, 'update', ENTITY, id);
    const promotions: Promotion[] = await promoteWaitlisted(tx, id);
    await queuePromotionMails(tx, ctx.host, promotions);
    return { promotions, shown: shownToParticipants(locked.status, body.status ?? locked.status) };
  });
  afterSeatChange(deps, event.id, [id]);
  if (promoted.shown) announceAgendaChange(deps, event.id, [id]);
  return getSession(db, event.id, id);
}

export async function deleteSession(
  deps: NotifyDeps,
  { ctx, event }: EventAccess,
  id: string,
): Promise<void> {
  const status = await deps.db.transaction().execute(async (tx) => {
    const deleted = await repo.deleteSession(tx, event.id, id);
    if (!deleted) throw notFound();
    await audit(tx, ctx, 'delete', ENTITY, id);
    return deleted.status;
  });
  if (shownToParticipants(status, undefined)) announceAgendaChange(deps, event.id, [id]);
}

/**
 * PATCH sessions/update-options: one change to many sessions, all or nothing. Each session takes
 * the single update's path: locked in id order, then the target breakout, then the same place
 * checks and promotions.
 */
export async function bulkUpdate(
  deps: NotifyDeps,
  { ctx, event }: EventAccess,
  body: z.output<typeof sessionBulkUpdateSchema>,
): Promise<{ updated: number }> {
  const { db } = deps;
  await checkReferences(db, event.id, {
    ...(body.locationId !== undefined ? { locationId: body.locationId } : {}),
    ...(body.breakoutId !== undefined ? { breakoutId: body.breakoutId } : {}),
    collectionIds: [...(body.addCollectionIds ?? []), ...(body.removeCollectionIds ?? [])],
  });
  const values: Updateable<SessionsTable> = { updatedBy: ctx.actorId };
  if (body.status !== undefined) values.status = body.status;
  if (body.enrollable !== undefined) values.enrollable = body.enrollable;
  if (body.locationId !== undefined) values.locationId = body.locationId;
  if (body.breakoutId !== undefined) values.breakoutId = body.breakoutId;
  const placing = body.breakoutId !== undefined || body.enrollable !== undefined;
  const { ids, before } = await db.transaction().execute(async (tx) => {
    const before: LockedSession[] = [];
    for (const id of [...new Set(body.ids)].sort()) {
      const locked = await lockSession(tx, event.id, id);
      if (locked) before.push(locked);
    }
    if (placing) {
      const targets = body.breakoutId !== undefined ? [body.breakoutId] : before.map((b) => b.breakoutId);
      for (const breakoutId of [...new Set(targets)].sort()) await lockTargetBreakout(tx, breakoutId, null);
    }
    const ids = await repo.bulkUpdate(
      tx,
      event.id,
      before.map((b) => b.id),
      { values, addCollectionIds: body.addCollectionIds, removeCollectionIds: body.removeCollectionIds },
    );
    const promotions: Promotion[] = [];
    if (placing) {
      await checkPlaces(tx, event.id, before);
      for (const id of ids) promotions.push(...(await promoteWaitlisted(tx, id)));
      await queuePromotionMails(tx, ctx.host, promotions);
    }
    await auditMany(tx, ctx, 'update', ids, ENTITY);
    return { ids, promotions, before };
  });
  if (placing) afterSeatChange(deps, event.id, ids);
  const statusBefore = new Map(before.map((b) => [b.id, b.status]));
  announceAgendaChange(
    deps,
    event.id,
    ids.filter((id) => shownToParticipants(statusBefore.get(id), values.status ?? statusBefore.get(id))),
  );
  return { updated: ids.length };
}
