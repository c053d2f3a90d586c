import type { FeedModerationAction, feedModerationPostSchema, feedSettingsSchema } from '@plenary/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, newIdempotencyKey } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';

export type FeedModerationPostView = z.input<typeof feedModerationPostSchema>;
export type FeedSettingsView = z.input<typeof feedSettingsSchema>;

const base = (eventId: string) => `events/${encodeURIComponent(eventId)}/activity-feed`;

export const feedModerationPaths = {
  list: (eventId: string) => `${base(eventId)}/moderation/posts`,
};

export const settingsKey = (eventId: string) => ['feed-moderation', eventId, 'settings'] as const;

export function useFeedSettings(eventId: string) {
  return useQuery<FeedSettingsView, ApiError>({
    queryKey: settingsKey(eventId),
    queryFn: ({ signal }) => apiFetch<FeedSettingsView>(`${base(eventId)}/settings`, { signal }),
  });
}

export const saveFeedSettings = (eventId: string, body: FeedSettingsView) =>
  apiFetch<FeedSettingsView>(`${base(eventId)}/settings`, { method: 'PUT', body });

export const moderatePost = (eventId: string, postId: string, action: FeedModerationAction) =>
  apiFetch<unknown>(`${base(eventId)}/moderation/posts/${encodeURIComponent(postId)}/moderate`, {
    method: 'POST',
    body: { action },
  });

export const postAnnouncement = (eventId: string, text: string) =>
  apiFetch<unknown>(`${base(eventId)}/posts`, {
    method: 'POST',
    body: { text, imageIds: [], announcement: true },
    idempotencyKey: newIdempotencyKey(),
  });
