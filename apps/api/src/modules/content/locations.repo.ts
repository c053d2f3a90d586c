import { sql, type SqlBool } from 'kysely';
import { locationListQuerySchema, type LocationRecord, type PinUsage } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';
import {
  authorColumns,
  authors,
  fileUrl,
  pinUsages,
  nameTakenIn,
  shownSessionCount,
  type ContentScope,
} from './content.repo.js';

/**
 * `GET events/{eventId}/locations`: scope = the event, whether the reader is an admin, and whose
 * audiences apply (ContentScope). Every participant reads every location; sessionCount counts the
 * sessions their agenda shows.
 */
export const locationList = defineList({
  query: locationListQuerySchema,
  select: (db: Db, scope: ContentScope) =>
    db
      .selectFrom('locations as l')
      .leftJoin('users as cb', 'cb.id', 'l.createdBy')
      .leftJoin('users as ub', 'ub.id', 'l.updatedBy')
      .select([
        'l.id',
        'l.eventId',
        'l.name',
        'l.description',
        'l.mapLocationUrl',
        'l.pdfMapKey',
        'l.createdAt',
        'l.updatedAt',
        ...authorColumns(scope.admin),
      ])
      .select(shownSessionCount(scope.reader, sql`s.location_id = l.id`).as('shownSessionCount'))
      .where('l.eventId', '=', scope.eventId),
  pageColumns: {
    pins: pinUsages('location_id'),
    sessionCount: sql<number>`(SELECT count(*)::int FROM sessions s WHERE s.location_id = list_page.id)`,
  },
  record: ({ pdfMapKey, shownSessionCount, ...row }): LocationRecord => ({
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    description: row.description,
    mapLocationUrl: row.mapLocationUrl,
    pdfMapUrl: pdfMapKey ? fileUrl(pdfMapKey) : null,
    pins: row.pins as PinUsage[],
    sessionCount: shownSessionCount ?? row.sessionCount,
    ...authors(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }),
  id: sql.ref('l.id'),
  fields: {
    name: { sql: sql.ref('l.name'), sortable: sql`lower(l.name)`, searchable: true, label: 'Name' },
    description: { label: 'Description' },
    mapLocationUrl: { label: 'Map Location Url' },
    pdfMapUrl: { label: 'Pdf Map' },
    pins: { label: 'Map pins', cell: (r) => r.pins.map((p) => `${p.mapName} ${p.pinName}`).join(', ') },
    sessionCount: { label: 'Sessions' },
    createdAt: { sql: sql.ref('l.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('l.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {
    mapId: (mapId) =>
      sql<SqlBool>`EXISTS (SELECT 1 FROM map_pins p WHERE p.location_id = l.id AND p.map_id = ${mapId})`,
  },
  defaultSort: 'name:asc',
});

export async function findLocation(db: Db, eventId: string, id: string) {
  return db
    .selectFrom('locations')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export const nameTaken = (db: Db, eventId: string, name: string, exceptId?: string): Promise<boolean> =>
  nameTakenIn(db, 'locations', eventId, name, exceptId);

export async function insertLocation(
  tx: Db,
  values: {
    eventId: string;
    name: string;
    description: string;
    mapLocationUrl: string | null;
    actorId: string;
  },
): Promise<string> {
  const row = await tx
    .insertInto('locations')
    .values({
      eventId: values.eventId,
      name: values.name,
      description: values.description,
      mapLocationUrl: values.mapLocationUrl,
      createdBy: values.actorId,
      updatedBy: values.actorId,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLocation(
  tx: Db,
  id: string,
  patch: { name?: string; description?: string; mapLocationUrl?: string | null; pdfMapKey?: string | null },
  actorId: string,
): Promise<void> {
  await tx
    .updateTable('locations')
    .set({ ...patch, updatedBy: actorId, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** How many sessions and pins point at a location. */
export async function usesOf(db: Db, id: string): Promise<{ sessions: number; pins: number }> {
  const { rows } = await sql<{ sessions: number; pins: number }>`
    SELECT (SELECT count(*)::int FROM sessions WHERE location_id = ${id}) AS sessions, (SELECT count(*)::int FROM map_pins WHERE location_id = ${id}) AS pins`.execute(
    db,
  );
  return rows[0] ?? { sessions: 0, pins: 0 };
}

export async function deleteLocation(tx: Db, id: string): Promise<void> {
  await tx.deleteFrom('locations').where('id', '=', id).execute();
}

/**
 * The event's location, locked (FOR UPDATE): a session or pin taking the location now waits for
 * this transaction (their foreign key locks the row), and so does a concurrent PDF-map change,
 * which reads the key it replaces from here. Another event's location id answers undefined.
 */
export async function lockLocation(
  db: Db,
  eventId: string,
  id: string,
): Promise<{ id: string; pdfMapKey: string | null } | undefined> {
  return db
    .selectFrom('locations')
    .select(['id', 'pdfMapKey'])
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}
