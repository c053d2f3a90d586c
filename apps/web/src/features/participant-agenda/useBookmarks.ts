import { BOOKMARK_CHANGED_EVENT, rooms, type Bookmark, type Bookmarks } from '@plenary/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { fetchPreferringHeld, isUnreachable, queueChange, useQueuedChanges } from '../../shared/offline';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { useUserState } from '../../shared/session/hooks';
import { toast } from '../../shared/ui/toast';
import { agendaKeys, sessionsV2 } from './api';
import { bookmarkKey, withQueuedBookmarks } from './bookmarks';

const bookmarksKey = (eventId: string) => [...agendaKeys.all(eventId), 'bookmarks'] as const;
const bookmarkPath = (eventId: string, sessionId: string) =>
  `${sessionsV2(eventId)}/${encodeURIComponent(sessionId)}/bookmark`;

function setSaved(client: QueryClient, eventId: string, sessionId: string, bookmarked: boolean): void {
  client.setQueryData<Bookmarks>(bookmarksKey(eventId), (old) => {
    const ids = new Set(old?.sessionIds ?? []);
    if (bookmarked) ids.add(sessionId);
    else ids.delete(sessionId);
    return { sessionIds: [...ids] };
  });
}

/**
 * The participant's bookmarked sessions of the event (`GET sessions/v2/bookmarks`, kept by the
 * service worker like the agenda), with changes still waiting in the offline queue applied.
 */
export function useBookmarks(eventId: string): { ids: Set<string>; isPending: boolean } {
  const client = useQueryClient();
  const userId = useUserState().tokenData?.userId;
  const queue = useQueuedChanges();
  const query = useQuery<Bookmarks, ApiError>({
    queryKey: bookmarksKey(eventId),
    queryFn: ({ signal }) =>
      fetchPreferringHeld<Bookmarks>(
        client,
        bookmarksKey(eventId),
        `${sessionsV2(eventId)}/bookmarks`,
        signal,
      ),
    enabled: Boolean(eventId),
  });
  const saved = query.data?.sessionIds;
  const ids = useMemo(() => withQueuedBookmarks(saved ?? [], queue, userId), [saved, queue, userId]);
  return { ids, isPending: query.isPending };
}

/** Another tab or device of the user starred or unstarred a session: follow without a reload. */
export function useBookmarksRealtime(eventId: string): void {
  const client = useQueryClient();
  const userId = useUserState().tokenData?.userId;
  useRealtimeEvent(eventId && userId ? rooms.user(userId) : null, BOOKMARK_CHANGED_EVENT, (p) => {
    if (p.eventId === eventId) setSaved(client, eventId, p.sessionId, p.bookmarked);
  });
  useRealtimeResync(() => void client.invalidateQueries({ queryKey: bookmarksKey(eventId) }));
}

/**
 * Star or unstar a session, shown at once. Offline, or when the request does not reach the API, the
 * change is queued like an enrollment (`bookmark:<sessionId>`, the last wish wins) and sent when the
 * connection returns; a refusal puts the star back as it was.
 */
export function useToggleBookmark(eventId: string, session: { id: string; name: string }) {
  const client = useQueryClient();
  const { t } = useTranslation('participantApp');
  const userId = useUserState().tokenData?.userId ?? '';
  return useMutation<{ queued: boolean }, ApiError, boolean>({
    networkMode: 'always',
    mutationFn: async (bookmarked) => {
      const queue = () =>
        queueChange({
          key: bookmarkKey(session.id),
          userId,
          method: bookmarked ? 'PUT' : 'DELETE',
          path: bookmarkPath(eventId, session.id),
          label: session.name,
        });
      if (!navigator.onLine) {
        queue();
        return { queued: true };
      }
      try {
        const answer = await apiFetch<Bookmark>(bookmarkPath(eventId, session.id), {
          method: bookmarked ? 'PUT' : 'DELETE',
        });
        setSaved(client, eventId, session.id, answer.bookmarked);
        return { queued: false };
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        queue();
        return { queued: true };
      }
    },
    onMutate: (bookmarked) => setSaved(client, eventId, session.id, bookmarked),
    onSuccess: ({ queued }, bookmarked) => {
      if (queued) toast.info(t('bookmark.queued'));
      else toast.success(t(bookmarked ? 'bookmark.added' : 'bookmark.removed', { name: session.name }));
    },
    onError: (error, bookmarked) => {
      setSaved(client, eventId, session.id, !bookmarked);
      toast.error(error.message, t('bookmark.failed'));
    },
  });
}
