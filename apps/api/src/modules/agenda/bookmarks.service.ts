import { BOOKMARK_CHANGED_EVENT, type Bookmark, type Bookmarks } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { rooms } from '../../platform/realtime.js';
import type { EventAccess } from '../../platform/event-access.js';
import * as repo from './bookmarks.repo.js';
import { lookerOf } from './views.service.js';

type Deps = Pick<AppDeps, 'db' | 'realtime'>;

/** GET sessions/v2/bookmarks: the caller's bookmarks among the sessions they see. */
export async function listBookmarks({ db }: Deps, access: EventAccess): Promise<Bookmarks> {
  const { viewer } = await lookerOf(db, access);
  return {
    sessionIds: await repo.bookmarkedSessionIds(db, access.event.id, access.ctx.principal.userId, viewer),
  };
}

/**
 * PUT (bookmarked true) or DELETE (false) sessions/v2/{sessionId}/bookmark. Idempotent: answers the
 * state either way, and only a change is announced to the user's room (their other tabs and devices).
 * Starring needs a session the caller sees (404 otherwise); unstarring only one of the event, so a
 * session hidden since can still be taken off.
 */
export async function setBookmark(
  deps: Deps,
  access: EventAccess,
  sessionId: string,
  bookmarked: boolean,
): Promise<Bookmark> {
  const { db } = deps;
  const eventId = access.event.id;
  const userId = access.ctx.principal.userId;
  const { viewer } = await lookerOf(db, access);
  const session = await repo.sessionFor(db, eventId, sessionId, viewer);
  if (!session || (bookmarked && !session.visible)) throw notFound();
  const changed = bookmarked
    ? await repo.addBookmark(db, eventId, sessionId, userId)
    : await repo.removeBookmark(db, eventId, sessionId, userId);
  if (changed)
    deps.realtime.emit(rooms.user(userId), BOOKMARK_CHANGED_EVENT, { eventId, sessionId, bookmarked });
  return { sessionId, bookmarked };
}
