import {
  useMutation,
  useQuery,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { apiFetch, type ApiRequest, type Query } from './client';
import type { ApiError } from './errors';

type QueryOptions<T> = Omit<UseQueryOptions<T, ApiError, T, QueryKey>, 'queryKey' | 'queryFn'>;

/** GET `path` with TanStack Query; the key is the path plus the query. */
export function useApiQuery<T>(path: string, query?: Query, options?: QueryOptions<T>) {
  return useQuery<T, ApiError, T, QueryKey>({
    queryKey: query ? [path, query] : [path],
    queryFn: ({ signal }) => apiFetch<T>(path, { query, signal }),
    ...options,
  });
}

type MutationOptions<T, V> = Omit<UseMutationOptions<T, ApiError, V>, 'mutationFn'>;

/** A write call: `toRequest` turns the variables into the path and request. */
export function useApiMutation<T, V = void>(
  toRequest: (variables: V) => { path: string } & ApiRequest,
  options?: MutationOptions<T, V>,
) {
  return useMutation<T, ApiError, V>({
    mutationFn: (variables) => {
      const { path, ...request } = toRequest(variables);
      return apiFetch<T>(path, request);
    },
    ...options,
  });
}
