import type { Db } from '../platform/db/index.js';

export async function hasConversations(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('chatConversations')
    .select('id')
    .where('eventId', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}
