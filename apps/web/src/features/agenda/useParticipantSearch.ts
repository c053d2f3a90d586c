import { useDebouncedValue } from '@mantine/hooks';
import type { ModeratorOption } from '@plenary/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '../../shared/api/query';
import type { ListAnswer } from '../../shared/list';
import type { ParticipantOption } from '../../shared/people/participantSearch';
import { sessionsPath } from './api';

/** Audience members of a session without a place in it yet (`GET sessions/{id}/enrollable-users`), first 20 matching `search`. */
export function useEnrollableSearch(eventId: string, sessionId: string, search: string) {
  const [settled] = useDebouncedValue(search.trim(), 250);
  return useApiQuery<ListAnswer<ParticipantOption & { participantId: string }>>(
    `${sessionsPath(eventId)}/${encodeURIComponent(sessionId)}/enrollable-users`,
    { search: settled, limit: 20, page: 1 },
    { placeholderData: keepPreviousData, staleTime: 5_000, meta: { silent: true } },
  );
}

/** Accounts that may moderate the event's sessions (`GET sessions/moderator-options`), first 100 by name. */
export function useModeratorOptions(eventId: string) {
  return useApiQuery<{ options: ModeratorOption[] }>(
    `${sessionsPath(eventId)}/moderator-options`,
    { limit: 100 },
    { staleTime: 30_000, meta: { silent: true } },
  );
}
