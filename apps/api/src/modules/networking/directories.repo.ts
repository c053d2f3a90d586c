import { sql, type SqlBool } from 'kysely';
import { directoryListQuerySchema, type CustomFieldValueFilter, type Directory } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { DirectoriesTable } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';

/**
 * The SQL of directories (the organiser's configuration): the list (console and participants; a
 * record is one row with the names of its sessions and labels as page columns) and the writes.
 * The people of a directory: directories-items.repo.ts.
 */

const sessionsJson = sql<
  Directory['sessions']
>`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) ORDER BY s.start_at, lower(s.name), s.id), '[]'::jsonb)
    FROM sessions s WHERE s.event_id = list_page.event_id AND s.id = ANY(list_page.session_ids))`;

const labelsJson = sql<
  Directory['labels']
>`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'name', l.name, 'color', l.color) ORDER BY lower(l.name), l.id), '[]'::jsonb)
    FROM labels l WHERE l.event_id = list_page.event_id AND l.id = ANY(list_page.label_ids))`;

/**
 * Who reads directories: `staff` (admins and moderators) see the filter's arguments; participants
 * get them empty (label names and custom-field conditions are the organisers' business).
 */
export interface DirectoryScope {
  eventId: string;
  staff: boolean;
}

/** `GET events/{eventId}/directories`. */
export const directoryList = defineList({
  query: directoryListQuerySchema,
  select: (db: Db, { eventId, staff }: DirectoryScope) =>
    db
      .selectFrom('directories as d')
      .select([
        'd.id',
        'd.eventId',
        'd.name',
        'd.view',
        'd.filter',
        staff ? sql<string[]>`d.session_ids`.as('sessionIds') : sql<string[]>`'{}'::uuid[]`.as('sessionIds'),
        staff ? sql<string[]>`d.label_ids`.as('labelIds') : sql<string[]>`'{}'::uuid[]`.as('labelIds'),
        staff
          ? sql<CustomFieldValueFilter[]>`d.custom_field_values`.as('customFieldValues')
          : sql<CustomFieldValueFilter[]>`'[]'::jsonb`.as('customFieldValues'),
        'd.shownFields',
        'd.sort',
        'd.position',
        'd.createdAt',
        'd.updatedAt',
      ])
      .where('d.eventId', '=', eventId),
  pageColumns: { sessions: sessionsJson, labels: labelsJson },
  record: (row): Directory => ({
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    view: row.view,
    filter: row.filter,
    sessionIds: row.sessionIds,
    labelIds: row.labelIds,
    customFieldValues: row.customFieldValues,
    shownFields: row.shownFields,
    sort: row.sort,
    position: row.position,
    sessions: row.sessions,
    labels: row.labels,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }),
  id: sql.ref('d.id'),
  fields: {
    position: { sql: sql.ref('d.position'), sortable: true, label: 'Position' },
    name: { sql: sql.ref('d.name'), sortable: sql`lower(d.name)`, searchable: true, label: 'Name' },
    view: { sql: sql.ref('d.view'), sortable: true, label: 'View' },
    filter: { sql: sql.ref('d.filter'), sortable: true, label: 'Filter' },
    createdAt: { sql: sql.ref('d.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('d.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {
    view: (views) => sql<SqlBool>`d.view = ANY(${views}::text[])`,
    filter: (filters) => sql<SqlBool>`d.filter = ANY(${filters}::text[])`,
  },
  defaultSort: 'position:asc',
});

export type DirectoryRow = Pick<
  DirectoriesTable,
  'eventId' | 'name' | 'view' | 'filter' | 'sessionIds' | 'labelIds' | 'shownFields' | 'sort' | 'position'
> & { id: string; customFieldValues: CustomFieldValueFilter[] };

export async function findDirectory(
  db: Db,
  eventId: string,
  id: string,
  lock = false,
): Promise<DirectoryRow | undefined> {
  return db
    .selectFrom('directories')
    .select([
      'id',
      'eventId',
      'name',
      'view',
      'filter',
      'sessionIds',
      'labelIds',
      'customFieldValues',
      'shownFields',
      'sort',
      'position',
    ])
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export type DirectoryValues = Omit<DirectoryRow, 'id' | 'eventId'>;

export async function insertDirectory(
  tx: Db,
  eventId: string,
  v: DirectoryValues,
  actorId: string,
): Promise<string> {
  const row = await tx
    .insertInto('directories')
    .values({
      eventId,
      name: v.name,
      view: v.view,
      filter: v.filter,
      sessionIds: v.sessionIds,
      labelIds: v.labelIds,
      customFieldValues: JSON.stringify(v.customFieldValues),
      shownFields: v.shownFields,
      sort: v.sort,
      position: v.position,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDirectory(
  tx: Db,
  id: string,
  v: DirectoryValues,
  actorId: string,
): Promise<void> {
  await tx
    .updateTable('directories')
    .set({
      name: v.name,
      view: v.view,
      filter: v.filter,
      sessionIds: v.sessionIds,
      labelIds: v.labelIds,
      customFieldValues: JSON.stringify(v.customFieldValues),
      shownFields: v.shownFields,
      sort: v.sort,
      position: v.position,
      updatedBy: actorId,
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteDirectory(tx: Db, id: string): Promise<void> {
  await tx.deleteFrom('directories').where('id', '=', id).execute();
}

/** Of these session ids, those of the event. */
export async function sessionIdsOfEvent(db: Db, eventId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('eventId', '=', eventId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}

/** Of these label ids, those of the event. */
export async function labelIdsOfEvent(db: Db, eventId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('labels')
    .select('id')
    .where('eventId', '=', eventId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}
