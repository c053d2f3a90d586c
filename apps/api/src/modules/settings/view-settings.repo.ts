import type { ViewSettingsBody } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';

export async function findViewSettings(
  db: Db,
  userId: string,
  tableKey: string,
): Promise<ViewSettingsBody | undefined> {
  const row = await db
    .selectFrom('viewSettings')
    .select('settings')
    .where('userId', '=', userId)
    .where('tableKey', '=', tableKey)
    .executeTakeFirst();
  return row?.settings as ViewSettingsBody | undefined;
}

/** Inserts; false when the user already has settings for the table. */
export async function insertViewSettings(
  db: Db,
  userId: string,
  tableKey: string,
  settings: ViewSettingsBody,
): Promise<boolean> {
  const rows = await db
    .insertInto('viewSettings')
    .values({ userId, tableKey, settings: JSON.stringify(settings), updatedAt: new Date() })
    .onConflict((oc) => oc.columns(['userId', 'tableKey']).doNothing())
    .returning('tableKey')
    .execute();
  return rows.length > 0;
}

export async function updateViewSettings(
  db: Db,
  userId: string,
  tableKey: string,
  settings: ViewSettingsBody,
): Promise<void> {
  await db
    .updateTable('viewSettings')
    .set({ settings: JSON.stringify(settings), updatedAt: new Date() })
    .where('userId', '=', userId)
    .where('tableKey', '=', tableKey)
    .execute();
}
