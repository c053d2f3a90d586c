import type { z } from 'zod';
import { createMaterialSchema, type MaterialRecord, type updateMaterialSchema } from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { publish } from '../../platform/domain-events.js';
import { notFound } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';
import type { EventAccess } from '../../platform/event-access.js';
import { checkMaterialFile } from './content.files.js';
import { adminScope, type Upload } from './content.http.js';
import { parseOr400 } from '../../platform/http.js';
import { announceAgendaChangeOf } from '../agenda/index.js';
import { inUseError, release, shownChange, withStoredFile, type ContentDeps } from './content.service.js';
import type { ContentScope } from './content.repo.js';
import * as repo from './materials.repo.js';

const ENTITY = 'material';

/** The name as the uploader's file system had it, without any directory part, at most 255 characters. */
const baseName = (fileName: string) => fileName.split(/[\\/]/).pop()!.slice(-255);

export async function getMaterial(db: Db, scope: ContentScope, id: string): Promise<MaterialRecord> {
  const record = await repo.materialList.byId(db, scope, id);
  if (!record) throw notFound();
  if (typeof scope.reader === 'object')
    await publish(db, {
      name: 'material.viewed',
      payload: { eventId: scope.eventId, materialId: record.id, participantId: scope.reader.participantId },
    });
  return record;
}

/** POST (multipart): the form's name and description are checked before the file is. */
export async function createMaterial(
  db: Db,
  { ctx, event }: EventAccess,
  storage: Storage,
  upload: Upload,
): Promise<MaterialRecord> {
  const body = parseOr400(createMaterialSchema, upload.fields);
  const file = await checkMaterialFile(upload.fileName, upload.bytes);
  const id = await withStoredFile(storage, file, (key) =>
    db.transaction().execute(async (tx) => {
      const id = await repo.insertMaterial(tx, {
        eventId: event.id,
        name: body.name,
        description: body.description,
        fileKey: key,
        fileName: baseName(upload.fileName),
        fileType: file.fileType,
        fileSize: file.bytes.length,
        actorId: ctx.actorId,
      });
      await audit(tx, ctx, 'create', ENTITY, id);
      return id;
    }),
  );
  return getMaterial(db, adminScope(event.id), id);
}

/** A new name reaches the open agendas of the published sessions it is attached to (`agenda.changed`, after the commit). */
export async function updateMaterial(
  deps: ContentDeps,
  { ctx, event }: EventAccess,
  id: string,
  body: z.output<typeof updateMaterialSchema>,
): Promise<MaterialRecord> {
  const { db } = deps;
  const material = await repo.findMaterial(db, event.id, id);
  if (!material) throw notFound();
  await db.transaction().execute(async (tx) => {
    await repo.updateMaterial(tx, id, body, ctx.actorId);
    await audit(tx, ctx, 'update', ENTITY, id);
  });
  if (shownChange([[material.name, body.name]]))
    announceAgendaChangeOf(deps, event.id, { materialIds: [id] });
  return getMaterial(db, adminScope(event.id), id);
}

/**
 * PUT …/file: a new file of any material type; the old one is removed once the row points at the new one.
 * The agenda links the file (url, type): its published sessions are announced (`agenda.changed`).
 */
export async function replaceFile(
  deps: ContentDeps,
  { ctx, event }: EventAccess,
  storage: Storage,
  id: string,
  upload: Upload,
): Promise<MaterialRecord> {
  const { db } = deps;
  if (!(await repo.findMaterial(db, event.id, id))) throw notFound();
  const file = await checkMaterialFile(upload.fileName, upload.bytes);
  const before = await withStoredFile(storage, file, (key) =>
    db.transaction().execute(async (tx) => {
      const row = await repo.findMaterial(tx, event.id, id, true);
      if (!row) throw notFound();
      await repo.updateMaterial(
        tx,
        id,
        {
          fileKey: key,
          fileName: baseName(upload.fileName),
          fileType: file.fileType,
          fileSize: file.bytes.length,
        },
        ctx.actorId,
      );
      await audit(tx, ctx, 'update', ENTITY, id);
      return row.fileKey;
    }),
  );
  announceAgendaChangeOf(deps, event.id, { materialIds: [id] });
  await release(storage, before);
  return getMaterial(db, adminScope(event.id), id);
}

/** Refused (409) while sessions or pins use the material: they would lose it without a word. No session used it, so the agenda is not told. */
export async function deleteMaterial(
  db: Db,
  { ctx, event }: EventAccess,
  storage: Storage,
  id: string,
): Promise<void> {
  const key = await db.transaction().execute(async (tx) => {
    const row = await repo.findMaterial(tx, event.id, id, true);
    if (!row) throw notFound();
    const uses = await repo.usesOf(tx, id);
    if (uses.sessions > 0 || uses.pins > 0) throw inUseError();
    await repo.deleteMaterial(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
    return row.fileKey;
  });
  await release(storage, key);
}
