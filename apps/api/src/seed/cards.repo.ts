import type { Db } from '../platform/db/index.js';

export async function hasCardRequests(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('businessCardRequests')
    .select('id')
    .where('eventId', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}
