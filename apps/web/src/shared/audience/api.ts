import type { AudienceInput, AudienceOptions, AvailableField } from '@plenary/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api/client';
import type { ApiError } from '../api/errors';

const eventPath = (eventId: string) => `events/${encodeURIComponent(eventId)}`;

/** `participants/get-available-fields`: standard and custom fields with their types (rule editor). */
export function useAvailableFields(eventId: string) {
  return useQuery<AvailableField[], ApiError>({
    queryKey: ['available-fields', eventId],
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ fields: AvailableField[] }>(
          `${eventPath(eventId)}/participants/get-available-fields`,
          { signal },
        )
      ).fields,
    staleTime: 30_000,
  });
}

/** `GET target-audiences/update-options`: the labels (with member counts) an audience may name. */
export function useAudienceOptions(eventId: string) {
  return useQuery<AudienceOptions, ApiError>({
    queryKey: ['target-audiences', 'options', eventId],
    queryFn: ({ signal }) =>
      apiFetch<AudienceOptions>(`${eventPath(eventId)}/target-audiences/update-options`, { signal }),
    staleTime: 30_000,
  });
}

/** `POST target-audiences/check`: how many participants `audience` reaches now; off while it is null (incomplete). */
export function useAudienceReach(eventId: string, audience: AudienceInput | null) {
  const json = audience ? JSON.stringify(audience) : null;
  return useQuery<number, ApiError>({
    queryKey: ['target-audiences', 'check', eventId, json],
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ count: number }>(`${eventPath(eventId)}/target-audiences/check`, {
          method: 'POST',
          body: { audience },
          signal,
        })
      ).count,
    enabled: json !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
