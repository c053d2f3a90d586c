import type { Db } from '../platform/db/index.js';

/** The demo event's id and whether its e-mail log has rows already (the seed runs once). */
export async function emailLogDemoEvent(
  db: Db,
  eventName: string,
): Promise<{ eventId: string; logged: boolean } | undefined> {
  const event = await db
    .selectFrom('events')
    .select('id')
    .where('name', '=', eventName)
    .orderBy('createdAt')
    .executeTakeFirst();
  if (!event) return undefined;
  const row = await db
    .selectFrom('emailLog')
    .select('id')
    .where('eventId', '=', event.id)
    .limit(1)
    .executeTakeFirst();
  return { eventId: event.id, logged: row !== undefined };
}
