import { sql } from 'kysely';
import { listQuerySchema, type CollectionRecord } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AudienceJson } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';
import { audienceRecord } from '../agenda/index.js';
import {
  audienceLabels,
  authorColumns,
  authors,
  collectionShown,
  nameTakenIn,
  shownSessionCount,
  type ContentScope,
} from './content.repo.js';

/**
 * `GET events/{eventId}/collections`: scope = the event, whether the reader is an admin, and whose
 * audiences apply (ContentScope): a participant lists the collections whose audience includes them,
 * with the number of their sessions the participant's agenda shows.
 */
export const collectionList = defineList({
  query: listQuerySchema,
  select: (db: Db, scope: ContentScope) =>
    db
      .selectFrom('collections as c')
      .leftJoin('users as cb', 'cb.id', 'c.createdBy')
      .leftJoin('users as ub', 'ub.id', 'c.updatedBy')
      .select([
        'c.id',
        'c.eventId',
        'c.name',
        'c.description',
        'c.color',
        'c.createdAt',
        'c.updatedAt',
        ...authorColumns(scope.admin),
      ])
      // Who a track is for is the organisers' business: NULL for anyone but admins.
      .select(
        (scope.admin ? sql<AudienceJson | null>`c.audience` : sql<AudienceJson | null>`NULL::jsonb`).as(
          'audience',
        ),
      )
      .select(
        shownSessionCount(
          scope.reader,
          sql`s.id IN (SELECT vsc.session_id FROM session_collections vsc WHERE vsc.collection_id = c.id)`,
        ).as('shownSessionCount'),
      )
      .where('c.eventId', '=', scope.eventId)
      .$if(scope.reader !== 'all', (qb) => qb.where(collectionShown(scope.reader))),
  pageColumns: {
    audienceLabels: audienceLabels(),
    sessionCount: sql<number>`(SELECT count(*)::int FROM session_collections sc WHERE sc.collection_id = list_page.id)`,
  },
  record: (row): CollectionRecord => {
    const audience =
      row.audience === null
        ? null
        : audienceRecord(row.audience, new Map(row.audienceLabels.map((l) => [l.id, l])));
    return {
      id: row.id,
      eventId: row.eventId,
      name: row.name,
      description: row.description,
      color: row.color,
      audience,
      rulesLength: audience ? audience.rules.length : null,
      sessionCount: row.shownSessionCount ?? row.sessionCount,
      createdBy: authors(row).createdBy,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  },
  id: sql.ref('c.id'),
  fields: {
    name: { sql: sql.ref('c.name'), sortable: sql`lower(c.name)`, searchable: true, label: 'Name' },
    description: { label: 'Description' },
    color: { label: 'Color' },
    rulesLength: { label: 'Rules' },
    sessionCount: { label: 'Sessions' },
    createdBy: {
      label: 'Created by',
      cell: (r) => (r.createdBy ? `${r.createdBy.firstName} ${r.createdBy.lastName}`.trim() : ''),
    },
    createdAt: { sql: sql.ref('c.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('c.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {},
  defaultSort: 'name:asc',
});

export async function findCollection(db: Db, eventId: string, id: string, lock = false) {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export const nameTaken = (db: Db, eventId: string, name: string, exceptId?: string): Promise<boolean> =>
  nameTakenIn(db, 'collections', eventId, name, exceptId);

export async function insertCollection(
  tx: Db,
  values: {
    eventId: string;
    name: string;
    description: string;
    color: string;
    audience: AudienceJson;
    actorId: string;
  },
): Promise<string> {
  const { actorId, audience, ...rest } = values;
  const row = await tx
    .insertInto('collections')
    .values({
      ...rest,
      audience: JSON.stringify(audience),
      createdBy: actorId,
      updatedBy: actorId,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCollection(
  tx: Db,
  id: string,
  patch: { name?: string; description?: string; color?: string; audience?: AudienceJson },
  actorId: string,
): Promise<void> {
  const { audience, ...rest } = patch;
  await tx
    .updateTable('collections')
    .set({
      ...rest,
      ...(audience ? { audience: JSON.stringify(audience) } : {}),
      updatedBy: actorId,
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** The PUBLISHED sessions in the collection (what participants' agendas show of it). */
export async function publishedSessionsOf(db: Db, id: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sessionCollections as sc')
    .innerJoin('sessions as s', 's.id', 'sc.sessionId')
    .select('s.id')
    .where('sc.collectionId', '=', id)
    .where('s.status', '=', 'PUBLISHED')
    .orderBy('s.id')
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteCollection(tx: Db, id: string): Promise<void> {
  await tx.deleteFrom('collections').where('id', '=', id).execute();
}
