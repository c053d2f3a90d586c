import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api/client';
import type { ApiError } from '../api/errors';
import { listKey } from './useResourceList';
import type { ResourceDef } from './types';

/** Dashboards and filters that count or list records read these keys; writes refresh them. */
export const countKey = (path: string) => ['count', path] as const;

/**
 * Create (POST `{path}`), update (PATCH `{path}/{id}`) and remove (DELETE `{path}/{id}`) for a
 * resource. Each refreshes the resource's lists, counts and filter options when it succeeds.
 */
export function useResourceMutations<T, Body = Partial<T>>(resource: Pick<ResourceDef<T>, 'path'>) {
  const client = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: listKey(resource.path) }),
      client.invalidateQueries({ queryKey: countKey(resource.path) }),
      client.invalidateQueries({ queryKey: ['filter-options', resource.path] }),
    ]);
  const create = useMutation<T, ApiError, Body>({
    mutationFn: (body) => apiFetch<T>(resource.path, { method: 'POST', body }),
    onSuccess,
  });
  const update = useMutation<T, ApiError, { id: string; body: Body }>({
    mutationFn: ({ id, body }) => apiFetch<T>(`${resource.path}/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess,
  });
  const remove = useMutation<void, ApiError, string>({
    mutationFn: (id) => apiFetch<void>(`${resource.path}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess,
  });
  return { create, update, remove };
}
