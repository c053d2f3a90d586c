import type { inboxItemSchema, inboxPageSchema } from '@plenary/domain';
import { rooms } from '@plenary/domain';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { useUserState } from '../../shared/session/hooks';
import { base64UrlToBytes, serviceWorkerWaitMs, subscriptionBody } from './push';

export type InboxPageView = z.input<typeof inboxPageSchema>;
export type InboxItemView = z.input<typeof inboxItemSchema>;

const base = (eventId: string) => `events/${encodeURIComponent(eventId)}`;

export const inboxKeys = {
  all: (eventId: string) => ['participant-inbox', eventId] as const,
  list: (eventId: string) => ['participant-inbox', eventId, 'list'] as const,
  unread: (eventId: string) => ['participant-inbox', eventId, 'unread'] as const,
};

export function useInbox(eventId: string) {
  return useInfiniteQuery<InboxPageView, ApiError>({
    queryKey: inboxKeys.list(eventId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<InboxPageView>(`${base(eventId)}/inbox`, {
        signal,
        query: { limit: 20, cursor: (pageParam as string | null) ?? undefined },
      }),
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(eventId),
  });
}

/** The unread count, refetched when `inbox.changed` arrives in the user's room (live badge). */
export function useUnread(eventId: string | undefined, enabled = true) {
  const client = useQueryClient();
  const userId = useUserState().tokenData?.userId;
  const on = Boolean(eventId && userId && enabled);
  useRealtimeEvent(on ? rooms.user(userId!) : null, 'inbox.changed', (p) => {
    if (!p.eventId || p.eventId === eventId)
      void client.invalidateQueries({ queryKey: inboxKeys.all(eventId!) });
  });
  useRealtimeResync(() => {
    if (on) void client.invalidateQueries({ queryKey: inboxKeys.all(eventId!) });
  });
  return useQuery<{ unread: number }, ApiError>({
    queryKey: inboxKeys.unread(eventId ?? ''),
    queryFn: ({ signal }) => apiFetch<{ unread: number }>(`${base(eventId!)}/inbox/unread`, { signal }),
    enabled: on,
    retry: (count, e) => e.status !== 403 && e.status !== 404 && count < 2,
  });
}

export const markRead = (eventId: string, itemId: string) =>
  apiFetch<InboxItemView>(`${base(eventId)}/inbox/${encodeURIComponent(itemId)}/read`, { method: 'POST' });

export const markAllRead = (eventId: string) =>
  apiFetch<{ unread: number }>(`${base(eventId)}/inbox/read-all`, { method: 'POST' });

/**
 * The service worker's registration once active; rejects when none becomes active in time (a dev
 * server without one), waiting longer for one still installing (serviceWorkerWaitMs).
 */
async function serviceWorkerReady(): Promise<ServiceWorkerRegistration> {
  const timeoutMs = serviceWorkerWaitMs(await navigator.serviceWorker.getRegistration());
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no service worker')), timeoutMs)),
  ]);
}

/** Subscribes this browser (after the user's click) and registers it with the API. */
export async function turnOnPush(eventId: string): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const registration = await serviceWorkerReady();
  const { publicKey } = await apiFetch<{ publicKey: string }>('push/public-key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    }));
  await registerSubscription(eventId, subscription);
  return permission;
}

export async function registerSubscription(eventId: string, subscription: PushSubscription): Promise<void> {
  await apiFetch(`${base(eventId)}/push/subscription`, {
    method: 'PUT',
    body: subscriptionBody(subscription.toJSON(), navigator.userAgent),
  });
}

export async function turnOffPush(eventId: string): Promise<void> {
  const registration = await serviceWorkerReady();
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  await apiFetch(`${base(eventId)}/push/subscription`, {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
  });
  await subscription.unsubscribe();
}
