import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { apiFetchWithHeaders } from '../api/client';

/** Set by the service worker on answers it gives from its cache (apps/web/vite.config.ts markCacheCopies). */
export const CACHE_COPY_HEADER = 'x-plenary-cache-copy';

/**
 * What a query should hold after an answer: the network's answer always; the service worker's cached
 * copy only when the query holds nothing yet (a cold start offline). A copy is never newer than what
 * the app already shows — after an enroll on a slow network, a refetch that times out must not bring
 * back the place the participant just left.
 */
export function keepHeldOverCacheCopy<T>(answer: T, headers: Headers, held: T | undefined): T {
  return headers.has(CACHE_COPY_HEADER) && held !== undefined ? held : answer;
}

/** GET `path` for the query `key`, by the rule of keepHeldOverCacheCopy. */
export async function fetchPreferringHeld<T>(
  client: QueryClient,
  key: QueryKey,
  path: string,
  signal: AbortSignal,
): Promise<T> {
  const { data, headers } = await apiFetchWithHeaders<T>(path, { signal });
  return keepHeldOverCacheCopy(data, headers, client.getQueryData<T>(key));
}
