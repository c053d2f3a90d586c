import type { CustomFieldRow } from './types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api/client';
import type { ApiError } from '../api/errors';
import type { ListAnswer } from '../list';

/** Query key of an event's custom fields: screens that change custom fields invalidate it. */
export const customFieldsKey = (eventId: string) => ['custom-fields', eventId] as const;

/**
 * An event's custom fields in their order (`GET events/{eventId}/custom-fields`; admins and
 * moderators). Disabled without an event id. Cached for a minute and shared by every screen.
 */
export function useCustomFields(eventId: string | null | undefined) {
  return useQuery<CustomFieldRow[], ApiError>({
    queryKey: customFieldsKey(eventId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<ListAnswer<CustomFieldRow>>(
          `events/${encodeURIComponent(eventId ?? '')}/custom-fields`,
          { signal },
        )
      ).records,
    enabled: Boolean(eventId),
    staleTime: 60_000,
  });
}
