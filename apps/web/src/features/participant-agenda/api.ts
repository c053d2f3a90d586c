import type {
  agendaFiltersSchema,
  agendaViewSchema,
  enrollResultSchema,
  interactiveMapSchema,
  materialSchema,
  sessionCheckInResultSchema,
  sessionViewSchema,
} from '@plenary/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiDownload, apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { fetchPreferringHeld } from '../../shared/offline';

/** What the API sends (timestamps as ISO strings). */
export type SessionView = z.input<typeof sessionViewSchema>;
export type AgendaView = z.input<typeof agendaViewSchema>;
export type AgendaFilters = z.input<typeof agendaFiltersSchema>;
export type EnrollResult = z.input<typeof enrollResultSchema>;
export type CheckInResult = z.input<typeof sessionCheckInResultSchema>;
export type MaterialView = z.input<typeof materialSchema>;
export type MapView = z.input<typeof interactiveMapSchema>;

const base = (eventId: string) => `events/${encodeURIComponent(eventId)}`;
export const sessionsV2 = (eventId: string) => `${base(eventId)}/sessions/v2`;

/** Query keys: everything of one event's agenda sits under one prefix. */
export const agendaKeys = {
  all: (eventId: string) => ['participant-agenda', eventId] as const,
  view: (eventId: string) => ['participant-agenda', eventId, 'view'] as const,
  filters: (eventId: string) => ['participant-agenda', eventId, 'filters'] as const,
  session: (eventId: string, sessionId: string) =>
    ['participant-agenda', eventId, 'session', sessionId] as const,
  upcoming: (eventId: string) => ['participant-agenda', eventId, 'upcoming'] as const,
};

/**
 * `GET sessions/v2/view` with no filter: every session the participant may see, all days. Day tabs,
 * filters, search and My Agenda are applied in the browser over this one answer, so one cached
 * request serves all of them offline (see the README).
 */
export function useAgendaView(eventId: string) {
  const client = useQueryClient();
  return useQuery<AgendaView, ApiError>({
    queryKey: agendaKeys.view(eventId),
    queryFn: ({ signal }) =>
      fetchPreferringHeld<AgendaView>(
        client,
        agendaKeys.view(eventId),
        `${sessionsV2(eventId)}/view`,
        signal,
      ),
    enabled: Boolean(eventId),
  });
}

/** `GET sessions/v2/view-filters`: days, collections, locations and types the participant can see. */
export function useAgendaFilters(eventId: string) {
  return useQuery<AgendaFilters, ApiError>({
    queryKey: agendaKeys.filters(eventId),
    queryFn: ({ signal }) => apiFetch<AgendaFilters>(`${sessionsV2(eventId)}/view-filters`, { signal }),
    enabled: Boolean(eventId),
    staleTime: 5 * 60_000,
  });
}

/** `GET sessions/v2/{sessionId}/view`; starts from the agenda's copy of the session when it is cached. */
export function useSessionView(eventId: string, sessionId: string) {
  const client = useQueryClient();
  return useQuery<SessionView, ApiError>({
    queryKey: agendaKeys.session(eventId, sessionId),
    queryFn: ({ signal }) =>
      fetchPreferringHeld<SessionView>(
        client,
        agendaKeys.session(eventId, sessionId),
        `${sessionsV2(eventId)}/${encodeURIComponent(sessionId)}/view`,
        signal,
      ),
    enabled: Boolean(eventId && sessionId),
    placeholderData: () =>
      client.getQueryData<AgendaView>(agendaKeys.view(eventId))?.sessions.find((s) => s.id === sessionId),
  });
}

/** `GET sessions/v2/upcoming-sessions`: the event's sessions of the next 13 days the participant may see. */
export function useUpcomingSessions(eventId: string) {
  const client = useQueryClient();
  return useQuery<AgendaView, ApiError>({
    queryKey: agendaKeys.upcoming(eventId),
    queryFn: ({ signal }) =>
      fetchPreferringHeld<AgendaView>(
        client,
        agendaKeys.upcoming(eventId),
        `${sessionsV2(eventId)}/upcoming-sessions`,
        signal,
      ),
    enabled: Boolean(eventId),
  });
}

