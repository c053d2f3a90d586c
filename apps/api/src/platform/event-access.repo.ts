import type { Db } from './db/index.js';

/** The event columns every access check needs (`EventAccess.event`). */
export interface EventRef {
  id: string;
  name: string;
  eventHubId: string;
  organizationId: string;
}

export function findEventRef(db: Db, eventId: string): Promise<EventRef | undefined> {
  return db
    .selectFrom('events')
    .select(['id', 'name', 'eventHubId', 'organizationId'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}
