import { sql, type Insertable, type Updateable } from 'kysely';
import { appVersionListQuerySchema, yesNo, type AppVersionRecord } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AppVersionsTable } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';
import { inTexts } from './scopes.repo.js';

/** Numeric order of the version's dotted parts: 1.10.0 after 1.9.2. */
const versionOrder = sql`coalesce(string_to_array(substring(a.version from '^[0-9]+(?:[.][0-9]+)*'), '.')::int[], '{}')`;

export const appVersionList = defineList({
  query: appVersionListQuerySchema,
  select: (db: Db, _scope: null) =>
    db
      .selectFrom('appVersions as a')
      .select(['a.id', 'a.platform', 'a.version', 'a.isRequired', 'a.createdAt', 'a.updatedAt']),
  record: (row): AppVersionRecord => row,
  id: sql.ref('a.id'),
  fields: {
    platform: { sql: sql.ref('a.platform'), sortable: true, searchable: true, label: 'Platform' },
    version: { sql: sql.ref('a.version'), sortable: versionOrder, searchable: true, label: 'Version' },
    isRequired: {
      sql: sql.ref('a.isRequired'),
      sortable: true,
      label: 'Required',
      cell: (r) => yesNo(r.isRequired),
    },
    createdAt: { sql: sql.ref('a.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('a.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {
    platform: (v) => inTexts(sql.ref('a.platform'), v),
    isRequired: (v) => sql`a.is_required = ${v}`,
  },
  defaultSort: 'createdAt:desc',
});

/** The id of the version with this platform and number, if any. */
export async function findVersion(db: Db, platform: string, version: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('appVersions')
    .select('id')
    .where('platform', '=', platform as 'iOS')
    .where('version', '=', version)
    .executeTakeFirst();
  return row?.id;
}

export async function insertVersion(
  db: Db,
  values: Omit<Insertable<AppVersionsTable>, 'updatedAt'>,
): Promise<string> {
  const row = await db
    .insertInto('appVersions')
    .values({ ...values, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateVersion(
  db: Db,
  id: string,
  values: Omit<Updateable<AppVersionsTable>, 'updatedAt'>,
): Promise<void> {
  await db
    .updateTable('appVersions')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteVersion(db: Db, id: string): Promise<void> {
  await db.deleteFrom('appVersions').where('id', '=', id).execute();
}
