import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, newIdempotencyKey } from '../api/client';
import { isApiError, type ApiError } from '../api/errors';
import { listKey } from './useResourceList';
import type { ResourceDef } from './types';

/** Dashboards and filters that count or list records read these keys; writes refresh them. */
export const countKey = (path: string) => ['count', path] as const;

const submissionKeys = new WeakMap<object, string>();

/**
 * The Idempotency-Key of one submission: a form builds a new body object per submit, and
 * TanStack Query passes that same object to every retry, so retries reuse the key.
 */
export function idempotencyKeyFor(body: unknown): string {
  if (typeof body !== 'object' || body === null) return newIdempotencyKey();
  let key = submissionKeys.get(body);
  if (key === undefined) {
    key = newIdempotencyKey();
    submissionKeys.set(body, key);
  }
  return key;
}

/** A create that never reached an answer (network failure) is tried twice more: its key makes that safe. */
export const retryUnanswered = (failureCount: number, error: unknown) =>
  failureCount < 2 && !isApiError(error);

/**
 * Create (POST `{path}`, with an Idempotency-Key per submission), update (PATCH `{path}/{id}`) and remove (DELETE `{path}/{id}`) for a
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
    mutationFn: (body) =>
      apiFetch<T>(resource.path, { method: 'POST', body, idempotencyKey: idempotencyKeyFor(body) }),
    retry: retryUnanswered,
    onSuccess,
  });
  const update = useMutation<T, ApiError, { id: string; body: Body }>({
    mutationFn: ({ id, body }) =>
      apiFetch<T>(`${resource.path}/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess,
  });
  const remove = useMutation<void, ApiError, string>({
    mutationFn: (id) => apiFetch<void>(`${resource.path}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess,
  });
  return { create, update, remove };
}
