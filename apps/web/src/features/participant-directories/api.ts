import {
  DEFAULT_PAGE_SIZE,
  type Directory,
  type DirectoryItem,
  type ListResult,
  type ProfilePrivacy,
} from '@plenary/domain';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { nextPageOf } from './people';

/** A directory as the API sends it (timestamps as text). */
export type DirectoryRecord = Omit<Directory, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};

const enc = encodeURIComponent;
const eventPath = (eventId: string) => `events/${enc(eventId)}`;
const directoriesPath = (eventId: string) => `${eventPath(eventId)}/directories`;
const privacyPath = (eventId: string) => `${eventPath(eventId)}/participants/user-profile/privacy`;

const directoriesKey = (eventId: string) => ['participant-directories', eventId] as const;

/** `GET …/directories`: every directory of the event, in the organiser's order (at most 100). */
export function useDirectories(eventId: string) {
  return useQuery<ListResult<DirectoryRecord>, ApiError>({
    queryKey: [...directoriesKey(eventId), 'list'],
    queryFn: ({ signal }) =>
      apiFetch<ListResult<DirectoryRecord>>(directoriesPath(eventId), { query: { limit: 100 }, signal }),
    enabled: Boolean(eventId),
  });
}

/** `GET …/directories/{directoryId}`. */
export function useDirectory(eventId: string, directoryId: string) {
  return useQuery<DirectoryRecord, ApiError>({
    queryKey: [...directoriesKey(eventId), directoryId],
    queryFn: ({ signal }) =>
      apiFetch<DirectoryRecord>(`${directoriesPath(eventId)}/${enc(directoryId)}`, { signal }),
    enabled: Boolean(eventId && directoryId),
  });
}

/**
 * `GET …/directories/{directoryId}/items`: the directory's people, a page of 20 at a time in the
 * directory's order, searched by the API (names and company); the last answer stays while a search loads.
 */
export function useDirectoryPeople(eventId: string, directoryId: string, search: string) {
  return useInfiniteQuery<ListResult<DirectoryItem>, ApiError>({
    queryKey: [...directoriesKey(eventId), directoryId, 'people', search],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ListResult<DirectoryItem>>(`${directoriesPath(eventId)}/${enc(directoryId)}/items`, {
        query: { page: pageParam as number, limit: DEFAULT_PAGE_SIZE, search },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
    enabled: Boolean(eventId && directoryId),
  });
}

/** `GET …/participants/user-profile/privacy` (404 when the caller is no participant: no control then). */
export function usePrivacy(eventId: string) {
  return useQuery<ProfilePrivacy, ApiError>({
    queryKey: [...directoriesKey(eventId), 'privacy'],
    queryFn: ({ signal }) => apiFetch<ProfilePrivacy>(privacyPath(eventId), { signal }),
    enabled: Boolean(eventId),
    retry: false,
    meta: { silent: true },
  });
}

/** `PUT …/participants/user-profile/privacy`: every directory and profile of the event is read again. */
export function useSetPrivacy(eventId: string) {
  const client = useQueryClient();
  return useMutation<ProfilePrivacy, ApiError, boolean>({
    mutationFn: (hidden) =>
      apiFetch<ProfilePrivacy>(privacyPath(eventId), { method: 'PUT', body: { hidden } }),
    onSuccess: (privacy) => {
      client.setQueryData([...directoriesKey(eventId), 'privacy'], privacy);
      void client.invalidateQueries({ queryKey: directoriesKey(eventId) });
      void client.invalidateQueries({ queryKey: ['participant-profile', eventId] });
    },
  });
}
