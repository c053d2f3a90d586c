import type { z } from 'zod';
import type { CollectionRecord, createCollectionSchema, updateCollectionSchema } from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { notFound } from '../../platform/errors.js';
import type { EventAccess } from '../../platform/event-access.js';
import { announceAgendaChange, announceAgendaChangeOf, validateAudience } from '../agenda/index.js';
import { adminScope } from './content.http.js';
import type { ContentScope } from './content.repo.js';
import * as repo from './collections.repo.js';
import { nameTakenError, shownChange, uniqueName, type ContentDeps } from './content.service.js';

const ENTITY = 'collection';

export async function getCollection(db: Db, scope: ContentScope, id: string): Promise<CollectionRecord> {
  const record = await repo.collectionList.byId(db, scope, id);
  if (!record) throw notFound();
  return record;
}

export async function createCollection(
  db: Db,
  { ctx, event }: EventAccess,
  body: z.output<typeof createCollectionSchema>,
): Promise<CollectionRecord> {
  if (await repo.nameTaken(db, event.id, body.name)) throw nameTakenError();
  const audience = await validateAudience(db, event.id, body.audience);
  const id = await uniqueName(() =>
    db.transaction().execute(async (tx) => {
      const id = await repo.insertCollection(tx, {
        eventId: event.id,
        name: body.name,
        description: body.description,
        color: body.color,
        audience,
        actorId: ctx.actorId,
      });
      await audit(tx, ctx, 'create', ENTITY, id);
      return id;
    }),
  );
  return getCollection(db, adminScope(event.id), id);
}

/** A new name, colour or audience reaches the open agendas of its published sessions (`agenda.changed`, after the commit). */
export async function updateCollection(
  deps: ContentDeps,
  { ctx, event }: EventAccess,
  id: string,
  body: z.output<typeof updateCollectionSchema>,
): Promise<CollectionRecord> {
  const { db } = deps;
  const collection = await repo.findCollection(db, event.id, id);
  if (!collection) throw notFound();
  if (
    body.name !== undefined &&
    body.name.toLowerCase() !== collection.name.toLowerCase() &&
    (await repo.nameTaken(db, event.id, body.name, id))
  )
    throw nameTakenError();
  const audience = body.audience ? await validateAudience(db, event.id, body.audience) : undefined;
  await uniqueName(() =>
    db.transaction().execute(async (tx) => {
      await repo.updateCollection(tx, id, { ...body, audience }, ctx.actorId);
      await audit(tx, ctx, 'update', ENTITY, id);
    }),
  );
  const shown = shownChange([
    [collection.name, body.name],
    [collection.color, body.color],
    [collection.audience, audience],
  ]);
  if (shown) announceAgendaChangeOf(deps, event.id, { collectionIds: [id] });
  return getCollection(db, adminScope(event.id), id);
}

/**
 * Allowed while sessions are in it: a collection is a tag (a track), and its sessions simply leave it.
 * Its published sessions are read before the links go and announced after the commit (`agenda.changed`).
 */
export async function deleteCollection(
  deps: ContentDeps,
  { ctx, event }: EventAccess,
  id: string,
): Promise<void> {
  const sessionIds = await deps.db.transaction().execute(async (tx) => {
    if (!(await repo.findCollection(tx, event.id, id, true))) throw notFound();
    const sessionIds = await repo.publishedSessionsOf(tx, id);
    await repo.deleteCollection(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
    return sessionIds;
  });
  announceAgendaChange(deps, event.id, sessionIds);
}