/**
 * A change of one session in the agenda's copy and the session page's. A session page still showing
 * the agenda's copy (its own answer not in yet: useSessionView's placeholder) gets the changed copy
 * as its data, so it shows the change at once instead of when its slower answer lands.
 */
export function patchSession(
  client: QueryClient,
  eventId: string,
  sessionId: string,
  patch: (s: SessionView) => SessionView,
): void {
  let patchedInAgenda: SessionView | undefined;
  client.setQueryData<AgendaView>(agendaKeys.view(eventId), (view) =>
    view
      ? {
          ...view,
          sessions: view.sessions.map((s) => (s.id === sessionId ? (patchedInAgenda = patch(s)) : s)),
        }
      : view,
  );
  client.setQueryData<SessionView>(agendaKeys.session(eventId, sessionId), (s) =>
    s ? patch(s) : patchedInAgenda,
  );
}

export type EnrollAction = 'enroll' | 'leave';

export function enrollPath(eventId: string, sessionId: string): string {
  return `${sessionsV2(eventId)}/${encodeURIComponent(sessionId)}/enroll`;
}

/** `POST|DELETE sessions/v2/{sessionId}/enroll`. */
export function sendEnroll(eventId: string, sessionId: string, action: EnrollAction): Promise<EnrollResult> {
  return apiFetch<EnrollResult>(enrollPath(eventId, sessionId), {
    method: action === 'enroll' ? 'POST' : 'DELETE',
  });
}

/** `POST sessions/check-in { qr }`. */
export function useCheckIn(eventId: string) {
  const client = useQueryClient();
  return useMutation<CheckInResult, ApiError, string>({
    mutationFn: (qr) =>
      apiFetch<CheckInResult>(`${base(eventId)}/sessions/check-in`, { method: 'POST', body: { qr } }),
    networkMode: 'always',
    onSuccess: (result) =>
      patchSession(client, eventId, result.sessionId, (s) => ({ ...s, checkedIn: true })),
  });
}

/** The .ics of one session, or of My Agenda, downloaded with the bearer token. */
export function downloadSessionCalendar(
  eventId: string,
  session: { id: string; name: string },
): Promise<void> {
  const file = `${
    session.name
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'session'
  }.ics`;
  return apiDownload(
    `${sessionsV2(eventId)}/${encodeURIComponent(session.id)}/calendar.ics`,
    undefined,
    file,
  );
}
export function downloadMyAgendaCalendar(eventId: string): Promise<void> {
  return apiDownload(`${sessionsV2(eventId)}/my-agenda.ics`, undefined, 'my-agenda.ics');
}

/** `GET materials/{id}` (participants read). */
export function useMaterial(eventId: string, materialId: string) {
  return useQuery<MaterialView, ApiError>({
    queryKey: ['participant-agenda', eventId, 'material', materialId],
    queryFn: ({ signal }) =>
      apiFetch<MaterialView>(`${base(eventId)}/materials/${encodeURIComponent(materialId)}`, { signal }),
    enabled: Boolean(eventId && materialId),
  });
}

/** `GET interactive-maps` (all of them: an event has a handful). The service worker keeps exactly this URL for offline use (vite.config.ts). */
export function useMaps(eventId: string) {
  return useQuery<{ records: MapView[]; total: number }, ApiError>({
    queryKey: ['participant-agenda', eventId, 'maps'],
    queryFn: ({ signal }) =>
      apiFetch(`${base(eventId)}/interactive-maps`, { query: { limit: 300, sort: 'name:asc' }, signal }),
    enabled: Boolean(eventId),
  });
}

/** `GET interactive-maps/{id}` with its pins. */
export function useMap(eventId: string, mapId: string) {
  return useQuery<MapView, ApiError>({
    queryKey: ['participant-agenda', eventId, 'map', mapId],
    queryFn: ({ signal }) =>
      apiFetch<MapView>(`${base(eventId)}/interactive-maps/${encodeURIComponent(mapId)}`, { signal }),
    enabled: Boolean(eventId && mapId),
  });
}
