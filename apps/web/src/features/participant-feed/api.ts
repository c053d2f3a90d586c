import type {
  feedCommentSchema,
  feedImageSchema,
  feedLikeSchema,
  feedPageSchema,
  feedPostDetailSchema,
} from '@plenary/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, newIdempotencyKey } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';

/** What the API sends (timestamps as ISO strings). */
export type FeedPageView = z.input<typeof feedPageSchema>;
export type FeedPostView = FeedPageView['posts'][number];
export type FeedPostDetailView = z.input<typeof feedPostDetailSchema>;
export type FeedCommentView = z.input<typeof feedCommentSchema>;
export type FeedImageView = z.input<typeof feedImageSchema>;
export type FeedLikeView = z.input<typeof feedLikeSchema>;

const base = (eventId: string) => `events/${encodeURIComponent(eventId)}/activity-feed`;
const postPath = (eventId: string, postId: string) => `${base(eventId)}/posts/${encodeURIComponent(postId)}`;

export const feedKeys = {
  feed: (eventId: string) => ['participant-feed', eventId, 'feed'] as const,
  post: (eventId: string, postId: string) => ['participant-feed', eventId, 'post', postId] as const,
};

export const FEED_PAGE = 10;

/** Newest first, older pages by the keyset cursor. */
export function useFeed(eventId: string) {
  return useInfiniteQuery<FeedPageView, ApiError>({
    queryKey: feedKeys.feed(eventId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<FeedPageView>(
        `${base(eventId)}/posts?limit=${FEED_PAGE}${pageParam ? `&before=${encodeURIComponent(String(pageParam))}` : ''}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(eventId),
  });
}

export function usePost(eventId: string, postId: string) {
  return useQuery<FeedPostDetailView, ApiError>({
    queryKey: feedKeys.post(eventId, postId),
    queryFn: ({ signal }) => apiFetch<FeedPostDetailView>(postPath(eventId, postId), { signal }),
    enabled: Boolean(eventId && postId),
    retry: (count, e) => e.status !== 404 && count < 2,
  });
}

export const createPost = (
  eventId: string,
  body: { text: string; imageIds: string[]; announcement?: boolean },
) =>
  apiFetch<FeedPostView>(`${base(eventId)}/posts`, {
    method: 'POST',
    body,
    idempotencyKey: newIdempotencyKey(),
  });

export function uploadImage(eventId: string, file: File): Promise<FeedImageView> {
  const body = new FormData();
  body.append('file', file);
  return apiFetch<FeedImageView>(`${base(eventId)}/images`, { method: 'POST', body });
}

export const setLike = (eventId: string, postId: string, on: boolean) =>
  apiFetch<FeedLikeView>(`${postPath(eventId, postId)}/like`, { method: on ? 'PUT' : 'DELETE' });

export const addComment = (eventId: string, postId: string, text: string) =>
  apiFetch<FeedCommentView>(`${postPath(eventId, postId)}/comments`, {
    method: 'POST',
    body: { text },
    idempotencyKey: newIdempotencyKey(),
  });

export const reportPost = (eventId: string, postId: string, reason: string) =>
  apiFetch<null>(`${postPath(eventId, postId)}/report`, { method: 'POST', body: { reason } });

export const deletePost = (eventId: string, postId: string) =>
  apiFetch<null>(postPath(eventId, postId), { method: 'DELETE' });

export const deleteComment = (eventId: string, postId: string, commentId: string) =>
  apiFetch<null>(`${postPath(eventId, postId)}/comments/${encodeURIComponent(commentId)}`, {
    method: 'DELETE',
  });
