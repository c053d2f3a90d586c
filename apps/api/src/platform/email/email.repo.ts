import type { Db } from '../db/index.js';

/** What an event's e-mails show of it. */
export function eventLook(
  db: Db,
  eventId: string,
): Promise<{ name: string; primaryColor: string } | undefined> {
  return db
    .selectFrom('events')
    .select(['name', 'primaryColor'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}
