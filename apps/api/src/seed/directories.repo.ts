import type { Db } from '../platform/db/index.js';
import type { DirectoriesTable } from '../platform/db/schema.js';

/** The first event of this name (the demo event), if any. */
export async function demoEventId(db: Db, eventName: string): Promise<string | undefined> {
  const event = await db
    .selectFrom('events')
    .select('id')
    .where('name', '=', eventName)
    .orderBy('createdAt')
    .executeTakeFirst();
  return event?.id;
}

export async function hasDirectories(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('directories')
    .select('id')
    .where('eventId', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

export type SeedDirectory = Pick<
  DirectoriesTable,
  'name' | 'view' | 'filter' | 'shownFields' | 'sort' | 'position'
>;

export async function insertDirectories(
  db: Db,
  eventId: string,
  rows: readonly SeedDirectory[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('directories')
    .values(
      rows.map((r) => ({ ...r, eventId, sessionIds: [], labelIds: [], createdBy: null, updatedBy: null })),
    )
    .execute();
}
