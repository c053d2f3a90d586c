import type { Db } from '../platform/db/index.js';

/**
 * The demo event's participants for the networking seeds (cards, chat, meetings): the demo
 * participant, then the first `limit` others by e-mail, hidden profiles left out.
 */
export async function demoPeople(
  db: Db,
  eventName: string,
  demoEmail: string,
  limit = 40,
): Promise<{ eventId: string; me: string; others: string[] } | undefined> {
  const event = await db
    .selectFrom('events')
    .select('id')
    .where('name', '=', eventName)
    .orderBy('createdAt')
    .executeTakeFirst();
  if (!event) return undefined;
  const rows = await db
    .selectFrom('participants as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['p.id', 'u.email'])
    .where('p.eventId', '=', event.id)
    .where('p.profileHidden', '=', false)
    .orderBy('u.email')
    .limit(limit)
    .execute();
  const me = rows.find((r) => r.email === demoEmail);
  if (!me) return undefined;
  return { eventId: event.id, me: me.id, others: rows.filter((r) => r.id !== me.id).map((r) => r.id) };
}
