import { sql } from 'kysely';
import { listQuerySchema, type InteractiveMapRecord, type PinRecord } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';
import {
  authorColumns,
  authors,
  fileUrl,
  sessionShown,
  type ContentReader,
  type ContentScope,
} from './content.repo.js';

/** `GET events/{eventId}/interactive-maps`: scope = the event and whether the reader is an admin (ContentScope). Records carry pinCount, not the pins. */
export const mapList = defineList({
  query: listQuerySchema,
  select: (db: Db, scope: ContentScope) =>
    db
      .selectFrom('interactiveMaps as im')
      .leftJoin('users as cb', 'cb.id', 'im.createdBy')
      .leftJoin('users as ub', 'ub.id', 'im.updatedBy')
      .select([
        'im.id',
        'im.eventId',
        'im.name',
        'im.description',
        'im.fileKey',
        'im.fileType',
        'im.width',
        'im.height',
        'im.createdAt',
        'im.updatedAt',
        ...authorColumns(scope.admin),
      ])
      .where('im.eventId', '=', scope.eventId),
  pageColumns: {
    pinCount: sql<number>`(SELECT count(*)::int FROM map_pins p WHERE p.map_id = list_page.id)`,
  },
  record: ({ fileKey, ...row }): InteractiveMapRecord => ({
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    description: row.description,
    fileType: row.fileType,
    url: fileUrl(fileKey),
    width: row.width,
    height: row.height,
    pinCount: row.pinCount,
    ...authors(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }),
  id: sql.ref('im.id'),
  fields: {
    name: { sql: sql.ref('im.name'), sortable: sql`lower(im.name)`, searchable: true, label: 'Name' },
    description: { label: 'Description' },
    fileType: { label: 'File type' },
    pinCount: { label: 'Pins' },
    createdAt: { sql: sql.ref('im.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('im.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {},
  defaultSort: 'name:asc',
});

/**
 * A map's pins with what they link to (names, and a material's URL and type), in name order. The
 * linked session only when `reader` sees it (content.repo sessionShown: 'all' every one, a
 * participant what their agenda shows, 'none' no session); the pin itself always.
 */
export async function pinsOfMap(db: Db, mapId: string, reader: ContentReader): Promise<PinRecord[]> {
  const rows = await db
    .selectFrom('mapPins as p')
    .leftJoin('locations as l', 'l.id', 'p.locationId')
    .leftJoin('sessions as s', 's.id', 'p.sessionId')
    .leftJoin('breakouts as b', 'b.id', 's.breakoutId')
    .leftJoin('materials as m', 'm.id', 'p.materialId')
    .select([
      'p.id',
      'p.mapId',
      'p.name',
      'p.x',
      'p.y',
      'p.color',
      'l.id as locationId',
      'l.name as locationName',
      's.id as sessionId',
      's.name as sessionName',
      'm.id as materialId',
      'm.name as materialName',
      'm.fileKey as materialKey',
      'm.fileType as materialType',
    ])
    .select(sessionShown(reader).as('sessionShown'))
    .where('p.mapId', '=', mapId)
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    mapId: r.mapId,
    name: r.name,
    x: r.x,
    y: r.y,
    color: r.color,
    location: r.locationId ? { id: r.locationId, name: r.locationName! } : null,
    session: r.sessionId && r.sessionShown ? { id: r.sessionId, name: r.sessionName! } : null,
    material: r.materialId
      ? { id: r.materialId, name: r.materialName!, url: fileUrl(r.materialKey!), fileType: r.materialType! }
      : null,
  }));
}

export async function findMap(db: Db, eventId: string, id: string, lock = false) {
  return db
    .selectFrom('interactiveMaps')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export interface MapFile {
  fileKey: string;
  fileType: 'png' | 'jpeg' | 'pdf';
  width: number | null;
  height: number | null;
}

export async function insertMap(
  tx: Db,
  values: { eventId: string; name: string; description: string; actorId: string } & MapFile,
): Promise<string> {
  const { actorId, ...rest } = values;
  const row = await tx
    .insertInto('interactiveMaps')
    .values({ ...rest, createdBy: actorId, updatedBy: actorId, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMap(
  tx: Db,
  id: string,
  patch: Partial<{ name: string; description: string } & MapFile>,
  actorId: string,
): Promise<void> {
  await tx
    .updateTable('interactiveMaps')
    .set({ ...patch, updatedBy: actorId, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The locations the map's pins point at (the agenda shows a session's location with its pins and their map). */
export async function pinnedLocations(db: Db, mapId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('mapPins')
    .select('locationId')
    .distinct()
    .where('mapId', '=', mapId)
    .where('locationId', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.locationId ? [r.locationId] : []));
}

export async function deleteMap(tx: Db, id: string): Promise<void> {
  await tx.deleteFrom('interactiveMaps').where('id', '=', id).execute();
}

// ——— Pins ———

export interface PinValues {
  name: string;
  x: number;
  y: number;
  color: string;
  locationId: string | null;
  sessionId: string | null;
  materialId: string | null;
}

export async function findPin(db: Db, mapId: string, pinId: string) {
  return db
    .selectFrom('mapPins')
    .selectAll()
    .where('mapId', '=', mapId)
    .where('id', '=', pinId)
    .executeTakeFirst();
}

export async function insertPin(tx: Db, mapId: string, values: PinValues): Promise<string> {
  const row = await tx
    .insertInto('mapPins')
    .values({ mapId, ...values, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePin(tx: Db, pinId: string, patch: Partial<PinValues>): Promise<void> {
  await tx
    .updateTable('mapPins')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', pinId)
    .execute();
}

export async function deletePin(tx: Db, pinId: string): Promise<void> {
  await tx.deleteFrom('mapPins').where('id', '=', pinId).execute();
}

/**
 * Which of the linked rows exist in the event (a pin links only to its own event's location,
 * session and material). FOR KEY SHARE: they can not be deleted before the pin is written.
 */
export async function linkedInEvent(
  tx: Db,
  eventId: string,
  ids: { locationId?: string | null; sessionId?: string | null; materialId?: string | null },
) {
  const exists = async (table: 'locations' | 'sessions' | 'materials', id: string | null | undefined) =>
    !id ||
    (await tx
      .selectFrom(table)
      .select('id')
      .where('eventId', '=', eventId)
      .where('id', '=', id)
      .forKeyShare()
      .executeTakeFirst()) !== undefined;
  return {
    location: await exists('locations', ids.locationId),
    session: await exists('sessions', ids.sessionId),
    material: await exists('materials', ids.materialId),
  };
}
