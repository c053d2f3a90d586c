import type { z } from 'zod';
import {
  AGENDA_MESSAGES,
  CONTENT_MESSAGES,
  createInteractiveMapSchema,
  type createPinSchema,
  type InteractiveMapRecord,
  type PinRecord,
  type updateInteractiveMapSchema,
  type updatePinSchema,
} from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { notFound } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';
import type { EventAccess } from '../../platform/event-access.js';
import { checkMapFile } from './content.files.js';
import { adminScope, type Upload } from './content.http.js';
import { fieldsError, parseOr400 } from '../../platform/http.js';
import { announceAgendaChangeOf } from '../agenda/index.js';
import { release, shownChange, withStoredFile, type ContentDeps } from './content.service.js';
import type { ContentScope } from './content.repo.js';
import * as repo from './maps.repo.js';

const ENTITY = 'interactive-map';
const PIN_ENTITY = 'map-pin';

/**
 * The agenda shows a session's location with the pins pointing at it (pin name, position, map
 * name): a change to those names the published sessions held at the locations (`agenda.changed`).
 */
function announceLocations(
  deps: ContentDeps,
  eventId: string,
  locationIds: ReadonlyArray<string | null | undefined>,
): void {
  const ids = locationIds.filter((id): id is string => typeof id === 'string');
  if (ids.length > 0) announceAgendaChangeOf(deps, eventId, { locationIds: ids });
}

/**
 * A map with its pins (GET one map). A pin's link to a session only when the scope's reader sees
 * the session (content.http readerOf: admins and moderators every one, a participant what their
 * agenda shows). Its material always: a pinned material is readable by every participant
 * (content.repo materialShown).
 */
export async function getMap(db: Db, scope: ContentScope, id: string): Promise<InteractiveMapRecord> {
  const record = await repo.mapList.byId(db, scope, id);
  if (!record) throw notFound();
  return { ...record, pins: await repo.pinsOfMap(db, id, scope.reader) };
}

export async function createMap(
  db: Db,
  { ctx, event }: EventAccess,
  storage: Storage,
  upload: Upload,
): Promise<InteractiveMapRecord> {
  const body = parseOr400(createInteractiveMapSchema, upload.fields);
  const file = await checkMapFile(upload.fileName, upload.bytes);
  const id = await withStoredFile(storage, file, (key) =>
    db.transaction().execute(async (tx) => {
      const id = await repo.insertMap(tx, {
        eventId: event.id,
        name: body.name,
        description: body.description,
        fileKey: key,
        fileType: file.fileType,
        width: file.width,
        height: file.height,
        actorId: ctx.actorId,
      });
      await audit(tx, ctx, 'create', ENTITY, id);
      return id;
    }),
  );
  return getMap(db, adminScope(event.id), id);
}

/** width and height only for a PDF plan (the client reports the page size it rendered); an image's are its own. A new name reaches the agenda (pins' map name). */
export async function updateMap(
  deps: ContentDeps,
  { ctx, event }: EventAccess,
  id: string,
  body: z.output<typeof updateInteractiveMapSchema>,
): Promise<InteractiveMapRecord> {
  const { db } = deps;
  const map = await repo.findMap(db, event.id, id);
  if (!map) throw notFound();
  if (map.fileType !== 'pdf' && (body.width !== undefined || body.height !== undefined)) {
    throw fieldsError({ [body.width !== undefined ? 'width' : 'height']: CONTENT_MESSAGES.imageSizeFixed });
  }
  const locationIds = await db.transaction().execute(async (tx) => {
    await repo.updateMap(tx, id, body, ctx.actorId);
    await audit(tx, ctx, 'update', ENTITY, id);
    return shownChange([[map.name, body.name]]) ? repo.pinnedLocations(tx, id) : [];
  });
  announceLocations(deps, event.id, locationIds);
  return getMap(db, adminScope(event.id), id);
}

/** PUT …/file: a new plan; pins keep their fractions. A PDF's size is unknown until the client reports it again. */
export async function replaceMapFile(
  db: Db,
  { ctx, event }: EventAccess,
  storage: Storage,
  id: string,
  upload: Upload,
): Promise<InteractiveMapRecord> {
  if (!(await repo.findMap(db, event.id, id))) throw notFound();
  const file = await checkMapFile(upload.fileName, upload.bytes);
  const before = await withStoredFile(storage, file, (key) =>
    db.transaction().execute(async (tx) => {
      const row = await repo.findMap(tx, event.id, id, true);
      if (!row) throw notFound();
      await repo.updateMap(
        tx,
        id,
        { fileKey: key, fileType: file.fileType, width: file.width, height: file.height },
        ctx.actorId,
      );
      await audit(tx, ctx, 'update', ENTITY, id);
      return row.fileKey;
    }),
  );
  await release(storage, before);
  return getMap(db, adminScope(event.id), id);
}

