import type {
  breakoutSchema,
  collectionSchema,
  createBreakoutSchema,
  createCollectionSchema,
  createSessionSchema,
  sessionAttendeeSchema,
  sessionFiltersSchema,
  sessionSchema,
} from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../shared/api/client';
import { useApiQuery } from '../../shared/api/query';
import type { FilterOption, ListAnswer, RemoteOptions } from '../../shared/list';

/** Records as the API sends them (z.input: timestamps are ISO text on the wire). */
export type SessionRow = z.input<typeof sessionSchema>;
export type SessionBody = z.input<typeof createSessionSchema>;
export type CollectionRow = z.input<typeof collectionSchema>;
export type CollectionBody = z.input<typeof createCollectionSchema>;
export type BreakoutRow = z.input<typeof breakoutSchema>;
export type BreakoutBody = z.input<typeof createBreakoutSchema>;
export type SessionAttendee = z.input<typeof sessionAttendeeSchema>;
export type SessionFilters = z.input<typeof sessionFiltersSchema>;
export interface NamedRef {
  id: string;
  name: string;
}

const eventPath = (eventId: string) => `events/${encodeURIComponent(eventId)}`;
export const sessionsPath = (eventId: string) => `${eventPath(eventId)}/sessions`;
export const sessionPath = (eventId: string, sessionId: string) =>
  `${sessionsPath(eventId)}/${encodeURIComponent(sessionId)}`;
export const sessionAttendeesPath = (eventId: string, sessionId: string) =>
  `${sessionsPath(eventId)}/v2/${encodeURIComponent(sessionId)}/attendees`;
export const collectionsPath = (eventId: string) => `${eventPath(eventId)}/collections`;
export const breakoutsPath = (eventId: string) => `${eventPath(eventId)}/breakouts`;
export const locationsPath = (eventId: string) => `${eventPath(eventId)}/locations`;
export const materialsPath = (eventId: string) => `${eventPath(eventId)}/materials`;
export const participantsPath = (eventId: string) => `${eventPath(eventId)}/participants`;

/** Console route of a session's detail screen. */
export const sessionDetailRoute = (sessionId: string) => `/agenda/sessions/${encodeURIComponent(sessionId)}`;
export const SESSIONS_ROUTE = '/agenda';

/**
 * Options of a sessions filter from `GET sessions/filters` (the event's collections, locations,
 * breakouts). Keyed under the entity's own path, so creating or renaming a collection (location,
 * breakout) refreshes the filter's options too.
 */
export function sessionFilterOptions(
  eventId: string,
  pick: 'collections' | 'locations' | 'breakouts',
): RemoteOptions {
  const own = { collections: collectionsPath, locations: locationsPath, breakouts: breakoutsPath }[pick];
  return {
    path: own(eventId),
    query: { from: 'sessions/filters' },
    load: async (signal): Promise<FilterOption[]> => {
      const answer = await apiFetch<SessionFilters>(`${sessionsPath(eventId)}/filters`, { signal });
      return answer[pick].map((o) => ({ value: o.id, label: o.name }));
    },
  };
}

const ALL_BY_NAME = { limit: 1000, sort: 'name:asc' } as const;

/** Every record of a content list (first 1000 by name) for a form's select; asked again each time a form opens (the cached answer shows meanwhile). */
export function useAllOf<T>(path: string, enabled = true) {
  return useApiQuery<ListAnswer<T>>(path, ALL_BY_NAME, { enabled, meta: { silent: true } });
}

export function useSession(eventId: string, sessionId: string) {
  return useApiQuery<SessionRow>(sessionPath(eventId, sessionId));
}

/** After a write that changes sessions (bulk, attendees): every query under the sessions path (lists, options, a session, its attendees). */
export function useRefreshSessions(eventId: string) {
  const client = useQueryClient();
  const base = sessionsPath(eventId);
  return () =>
    client.invalidateQueries({
      predicate: (q) => q.queryKey.some((part) => typeof part === 'string' && part.startsWith(base)),
    });
}

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
/** Spec part 3: createdBy is shown as a name (the e-mail when there is none). */
export const personName = (p: { firstName: string; lastName: string; email?: string | undefined } | null) =>
  p ? fullName(p) || (p.email ?? '') : '';
