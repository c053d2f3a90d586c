import type { Db } from './db/index.js';

/** What the event access checks need of an event: its id and tenant. */
export interface EventScope {
  id: string;
  eventHubId: string;
  organizationId: string;
}

export async function eventScope(db: Db, eventId: string): Promise<EventScope | undefined> {
  return db
    .selectFrom('events')
    .select(['id', 'eventHubId', 'organizationId'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}
