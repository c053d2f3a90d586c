import { sql, type SqlBool } from 'kysely';
import { materialListQuerySchema, type MaterialRecord, type PinUsage } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';
import {
  authorColumns,
  authors,
  fileUrl,
  materialShown,
  pinUsages,
  shownSessionCount,
  type ContentScope,
} from './content.repo.js';

/**
 * `GET events/{eventId}/materials`: scope = the event, whether the reader is an admin, and whose
 * audiences apply (ContentScope): a participant lists the event-wide, the pinned and their agenda's
 * sessions' materials (materialShown), with the number of those sessions.
 */
export const materialList = defineList({
  query: materialListQuerySchema,
  select: (db: Db, scope: ContentScope) =>
    db
      .selectFrom('materials as m')
      .leftJoin('users as cb', 'cb.id', 'm.createdBy')
      .leftJoin('users as ub', 'ub.id', 'm.updatedBy')
      .select([
        'm.id',
        'm.eventId',
        'm.name',
        'm.description',
        'm.fileKey',
        'm.fileName',
        'm.fileType',
        // Materials are at most 100 MB: an int, not pg's bigint-as-text.
        sql<number>`m.file_size::int`.as('fileSize'),
        'm.createdAt',
        'm.updatedAt',
        ...authorColumns(scope.admin),
        shownSessionCount(
          scope.reader,
          sql`s.id IN (SELECT vsm.session_id FROM session_materials vsm WHERE vsm.material_id = m.id)`,
        ).as('shownSessionCount'),
      ])
      .where('m.eventId', '=', scope.eventId)
      .$if(scope.reader !== 'all', (qb) => qb.where(materialShown(scope.reader))),
  pageColumns: {
    pins: pinUsages('material_id'),
    sessionCount: sql<number>`(SELECT count(*)::int FROM session_materials sm WHERE sm.material_id = list_page.id)`,
  },
  record: ({ fileKey, shownSessionCount, ...row }): MaterialRecord => ({
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    description: row.description,
    fileName: row.fileName,
    fileType: row.fileType,
    fileSize: row.fileSize,
    url: fileUrl(fileKey),
    pins: row.pins as PinUsage[],
    sessionCount: shownSessionCount ?? row.sessionCount,
    ...authors(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }),
  id: sql.ref('m.id'),
  fields: {
    name: { sql: sql.ref('m.name'), sortable: sql`lower(m.name)`, searchable: true, label: 'Name' },
    description: { label: 'Description' },
    fileName: { label: 'File name' },
    fileType: { sql: sql.ref('m.fileType'), sortable: true, label: 'File type' },
    fileSize: { sql: sql.ref('m.fileSize'), sortable: true, label: 'File size' },
    url: { label: 'URL' },
    sessionCount: { label: 'Sessions' },
    createdAt: { sql: sql.ref('m.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('m.updatedAt'), sortable: true, label: 'Updated at' },
    updatedBy: {
      label: 'Updated by',
      cell: (r) => (r.updatedBy ? `${r.updatedBy.firstName} ${r.updatedBy.lastName}`.trim() : ''),
    },
  },
  filters: {
    fileType: (types) => sql<SqlBool>`m.file_type = ANY(${types}::text[])`,
  },
  defaultSort: 'name:asc',
});

export async function findMaterial(db: Db, eventId: string, id: string, lock = false) {
  return db
    .selectFrom('materials')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export interface MaterialFile {
  fileKey: string;
  fileName: string;
  fileType: string;
  fileSize: number;
}

export async function insertMaterial(
  tx: Db,
  values: { eventId: string; name: string; description: string; actorId: string } & MaterialFile,
): Promise<string> {
  const { actorId, ...rest } = values;
  const row = await tx
    .insertInto('materials')
    .values({ ...rest, createdBy: actorId, updatedBy: actorId, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMaterial(
  tx: Db,
  id: string,
  patch: Partial<{ name: string; description: string } & MaterialFile>,
  actorId: string,
): Promise<void> {
  await tx
    .updateTable('materials')
    .set({ ...patch, updatedBy: actorId, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function usesOf(db: Db, id: string): Promise<{ sessions: number; pins: number }> {
  const { rows } = await sql<{ sessions: number; pins: number }>`
    SELECT (SELECT count(*)::int FROM session_materials WHERE material_id = ${id}) AS sessions, (SELECT count(*)::int FROM map_pins WHERE material_id = ${id}) AS pins`.execute(
    db,
  );
  return rows[0] ?? { sessions: 0, pins: 0 };
}

export async function deleteMaterial(tx: Db, id: string): Promise<void> {
  await tx.deleteFrom('materials').where('id', '=', id).execute();
}
