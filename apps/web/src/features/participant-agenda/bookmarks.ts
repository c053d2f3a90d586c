import type { QueuedChange } from '../../shared/offline';

/** The offline queue's key of a bookmark change: the last star or unstar of a session wins. */
export const bookmarkKey = (sessionId: string) => `bookmark:${sessionId}`;

/**
 * The bookmarks to show: the API's, with the user's changes still waiting in the offline queue
 * applied on top (a refetch while offline must not undo a star the participant just set).
 */
export function withQueuedBookmarks(
  saved: readonly string[],
  queue: readonly QueuedChange[],
  userId: string | undefined,
): Set<string> {
  const ids = new Set(saved);
  for (const change of queue) {
    if (change.userId !== userId || !change.key.startsWith('bookmark:')) continue;
    const sessionId = change.key.slice('bookmark:'.length);
    if (change.method === 'PUT') ids.add(sessionId);
    else if (change.method === 'DELETE') ids.delete(sessionId);
  }
  return ids;
}

/** What My Agenda marks a session with. */
export interface MyAgendaMarks {
  place: 'ENROLLED' | 'WAITLISTED' | null;
  bookmarked: boolean;
}

/** My Agenda: the sessions the participant holds a place in or bookmarked (in the agenda's order), and why each is there. */
export function myAgendaSessions<S extends { id: string; myState: MyAgendaMarks['place'] }>(
  sessions: readonly S[],
  bookmarked: ReadonlySet<string>,
): { session: S; marks: MyAgendaMarks }[] {
  return sessions
    .filter((s) => s.myState !== null || bookmarked.has(s.id))
    .map((session) => ({
      session,
      marks: { place: session.myState, bookmarked: bookmarked.has(session.id) },
    }));
}
