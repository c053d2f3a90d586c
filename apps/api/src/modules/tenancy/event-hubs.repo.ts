import { sql, type SqlBool } from 'kysely';
import { eventHubListQuerySchema, type EventHubRecord } from '@plenary/domain';
import { isSuperAdmin, type Principal } from '../../platform/access.js';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';
import { inIds } from './scopes.repo.js';

/** Hubs of the organisations the principal administers, plus the hubs they administer. */
export const hubScope = (p: Principal) =>
  sql<SqlBool>`(${inIds('h.organizationId', p.organizationIds)} OR ${inIds('h.id', p.eventHubIds)})`;

export const eventHubList = defineList({
  query: eventHubListQuerySchema,
  select: (db: Db, p: Principal) =>
    db
      .selectFrom('eventHubs as h')
      // A left join (every hub has one): the count query then skips it.
      .leftJoin('organizations as o', 'o.id', 'h.organizationId')
      .leftJoin('users as u', 'u.id', 'h.updatedBy')
      .select([
        'h.id',
        'h.name',
        'h.organizationId',
        'o.name as organizationName',
        'h.createdAt',
        'h.updatedAt',
        'u.firstName as updatedByFirstName',
        'u.lastName as updatedByLastName',
      ])
      .$if(!isSuperAdmin(p), (qb) => qb.where(hubScope(p))),
  record: (row): EventHubRecord => ({
    id: row.id,
    name: row.name,
    organizationId: row.organizationId,
    organizationName: row.organizationName ?? '',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    updatedBy:
      row.updatedByFirstName === null
        ? null
        : { firstName: row.updatedByFirstName, lastName: row.updatedByLastName ?? '' },
  }),
  id: sql.ref('h.id'),
  fields: {
    name: { sql: sql.ref('h.name'), sortable: sql`lower(h.name)`, searchable: true, label: 'Name' },
    organizationName: { sortable: sql`lower(o.name)`, label: 'Organization' },
    createdAt: { sql: sql.ref('h.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('h.updatedAt'), sortable: true, label: 'Updated at' },
    updatedBy: {
      label: 'Last modified by',
      cell: (r) => (r.updatedBy ? `${r.updatedBy.firstName} ${r.updatedBy.lastName}`.trim() : ''),
    },
  },
  filters: { organizationId: (ids) => inIds('h.organizationId', ids) },
  defaultSort: 'name:asc',
});

export function findHub(db: Db, id: string) {
  return db.selectFrom('eventHubs').select(['id', 'organizationId']).where('id', '=', id).executeTakeFirst();
}

export async function organizationExists(db: Db, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

export async function insertHub(
  db: Db,
  values: { name: string; organizationId: string; updatedBy: string },
): Promise<string> {
  const row = await db
    .insertInto('eventHubs')
    .values({ ...values, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renames and/or moves the hub; its events follow it to the new organisation. */
export async function updateHub(
  db: Db,
  id: string,
  values: { name?: string | undefined; organizationId?: string | undefined; updatedBy: string },
): Promise<void> {
  await db
    .updateTable('eventHubs')
    .set({
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.organizationId !== undefined ? { organizationId: values.organizationId } : {}),
      updatedAt: new Date(),
      updatedBy: values.updatedBy,
    })
    .where('id', '=', id)
    .execute();
  if (values.organizationId !== undefined) {
    await db
      .updateTable('events')
      .set({ organizationId: values.organizationId })
      .where('eventHubId', '=', id)
      .execute();
  }
}

/** Deletes the hub (its events and their participants follow by cascade) and the roles held on the hub or its events. */
export async function deleteHub(db: Db, id: string): Promise<void> {
  await db
    .deleteFrom('memberships')
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'eventHub'), eb('scopeId', '=', id)]),
        eb.and([
          eb('scope', '=', 'event'),
          eb('scopeId', 'in', eb.selectFrom('events').select('id').where('eventHubId', '=', id)),
        ]),
      ]),
    )
    .execute();
  await db.deleteFrom('eventHubs').where('id', '=', id).execute();
}
