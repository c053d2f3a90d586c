import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { listKey, type ListAnswer } from '../../shared/list';
import { participantApi, participantsApi } from './paths';
import type {
  FilterOptions,
  Participant,
  ParticipantActivity,
  SendMagicLinksResult,
  UpdateOptions,
} from './types';

const key = {
  participant: (eventId: string, id: string) => ['participant', eventId, id] as const,
  activity: (eventId: string, id: string) => ['participant-activity', eventId, id] as const,
  filters: (eventId: string) => ['participant-filters', eventId] as const,
  updateOptions: (eventId: string) => ['participant-update-options', eventId] as const,
};

/** Labels (with member counts) and custom fields of the list's filters. */
export function useFilterOptions(eventId: string) {
  return useQuery<FilterOptions, ApiError>({
    queryKey: key.filters(eventId),
    queryFn: ({ signal }) => apiFetch<FilterOptions>(`${participantsApi(eventId)}/filters`, { signal }),
    staleTime: 60_000,
  });
}

/** What a bulk update may change: jobTitle, company, custom fields, and the manual labels. */
export function useUpdateOptions(eventId: string) {
  return useQuery<UpdateOptions, ApiError>({
    queryKey: key.updateOptions(eventId),
    queryFn: ({ signal }) =>
      apiFetch<UpdateOptions>(`${participantsApi(eventId)}/update-options`, { signal }),
    staleTime: 60_000,
  });
}

export function useParticipant(eventId: string, participantId: string) {
  return useQuery<Participant, ApiError>({
    queryKey: key.participant(eventId, participantId),
    queryFn: ({ signal }) => apiFetch<Participant>(participantApi(eventId, participantId), { signal }),
  });
}

export const ACTIVITY_LIMIT = 50;

export function useParticipantActivity(eventId: string, participantId: string) {
  return useQuery<ListAnswer<ParticipantActivity>, ApiError>({
    queryKey: key.activity(eventId, participantId),
    queryFn: ({ signal }) =>
      apiFetch<ListAnswer<ParticipantActivity>>(`${participantApi(eventId, participantId)}/activity`, {
        query: { limit: ACTIVITY_LIMIT },
        signal,
      }),
  });
}

/**
 * After a write: the event's participant lists (and the magic-links report), label counts, and the
 * profile and activity of the participants touched (a stored answer is put in place at once).
 */
export function useRefreshParticipants(eventId: string) {
  const client = useQueryClient();
  return useCallback(
    (changed?: Participant) => {
      if (changed) client.setQueryData(key.participant(eventId, changed.id), changed);
      return Promise.all([
        client.invalidateQueries({ queryKey: listKey(participantsApi(eventId)) }),
        client.invalidateQueries({ queryKey: listKey(`${participantsApi(eventId)}/magic-links`) }),
        client.invalidateQueries({ queryKey: key.filters(eventId) }),
        client.invalidateQueries({ queryKey: ['participant', eventId] }),
        client.invalidateQueries({ queryKey: ['participant-activity', eventId] }),
      ]);
    },
    [client, eventId],
  );
}

export function sendMagicLinks(eventId: string, participantIds: readonly string[]) {
  return apiFetch<SendMagicLinksResult>(`${participantsApi(eventId)}/magic-links`, {
    method: 'POST',
    body: { participantIds },
  });
}
