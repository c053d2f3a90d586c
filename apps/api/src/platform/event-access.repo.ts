import type { Db } from './db/index.js';
import type { EventRef } from './event-access.js';

export function findEventRef(db: Db, eventId: string): Promise<EventRef | undefined> {
  return db
    .selectFrom('events')
    .select(['id', 'name', 'eventHubId', 'organizationId'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}