/**
 * Deletes the map, its pins and its file. Locations, sessions and materials it pointed at stay; the
 * locations its pins pointed at are read before the pins go and announced (`agenda.changed`).
 */
export async function deleteMap(
  deps: ContentDeps,
  { ctx, event }: EventAccess,
  storage: Storage,
  id: string,
): Promise<void> {
  const { key, locationIds } = await deps.db.transaction().execute(async (tx) => {
    const row = await repo.findMap(tx, event.id, id, true);
    if (!row) throw notFound();
    const locationIds = await repo.pinnedLocations(tx, id);
    await repo.deleteMap(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
    return { key: row.fileKey, locationIds };
  });
  announceLocations(deps, event.id, locationIds);
  await release(storage, key);
}

// ——— Pins ———

async function assertLinks(
  tx: Db,
  eventId: string,
  ids: { locationId?: string | null; sessionId?: string | null; materialId?: string | null },
): Promise<void> {
  const found = await repo.linkedInEvent(tx, eventId, ids);
  const fields: Record<string, string> = {};
  if (!found.location) fields.locationId = AGENDA_MESSAGES.unknownLocation;
  if (!found.session) fields.sessionId = CONTENT_MESSAGES.unknownSession;
  if (!found.material) fields.materialId = AGENDA_MESSAGES.unknownMaterial;
  if (Object.keys(fields).length > 0) throw fieldsError(fields);
}

async function pinOf(db: Db, mapId: string, pinId: string): Promise<PinRecord> {
  const pin = (await repo.pinsOfMap(db, mapId, 'all')).find((p) => p.id === pinId);
  if (!pin) throw notFound();
  return pin;
}

export async function createPin(
  deps: ContentDeps,
  { ctx, event }: EventAccess,
  mapId: string,
  body: z.output<typeof createPinSchema>,
): Promise<PinRecord> {
  const { db } = deps;
  const pinId = await db.transaction().execute(async (tx) => {
    if (!(await repo.findMap(tx, event.id, mapId))) throw notFound();
    await assertLinks(tx, event.id, body);
    const pinId = await repo.insertPin(tx, mapId, body);
    await repo.updateMap(tx, mapId, {}, ctx.actorId);
    await audit(tx, ctx, 'create', PIN_ENTITY, pinId);
    return pinId;
  });
  announceLocations(deps, event.id, [body.locationId]);
  return pinOf(db, mapId, pinId);
}

/** A new name, position or location reaches the agenda of the location it left and the one it points at now. */
export async function updatePin(
  deps: ContentDeps,
  { ctx, event }: EventAccess,
  mapId: string,
  pinId: string,
  body: z.output<typeof updatePinSchema>,
): Promise<PinRecord> {
  const { db } = deps;
  const pin = await db.transaction().execute(async (tx) => {
    const pin = (await repo.findMap(tx, event.id, mapId)) ? await repo.findPin(tx, mapId, pinId) : undefined;
    if (!pin) throw notFound();
    await assertLinks(tx, event.id, body);
    await repo.updatePin(tx, pinId, body);
    await repo.updateMap(tx, mapId, {}, ctx.actorId);
    await audit(tx, ctx, 'update', PIN_ENTITY, pinId);
    return pin;
  });
  const shown = shownChange([
    [pin.name, body.name],
    [pin.x, body.x],
    [pin.y, body.y],
    [pin.locationId, body.locationId],
  ]);
  if (shown) announceLocations(deps, event.id, [pin.locationId, body.locationId]);
  return pinOf(db, mapId, pinId);
}

export async function deletePin(
  deps: ContentDeps,
  { ctx, event }: EventAccess,
  mapId: string,
  pinId: string,
): Promise<void> {
  const pin = await deps.db.transaction().execute(async (tx) => {
    const pin = (await repo.findMap(tx, event.id, mapId)) ? await repo.findPin(tx, mapId, pinId) : undefined;
    if (!pin) throw notFound();
    await repo.deletePin(tx, pinId);
    await repo.updateMap(tx, mapId, {}, ctx.actorId);
    await audit(tx, ctx, 'delete', PIN_ENTITY, pinId);
    return pin;
  });
  announceLocations(deps, event.id, [pin.locationId]);
}
