import {
  rooms,
  type chatAccessSchema,
  type chatMessageSchema,
  type chatParticipantsSchema,
  type conversationDetailSchema,
  type conversationListSchema,
  type CreateConversation,
  type messagesPageSchema,
} from '@plenary/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { useUserState } from '../../shared/session/hooks';

/** What the API sends (timestamps as ISO strings). */
export type ChatAccessView = z.input<typeof chatAccessSchema>;
export type ConversationListView = z.input<typeof conversationListSchema>;
export type ConversationView = ConversationListView['records'][number];
export type ConversationDetailView = z.input<typeof conversationDetailSchema>;
export type MessageView = z.input<typeof chatMessageSchema>;
export type MessagesPageView = z.input<typeof messagesPageSchema>;
export type PartnersView = z.input<typeof chatParticipantsSchema>;
export type PersonView = PartnersView['records'][number];

const base = (eventId: string) => `events/${encodeURIComponent(eventId)}/chat`;
const conversationPath = (eventId: string, id: string) =>
  `${base(eventId)}/conversations/${encodeURIComponent(id)}`;

export const chatKeys = {
  all: (eventId: string) => ['chat', eventId] as const,
  access: (eventId: string) => ['chat', eventId, 'me'] as const,
  list: (eventId: string, limit: number) => ['chat', eventId, 'conversations', limit] as const,
  conversation: (eventId: string, id: string) => ['chat', eventId, 'conversation', id] as const,
  partners: (eventId: string, search: string) => ['chat', eventId, 'partners', search] as const,
  blocks: (eventId: string) => ['chat', eventId, 'blocks'] as const,
};

/** The spec's client flags: chat active, the user's chat access; the total unread count. */
export function useChatAccess(eventId: string) {
  return useQuery<ChatAccessView, ApiError>({
    queryKey: chatKeys.access(eventId),
    queryFn: ({ signal }) => apiFetch<ChatAccessView>(`${base(eventId)}/me`, { signal }),
    enabled: Boolean(eventId),
  });
}

export function useConversations(eventId: string, limit: number, enabled: boolean) {
  return useQuery<ConversationListView, ApiError>({
    queryKey: chatKeys.list(eventId, limit),
    queryFn: ({ signal }) =>
      apiFetch<ConversationListView>(`${base(eventId)}/conversations`, { signal, query: { limit } }),
    enabled: Boolean(eventId) && enabled,
    placeholderData: keepPreviousData,
  });
}

export function useConversation(eventId: string, id: string) {
  return useQuery<ConversationDetailView, ApiError>({
    queryKey: chatKeys.conversation(eventId, id),
    queryFn: ({ signal }) => apiFetch<ConversationDetailView>(conversationPath(eventId, id), { signal }),
    enabled: Boolean(eventId && id),
    retry: (count, error) => error.status >= 500 && count < 2,
  });
}

export function usePartners(eventId: string, search: string, enabled: boolean) {
  return useQuery<PartnersView, ApiError>({
    queryKey: chatKeys.partners(eventId, search),
    queryFn: ({ signal }) =>
      apiFetch<PartnersView>(`events/${encodeURIComponent(eventId)}/participants/chat-participants`, {
        signal,
        query: { search: search || undefined, limit: 50, sort: 'firstName:asc' },
      }),
    enabled: Boolean(eventId) && enabled,
    placeholderData: keepPreviousData,
  });
}

export function useBlocks(eventId: string, enabled: boolean) {
  return useQuery<{ records: PersonView[] }, ApiError>({
    queryKey: chatKeys.blocks(eventId),
    queryFn: ({ signal }) => apiFetch<{ records: PersonView[] }>(`${base(eventId)}/blocks`, { signal }),
    enabled: Boolean(eventId) && enabled,
  });
}

export function readMessages(
  eventId: string,
  id: string,
  query: { after?: number; before?: number; limit?: number },
  signal?: AbortSignal,
): Promise<MessagesPageView> {
  return apiFetch<MessagesPageView>(`${conversationPath(eventId, id)}/messages`, {
    query,
    ...(signal ? { signal } : {}),
  });
}

export function sendMessage(
  eventId: string,
  id: string,
  body: { text: string; clientId: string },
): Promise<MessageView> {
  return apiFetch<MessageView>(`${conversationPath(eventId, id)}/messages`, { method: 'POST', body });
}

export function markRead(
  eventId: string,
  id: string,
  seq: number,
): Promise<{ lastReadSeq: number; unread: number }> {
  return apiFetch(`${conversationPath(eventId, id)}/read`, { method: 'PUT', body: { seq } });
}

export function useStartConversation(eventId: string) {
  const client = useQueryClient();
  return useMutation<ConversationDetailView, ApiError, CreateConversation>({
    mutationFn: (body) =>
      apiFetch<ConversationDetailView>(`${base(eventId)}/conversations`, { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: chatKeys.all(eventId) }),
  });
}

export function useAddMembers(eventId: string, id: string) {
  const client = useQueryClient();
  return useMutation<ConversationDetailView, ApiError, string[]>({
    mutationFn: (participantIds) =>
      apiFetch<ConversationDetailView>(`${conversationPath(eventId, id)}/members`, {
        method: 'POST',
        body: { participantIds },
      }),
    onSuccess: (detail) => client.setQueryData(chatKeys.conversation(eventId, id), detail),
  });
}

export function useSetBlock(eventId: string) {
  const client = useQueryClient();
  return useMutation<{ blocked: boolean }, ApiError, { participantId: string; blocked: boolean }>({
    mutationFn: ({ participantId, blocked }) =>
      apiFetch(`${base(eventId)}/blocks/${encodeURIComponent(participantId)}`, {
        method: blocked ? 'PUT' : 'DELETE',
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: chatKeys.all(eventId) }),
  });
}

export function useReportMessage(eventId: string) {
  return useMutation<{ id: string }, ApiError, { messageId: string; reason: string }>({
    mutationFn: ({ messageId, reason }) =>
      apiFetch(`${base(eventId)}/messages/${encodeURIComponent(messageId)}/report`, {
        method: 'POST',
        body: { reason },
      }),
  });
}

/** Conversations moved (a message anywhere, read on another device): the list and badges refetch. */
export function useChatActivity(eventId: string) {
  const client = useQueryClient();
  const userId = useUserState().tokenData?.userId;
  const refresh = () => {
    void client.invalidateQueries({ queryKey: [...chatKeys.all(eventId), 'conversations'] });
    void client.invalidateQueries({ queryKey: chatKeys.access(eventId) });
  };
  useRealtimeEvent(eventId && userId ? rooms.user(userId) : null, 'chat.activity', refresh);
  useRealtimeResync(refresh);
}
