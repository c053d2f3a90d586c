import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '../api/query';
import type { ListAnswer } from '../list';

export interface ParticipantOption {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** The event's participants whose name or e-mail matches `search` (first 20, debounced), for pickers. */
export function useParticipantSearch(eventId: string, search: string) {
  const [settled] = useDebouncedValue(search.trim(), 250);
  return useApiQuery<ListAnswer<ParticipantOption>>(
    `events/${encodeURIComponent(eventId)}/participants`,
    { search: settled, limit: 20, page: 1, sort: 'lastName:asc' },
    { placeholderData: keepPreviousData, staleTime: 10_000, meta: { silent: true } },
  );
}

/** 'Ann Lee (ann@example.com)', or the e-mail alone without a name. */
export const participantLabel = (p: ParticipantOption) => {
  const name = `${p.firstName} ${p.lastName}`.trim();
  return name ? `${name} (${p.email})` : p.email;
};
