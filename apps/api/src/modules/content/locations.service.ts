import type { z } from 'zod';
import type { createLocationSchema, LocationRecord, updateLocationSchema } from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { notFound } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';
import type { EventAccess } from '../../platform/event-access.js';
import { checkPdf } from './content.files.js';
import { announceAgendaChangeOf } from '../agenda/index.js';
import {
  inUseError,
  nameTakenError,
  release,
  shownChange,
  uniqueName,
  withStoredFile,
  type ContentDeps,
} from './content.service.js';
import { adminScope, type Upload } from './content.http.js';
import type { ContentScope } from './content.repo.js';
import * as repo from './locations.repo.js';

const ENTITY = 'location';

export async function getLocation(db: Db, scope: ContentScope, id: string): Promise<LocationRecord> {
  const record = await repo.locationList.byId(db, scope, id);
  if (!record) throw notFound();
  return record;
}

export async function createLocation(
  db: Db,
  { ctx, event }: EventAccess,
  body: z.output<typeof createLocationSchema>,
): Promise<LocationRecord> {
  if (await repo.nameTaken(db, event.id, body.name)) throw nameTakenError();
  const id = await uniqueName(() =>
    db.transaction().execute(async (tx) => {
      const id = await repo.insertLocation(tx, {
        eventId: event.id,
        name: body.name,
        description: body.description,
        mapLocationUrl: body.mapLocationUrl,
        actorId: ctx.actorId,
      });
      await audit(tx, ctx, 'create', ENTITY, id);
      return id;
    }),
  );
  return getLocation(db, adminScope(event.id), id);
}

/** A new name reaches the open agendas of the published sessions held there (`agenda.changed`, after the commit). */
export async function updateLocation(
  deps: ContentDeps,
  { ctx, event }: EventAccess,
  id: string,
  body: z.output<typeof updateLocationSchema>,
): Promise<LocationRecord> {
  const { db } = deps;
  const location = await repo.findLocation(db, event.id, id);
  if (!location) throw notFound();
  if (
    body.name !== undefined &&
    body.name.toLowerCase() !== location.name.toLowerCase() &&
    (await repo.nameTaken(db, event.id, body.name, id))
  )
    throw nameTakenError();
  await uniqueName(() =>
    db.transaction().execute(async (tx) => {
      await repo.updateLocation(tx, id, body, ctx.actorId);
      await audit(tx, ctx, 'update', ENTITY, id);
    }),
  );
  if (shownChange([[location.name, body.name]]))
    announceAgendaChangeOf(deps, event.id, { locationIds: [id] });
  return getLocation(db, adminScope(event.id), id);
}

/**
 * Refused (409) while sessions or pins point at the location: a session would silently lose its
 * room and a pin its place. Its PDF map goes with it. No session used it, so the agenda is not told.
 */
export async function deleteLocation(
  db: Db,
  { ctx, event }: EventAccess,
  storage: Storage,
  id: string,
): Promise<void> {
  const key = await db.transaction().execute(async (tx) => {
    const location = await repo.lockLocation(tx, event.id, id);
    if (!location) throw notFound();
    const uses = await repo.usesOf(tx, id);
    if (uses.sessions > 0 || uses.pins > 0) throw inUseError();
    await repo.deleteLocation(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
    return location.pdfMapKey;
  });
  await release(storage, key);
}

/** PUT …/pdf-map: a PDF (by name and content); the previous one is removed once the new one is in place. */
export async function setPdfMap(
  db: Db,
  { ctx, event }: EventAccess,
  storage: Storage,
  id: string,
  upload: Upload,
): Promise<LocationRecord> {
  const location = await repo.findLocation(db, event.id, id);
  if (!location) throw notFound();
  const file = checkPdf(upload.fileName, upload.bytes);
  const before = await withStoredFile(storage, file, (key) =>
    db.transaction().execute(async (tx) => {
      const row = await repo.lockLocation(tx, event.id, id);
      if (!row) throw notFound();
      await repo.updateLocation(tx, id, { pdfMapKey: key }, ctx.actorId);
      await audit(tx, ctx, 'update', ENTITY, id);
      return row.pdfMapKey;
    }),
  );
  await release(storage, before);
  return getLocation(db, adminScope(event.id), id);
}

export async function removePdfMap(
  db: Db,
  { ctx, event }: EventAccess,
  storage: Storage,
  id: string,
): Promise<LocationRecord> {
  const before = await db.transaction().execute(async (tx) => {
    const row = await repo.lockLocation(tx, event.id, id);
    if (!row) throw notFound();
    await repo.updateLocation(tx, id, { pdfMapKey: null }, ctx.actorId);
    await audit(tx, ctx, 'update', ENTITY, id);
    return row.pdfMapKey;
  });
  await release(storage, before);
  return getLocation(db, adminScope(event.id), id);
}
