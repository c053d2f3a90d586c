import { DEFAULT_PAGE_SIZE, type ListResult } from '@plenary/domain';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { nextPageOf } from './directory';
import type { OwnProfile, ProfileUpdate, PublicProfile } from './types';

const participants = (eventId: string) => `events/${encodeURIComponent(eventId)}/participants`;

/** Query keys: the own profile, and every public profile of an event (prefix). */
export const ownProfileKey = (eventId: string) => ['participant-profile', eventId, 'own'] as const;
const publicProfilesKey = (eventId: string) => ['participant-profile', eventId, 'public'] as const;
const publicProfileKey = (eventId: string, userId: string) =>
  [...publicProfilesKey(eventId), userId] as const;
/** Under the public profiles: saving one's profile refreshes the directory too. */
const peopleKey = (eventId: string, search: string) =>
  [...publicProfilesKey(eventId), 'directory', search] as const;

/** `GET …/participants/user-profile`: one's own profile and the custom fields it shows. */
export function useOwnProfile(eventId: string, options: { enabled?: boolean } = {}) {
  return useQuery<OwnProfile, ApiError>({
    queryKey: ownProfileKey(eventId),
    queryFn: ({ signal }) => apiFetch<OwnProfile>(`${participants(eventId)}/user-profile`, { signal }),
    enabled: Boolean(eventId) && (options.enabled ?? true),
  });
}

/** `GET …/participants/{userId}/profile`: a participant as the others see them. */
export function usePublicProfile(eventId: string, userId: string) {
  return useQuery<PublicProfile, ApiError>({
    queryKey: publicProfileKey(eventId, userId),
    queryFn: ({ signal }) =>
      apiFetch<PublicProfile>(`${participants(eventId)}/${encodeURIComponent(userId)}/profile`, { signal }),
    enabled: Boolean(eventId && userId),
  });
}

/**
 * `GET …/participants/view`: the event's directory, a page of 20 at a time (sorted by last name),
 * searched by the API (names and company). While a new search loads, the last answer stays shown.
 */
export function usePeople(eventId: string, search: string) {
  return useInfiniteQuery({
    queryKey: peopleKey(eventId, search),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ListResult<PublicProfile>>(`${participants(eventId)}/view`, {
        query: { page: pageParam, limit: DEFAULT_PAGE_SIZE, search },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
    enabled: Boolean(eventId),
  });
}

/** Every write of one's profile answers the whole profile: it becomes the cached one at once. */
function useProfileWrite<V>(eventId: string, send: (variables: V) => Promise<OwnProfile>) {
  const client = useQueryClient();
  return useMutation<OwnProfile, ApiError, V>({
    mutationFn: send,
    onSuccess: (profile) => {
      client.setQueryData(ownProfileKey(eventId), profile);
      void client.invalidateQueries({ queryKey: publicProfilesKey(eventId) });
    },
  });
}

/** `POST …/participants/user-profile` (partial). */
export function useSaveProfile(eventId: string) {
  return useProfileWrite<ProfileUpdate>(eventId, (body) =>
    apiFetch<OwnProfile>(`${participants(eventId)}/user-profile`, { method: 'POST', body }),
  );
}

/** `POST …/participants/user-profile/photo`: the image goes in the multipart field "file". */
export function useUploadPhoto(eventId: string) {
  return useProfileWrite<File>(eventId, (file) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return apiFetch<OwnProfile>(`${participants(eventId)}/user-profile/photo`, { method: 'POST', body });
  });
}

/** `DELETE …/participants/user-profile/photo`. */
export function useRemovePhoto(eventId: string) {
  return useProfileWrite<void>(eventId, () =>
    apiFetch<OwnProfile>(`${participants(eventId)}/user-profile/photo`, { method: 'DELETE' }),
  );
}
