import {
  ENGAGEMENT_MESSAGES,
  MESSAGES,
  rooms,
  type CreateInstance,
  type EngagementInstance,
} from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/index.js';
import type { EventAccess } from '../../platform/event-access.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { fieldsError } from '../../platform/http.js';
import { moderatesSession } from './instance-access.js';
import * as repo from './instances.repo.js';
import { findTool } from './tools.repo.js';

const ENTITY = 'engagementInstance';

export type InstanceDeps = Pick<AppDeps, 'db' | 'realtime'>;

/** Tells the session's room (who sees the session) that an instance opened or closed; after commit. */
export function announce(deps: Pick<AppDeps, 'realtime'>, t: repo.Transition): void {
  deps.realtime.emit(rooms.session(t.sessionId), 'engagement.instance', {
    sessionId: t.sessionId,
    instanceId: t.id,
    status: t.status,
  });
}

async function requireModerator(db: Db, { ctx, event }: EventAccess, sessionId: string): Promise<void> {
  if (!(await moderatesSession(db, ctx.principal, event, sessionId))) throw forbidden(MESSAGES.forbidden);
}

async function requireTool(db: Db, eventId: string, toolId: string): Promise<void> {
  if (!(await findTool(db, eventId, toolId))) throw notFound();
}

/** 404 unless the instance is the tool's (of this event). */
export async function requireInstanceOfTool(
  db: Db,
  eventId: string,
  toolId: string,
  instanceId: string,
): Promise<void> {
  if (!(await repo.findInstanceOfTool(db, eventId, toolId, instanceId))) throw notFound();
}

export async function getInstance(db: Db, eventId: string, id: string): Promise<EngagementInstance> {
  const record = await repo.instanceRecord(db, eventId, id);
  if (!record) throw notFound();
  return record;
}

export async function listInstances(
  db: Db,
  { event }: EventAccess,
  toolId: string,
): Promise<{ records: EngagementInstance[]; total: number }> {
  await requireTool(db, event.id, toolId);
  const records = await repo.instancesOfTool(db, event.id, toolId);
  return { records, total: records.length };
}

/** A run of the tool in one of its sessions (admins, or the session's moderators). */
export async function createInstance(
  deps: InstanceDeps,
  access: EventAccess,
  toolId: string,
  body: CreateInstance,
): Promise<EngagementInstance> {
  const { db } = deps;
  const { ctx, event } = access;
  await requireTool(db, event.id, toolId);
  if (!(await repo.sessionOfEvent(db, event.id, body.sessionId)))
    throw fieldsError({ sessionId: MESSAGES.pleaseSelectValue });
  await requireModerator(db, access, body.sessionId);
  if (!(await repo.toolAttachedTo(db, toolId, body.sessionId)))
    throw fieldsError({ sessionId: ENGAGEMENT_MESSAGES.sessionNotAttached });
  const id = await db.transaction().execute(async (tx) => {
    const id = await repo.insertInstance(tx, {
      eventId: event.id,
      toolId,
      sessionId: body.sessionId,
      status: body.status,
      opensAt: body.opensAt ? new Date(body.opensAt) : null,
      closesAt: body.closesAt ? new Date(body.closesAt) : null,
      actorId: ctx.actorId,
    });
    await audit(tx, ctx, 'create', ENTITY, id);
    return id;
  });
  if (body.status === 'OPEN') announce(deps, { id, sessionId: body.sessionId, status: 'OPEN' });
  return getInstance(db, event.id, id);
}

/**
 * PATCH: when it opens and closes. An OPEN instance keeps running and closes at `closesAt`; any
 * other becomes SCHEDULED (the scheduler opens it at `opensAt`).
 */
export async function scheduleInstance(
  deps: InstanceDeps,
  access: EventAccess,
  toolId: string,
  instanceId: string,
  body: { opensAt: string | null; closesAt: string | null },
): Promise<EngagementInstance> {
  const { db } = deps;
  const { ctx, event } = access;
  const found = await repo.findInstanceOfTool(db, event.id, toolId, instanceId);
  if (!found) throw notFound();
  await requireModerator(db, access, found.sessionId);
  await db.transaction().execute(async (tx) => {
    const row = await repo.findInstanceOfTool(tx, event.id, toolId, instanceId, true);
    if (!row) throw notFound();
    await repo.setSchedule(tx, instanceId, {
      status: row.status === 'OPEN' ? 'OPEN' : 'SCHEDULED',
      opensAt: body.opensAt ? new Date(body.opensAt) : null,
      closesAt: body.closesAt ? new Date(body.closesAt) : null,
    });
    await audit(tx, ctx, 'update', ENTITY, instanceId);
  });
  return getInstance(db, event.id, instanceId);
}

/**
 * Opens or closes an instance now (admins, or the session's moderators; 403 otherwise, 404 for
 * another event's). Sets opened_at / closed_at; a change is announced to the session's room after
 * commit (`engagement.instance`); the engagement room's check then refuses participants of a closed
 * instance. The same status again changes nothing. Used by PUT …/instances/{id}/status here and by
 * the moderation route of the same name.
 */
export async function changeInstanceStatus(
  deps: InstanceDeps,
  access: EventAccess,
  instanceId: string,
  status: 'OPEN' | 'CLOSED',
): Promise<EngagementInstance> {
  const { db } = deps;
  const { ctx, event } = access;
  const found = await repo.instanceRecord(db, event.id, instanceId);
  if (!found) throw notFound();
  await requireModerator(db, access, found.session.id);
  const changed = await db.transaction().execute(async (tx) => {
    const row = await repo.lockInstance(tx, instanceId);
    if (!row) throw notFound();
    if (row.status === status) return false;
    await repo.setStatus(tx, instanceId, status);
    await audit(tx, ctx, 'update', ENTITY, instanceId);
    return true;
  });
  if (changed) announce(deps, { id: instanceId, sessionId: found.session.id, status });
  return getInstance(db, event.id, instanceId);
}

/** Deletes the instance with its answers (admins); an OPEN one is announced closed. */
export async function deleteInstance(
  deps: InstanceDeps,
  { ctx, event }: EventAccess,
  toolId: string,
  instanceId: string,
): Promise<void> {
  const row = await deps.db.transaction().execute(async (tx) => {
    const row = await repo.findInstanceOfTool(tx, event.id, toolId, instanceId, true);
    if (!row) throw notFound();
    await repo.deleteInstance(tx, instanceId);
    await audit(tx, ctx, 'delete', ENTITY, instanceId);
    return row;
  });
  if (row.status === 'OPEN') announce(deps, { id: row.id, sessionId: row.sessionId, status: 'CLOSED' });
}
