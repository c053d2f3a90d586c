import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../shared/api/errors';
import { apiFetch } from '../../shared/api/client';
import type { MaterialView } from './api';

/**
 * `GET materials` as a participant: the API keeps to what they may see (materials of no session, on
 * a map, or of a session their agenda shows). An event has a handful; 300 by name covers them, and
 * the service worker keeps exactly this URL for offline use (vite.config.ts).
 */
export function useMaterials(eventId: string) {
  return useQuery<{ records: MaterialView[]; total: number }, ApiError>({
    queryKey: ['participant-agenda', eventId, 'materials'],
    queryFn: ({ signal }) =>
      apiFetch(`events/${encodeURIComponent(eventId)}/materials`, {
        query: { limit: 300, sort: 'name:asc' },
        signal,
      }),
    enabled: Boolean(eventId),
  });
}
