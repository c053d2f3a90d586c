import {
  CARD_REQUEST_EVENT,
  rooms,
  type badgeSchema,
  type cardRequestResultSchema,
  type cardRequestSchema,
  type cardRequestsSchema,
  type contactsSchema,
  type SendCardRequest,
} from '@plenary/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiDownload, apiFetch, newIdempotencyKey } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { useUserState } from '../../shared/session/hooks';
import { toast } from '../../shared/ui/toast';

/** What the API sends (timestamps as ISO strings). */
export type BadgeView = z.input<typeof badgeSchema>;
export type CardRequestView = z.input<typeof cardRequestSchema>;
export type CardRequestsView = z.input<typeof cardRequestsSchema>;
export type CardRequestResultView = z.input<typeof cardRequestResultSchema>;
export type ContactsView = z.input<typeof contactsSchema>;
export type ContactView = ContactsView['records'][number];

const base = (eventId: string) => `events/${encodeURIComponent(eventId)}/business-cards`;

export const cardKeys = {
  all: (eventId: string) => ['business-cards', eventId] as const,
  badge: (eventId: string) => ['business-cards', eventId, 'badge'] as const,
  requests: (eventId: string) => ['business-cards', eventId, 'requests'] as const,
  contacts: (eventId: string, search: string) => ['business-cards', eventId, 'contacts', search] as const,
};

export function useBadge(eventId: string) {
  return useQuery<BadgeView, ApiError>({
    queryKey: cardKeys.badge(eventId),
    queryFn: ({ signal }) => apiFetch<BadgeView>(`${base(eventId)}/badge`, { signal }),
    enabled: Boolean(eventId),
    staleTime: 5 * 60_000,
  });
}

export function useCardRequests(eventId: string) {
  return useQuery<CardRequestsView, ApiError>({
    queryKey: cardKeys.requests(eventId),
    queryFn: ({ signal }) => apiFetch<CardRequestsView>(`${base(eventId)}/requests`, { signal }),
    enabled: Boolean(eventId),
  });
}

export function useContacts(eventId: string, search: string) {
  return useQuery<ContactsView, ApiError>({
    queryKey: cardKeys.contacts(eventId, search),
    queryFn: ({ signal }) =>
      apiFetch<ContactsView>(`${base(eventId)}/contacts`, { signal, query: { search: search || undefined } }),
    enabled: Boolean(eventId),
    placeholderData: keepPreviousData,
  });
}

export function useSendCardRequest(eventId: string) {
  const client = useQueryClient();
  return useMutation<CardRequestResultView, ApiError, SendCardRequest>({
    mutationFn: (body) =>
      apiFetch<CardRequestResultView>(`${base(eventId)}/requests`, {
        method: 'POST',
        body,
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: cardKeys.all(eventId) }),
  });
}

export function useRespondToCard(eventId: string) {
  const client = useQueryClient();
  return useMutation<CardRequestView, ApiError, { requestId: string; accept: boolean }>({
    mutationFn: ({ requestId, accept }) =>
      apiFetch<CardRequestView>(
        `${base(eventId)}/requests/${encodeURIComponent(requestId)}/${accept ? 'accept' : 'decline'}`,
        { method: 'POST' },
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: cardKeys.all(eventId) }),
  });
}

export function useContactNote(eventId: string) {
  const client = useQueryClient();
  return useMutation<{ note: string }, ApiError, { participantId: string; note: string }>({
    mutationFn: ({ participantId, note }) =>
      apiFetch<{ note: string }>(`${base(eventId)}/contacts/${encodeURIComponent(participantId)}/note`, {
        method: 'PUT',
        body: { note },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...cardKeys.all(eventId), 'contacts'] }),
  });
}

export function downloadContacts(eventId: string, format: 'vcf' | 'csv'): Promise<void> {
  return apiDownload(`${base(eventId)}/contacts/export`, { format }, `contacts.${format}`);
}

/**
 * Card requests to or from the user arrive in their user room: refetch requests and contacts. A new
 * request (PENDING goes to the recipient only) is also announced, `newRequest` being its text.
 */
export function useCardRealtime(eventId: string, newRequest: string) {
  const client = useQueryClient();
  const userId = useUserState().tokenData?.userId;
  const refresh = () => void client.invalidateQueries({ queryKey: cardKeys.all(eventId) });
  useRealtimeEvent(eventId && userId ? rooms.user(userId) : null, CARD_REQUEST_EVENT, (p) => {
    if (p.eventId !== eventId) return;
    refresh();
    if (p.status === 'PENDING') toast.info(newRequest);
  });
  useRealtimeResync(refresh);
}
