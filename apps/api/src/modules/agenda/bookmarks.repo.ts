import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { Viewer } from './audience.js';
import { visibleTo } from './visibility.repo.js';

/** Who looks: a participant (their audience decides) or staff who do not take part (every published session). */
export type BookmarkViewer = Viewer | 'all';

function seenBy(viewer: BookmarkViewer) {
  return viewer === 'all' ? sql<SqlBool>`s.status = 'PUBLISHED'` : visibleTo(viewer);
}

/** Whether the session is the event's; whether the viewer may see it. Undefined: not the event's. */
export async function sessionFor(
  db: Db,
  eventId: string,
  sessionId: string,
  viewer: BookmarkViewer,
): Promise<{ visible: boolean } | undefined> {
  const { rows } = await sql<{ visible: boolean }>`
    SELECT ${seenBy(viewer)} AS visible FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id
    WHERE s.event_id = ${eventId} AND s.id = ${sessionId}`.execute(db);
  return rows[0];
}

/** The user's bookmarked sessions of the event that they can still see, in agenda order. */
export async function bookmarkedSessionIds(
  db: Db,
  eventId: string,
  userId: string,
  viewer: BookmarkViewer,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT s.id FROM session_bookmarks bm
    JOIN sessions s ON s.id = bm.session_id
    LEFT JOIN breakouts b ON b.id = s.breakout_id
    WHERE bm.event_id = ${eventId} AND bm.user_id = ${userId} AND ${seenBy(viewer)}
    ORDER BY s.start_at, s.id`.execute(db);
  return rows.map((r) => r.id);
}

/** True when the bookmark is new (a repeated PUT changes nothing). */
export async function addBookmark(
  db: Db,
  eventId: string,
  sessionId: string,
  userId: string,
): Promise<boolean> {
  const added = await db
    .insertInto('sessionBookmarks')
    .values({ eventId, sessionId, userId })
    .onConflict((oc) => oc.columns(['userId', 'sessionId']).doNothing())
    .returning('sessionId')
    .executeTakeFirst();
  return added !== undefined;
}

/** True when there was a bookmark to remove. */
export async function removeBookmark(
  db: Db,
  eventId: string,
  sessionId: string,
  userId: string,
): Promise<boolean> {
  const removed = await db
    .deleteFrom('sessionBookmarks')
    .where('eventId', '=', eventId)
    .where('sessionId', '=', sessionId)
    .where('userId', '=', userId)
    .returning('sessionId')
    .executeTakeFirst();
  return removed !== undefined;
}
