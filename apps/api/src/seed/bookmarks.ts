import type { AppDeps } from '../platform/deps.js';
import { DEMO_EVENT_NAME } from './agenda.js';

/** How many of the demo's participants star sessions, and how many each. */
const BOOKMARKERS = 8;
const PER_PERSON = 3;

/**
 * Demo bookmarks (issue 11): the first participants (the demo participant account among them) each
 * star a few published sessions, spread over the programme, so My Agenda shows starred sessions
 * beside enrolled ones on first start. Runs once: an event with bookmarks is left alone.
 */
export async function seedBookmarks({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const event = await db
    .selectFrom('events')
    .select('id')
    .where('name', '=', DEMO_EVENT_NAME)
    .orderBy('createdAt')
    .executeTakeFirst();
  if (!event) return;
  const already = await db
    .selectFrom('sessionBookmarks')
    .select('userId')
    .where('eventId', '=', event.id)
    .executeTakeFirst();
  if (already) return;

  const sessions = await db
    .selectFrom('sessions')
    .select('id')
    .where('eventId', '=', event.id)
    .where('status', '=', 'PUBLISHED')
    .orderBy('startAt')
    .orderBy('id')
    .execute();
  const people = await db
    .selectFrom('participants')
    .innerJoin('users', 'users.id', 'participants.userId')
    .select('participants.userId')
    .where('participants.eventId', '=', event.id)
    .orderBy('users.createdAt')
    .orderBy('users.email')
    .limit(BOOKMARKERS)
    .execute();
  if (sessions.length === 0 || people.length === 0) return;

  const rows = people.flatMap((p, i) => {
    const picked = new Set(
      Array.from({ length: PER_PERSON }, (_, k) => sessions[(i * 2 + k * 4 + 1) % sessions.length]!.id),
    );
    return [...picked].map((sessionId) => ({ userId: p.userId, sessionId, eventId: event.id }));
  });
  await db
    .insertInto('sessionBookmarks')
    .values(rows)
    .onConflict((oc) => oc.columns(['userId', 'sessionId']).doNothing())
    .execute();
}
