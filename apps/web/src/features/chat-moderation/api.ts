import type {
  blacklistEntrySchema,
  ChatSettings,
  chatReportSchema,
  chatParticipantsSchema,
} from '@plenary/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { listKey } from '../../shared/list';

export type ChatReportView = z.input<typeof chatReportSchema>;
export type BlacklistEntryView = z.input<typeof blacklistEntrySchema>;
export type PeopleView = z.input<typeof chatParticipantsSchema>;

const event = (eventId: string) => `events/${encodeURIComponent(eventId)}`;
export const chatModerationPaths = {
  reports: (eventId: string) => `${event(eventId)}/chat/reports`,
  blacklist: (eventId: string) => `${event(eventId)}/chat/blacklist`,
  settings: (eventId: string) => `${event(eventId)}/chat/settings`,
};

export function useChatSettings(eventId: string) {
  return useQuery<ChatSettings, ApiError>({
    queryKey: ['chat-settings', eventId],
    queryFn: ({ signal }) => apiFetch<ChatSettings>(chatModerationPaths.settings(eventId), { signal }),
  });
}

export function useSaveChatSettings(eventId: string) {
  const client = useQueryClient();
  return useMutation<ChatSettings, ApiError, Partial<ChatSettings>>({
    mutationFn: (body) =>
      apiFetch<ChatSettings>(chatModerationPaths.settings(eventId), { method: 'PATCH', body }),
    onSuccess: (s) => client.setQueryData(['chat-settings', eventId], s),
  });
}

export function useResolveReport(eventId: string) {
  const client = useQueryClient();
  return useMutation<{ status: string }, ApiError, { reportId: string; action: 'HIDE' | 'DISMISS' }>({
    mutationFn: ({ reportId, action }) =>
      apiFetch(`${event(eventId)}/chat/reports/${encodeURIComponent(reportId)}/resolve`, {
        method: 'POST',
        body: { action },
      }),
    onSuccess: () =>
      void client.invalidateQueries({ queryKey: listKey(chatModerationPaths.reports(eventId)) }),
  });
}

export function useSetBlacklisted(eventId: string) {
  const client = useQueryClient();
  return useMutation<{ blacklisted: boolean }, ApiError, { participantId: string; on: boolean }>({
    mutationFn: ({ participantId, on }) =>
      apiFetch(`${event(eventId)}/chat/blacklist/${encodeURIComponent(participantId)}`, {
        method: on ? 'PUT' : 'DELETE',
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: listKey(chatModerationPaths.blacklist(eventId)) });
      void client.invalidateQueries({ queryKey: ['chat-people', eventId] });
    },
  });
}

/** Participants who may use the chat (not blacklisted, profile shown), by name. */
export function useChatPeople(eventId: string, search: string) {
  return useQuery<PeopleView, ApiError>({
    queryKey: ['chat-people', eventId, search],
    queryFn: ({ signal }) =>
      apiFetch<PeopleView>(`${event(eventId)}/participants/chat-participants`, {
        signal,
        query: { search: search || undefined, limit: 20, sort: 'firstName:asc' },
      }),
    placeholderData: keepPreviousData,
  });
}
