import { MESSAGES, type CreateEventHub, type EventHubRecord, type UpdateEventHub } from '@plenary/domain';
import { canAdminOrganization } from '../../platform/access.js';
import { audit, type WriteContext } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { forbidden, HttpError, notFound } from '../../platform/errors.js';
import * as repo from './event-hubs.repo.js';

const ENTITY = 'eventHub';

export async function getEventHub(db: Db, ctx: WriteContext, id: string): Promise<EventHubRecord> {
  const record = await repo.eventHubList.byId(db, ctx.principal, id);
  if (!record) throw notFound();
  return record;
}

/** The organisation a hub goes into: one the caller administers, else 404 on the field. */
async function assertTargetOrganization(db: Db, ctx: WriteContext, organizationId: string): Promise<void> {
  if (
    !canAdminOrganization(ctx.principal, organizationId) ||
    !(await repo.organizationExists(db, organizationId))
  ) {
    throw new HttpError(404, `organizationId: ${MESSAGES.notFound}`, { organizationId: MESSAGES.notFound });
  }
}

export async function createEventHub(
  db: Db,
  ctx: WriteContext,
  body: CreateEventHub,
): Promise<EventHubRecord> {
  await assertTargetOrganization(db, ctx, body.organizationId);
  const id = await db.transaction().execute(async (tx) => {
    const id = await repo.insertHub(tx, {
      name: body.name,
      organizationId: body.organizationId,
      updatedBy: ctx.actorId,
    });
    await audit(tx, ctx, 'create', ENTITY, id);
    return id;
  });
  return getEventHub(db, ctx, id);
}

/** Hub admins read their hub; changing it takes its organisation's admin. */
async function editable(db: Db, ctx: WriteContext, id: string): Promise<EventHubRecord> {
  const hub = await getEventHub(db, ctx, id);
  if (!canAdminOrganization(ctx.principal, hub.organizationId)) throw forbidden(MESSAGES.forbidden);
  return hub;
}

export async function updateEventHub(
  db: Db,
  ctx: WriteContext,
  id: string,
  body: UpdateEventHub,
): Promise<EventHubRecord> {
  const hub = await editable(db, ctx, id);
  const moving = body.organizationId !== undefined && body.organizationId !== hub.organizationId;
  if (moving) await assertTargetOrganization(db, ctx, body.organizationId!);
  await db.transaction().execute(async (tx) => {
    await repo.updateHub(tx, id, {
      name: body.name,
      organizationId: moving ? body.organizationId : undefined,
      updatedBy: ctx.actorId,
    });
    await audit(tx, ctx, 'update', ENTITY, id);
  });
  return getEventHub(db, ctx, id);
}

export async function deleteEventHub(db: Db, ctx: WriteContext, id: string): Promise<void> {
  await editable(db, ctx, id);
  await db.transaction().execute(async (tx) => {
    await repo.deleteHub(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
}
