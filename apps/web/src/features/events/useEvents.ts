import { useEffect } from 'react';
import { useApiQuery } from '../../shared/api/query';
import type { EventSummary, ListAnswer } from '../../shared/api/types';
import { homeStore } from '../../shared/session/homeStore';
import { useUserState } from '../../shared/session/hooks';
import { eventToSelect, rememberedEventOf } from '../../shared/session/lastEvent';
import { selectEvent } from '../../shared/session/userStore';

/** The signed-in user's events (`GET users/{userId}/events`), mirrored into the home state. */
export function useUserEvents() {
  const userId = useUserState().tokenData?.userId;
  const query = useApiQuery<ListAnswer<EventSummary>>(`users/${userId ?? ''}/events`, undefined, {
    enabled: Boolean(userId),
  });
  useEffect(() => {
    if (query.data) homeStore.setState({ events: query.data.records, total: query.data.total });
  }, [query.data]);
  return query;
}

/**
 * Events the console's event switcher offers: the user's own events, and for super admins (who
 * belong to no event) every event (`GET events`, first 1000 by name).
 */
export function useSwitcherEvents() {
  const everyEvent = useUserState().role === 'superadmin';
  const mine = useUserEvents();
  const all = useApiQuery<ListAnswer<EventSummary>>(
    'events',
    { limit: 1000, sort: 'name:asc' },
    { enabled: everyEvent },
  );
  return everyEvent ? all : mine;
}

/**
 * Selects an event for the console when none is: the user's last one in this browser, or their
 * only one (so a bookmarked event-scoped address works after signing in). `choosing` while the
 * user's events load and nothing is selected yet.
 */
export function useEventSelection(): { choosing: boolean } {
  const state = useUserState();
  const selected = state.userData?.selectedEventId ?? null;
  const userId = state.tokenData?.userId ?? null;
  const events = useSwitcherEvents();
  const next =
    selected || !userId
      ? null
      : eventToSelect(
          rememberedEventOf(userId),
          events.data?.records.map((e) => e.id),
        );
  useEffect(() => {
    if (next) selectEvent(next);
  }, [next]);
  return { choosing: !selected && (events.isPending || next !== null) };
}

/** One event for the console: `GET events/{id}`, shown at once from the user's event list. */
export function useConsoleEvent(eventId: string | null | undefined) {
  const events = useUserEvents();
  const fromList = events.data?.records.find((e) => e.id === eventId);
  const query = useApiQuery<EventSummary>(`events/${eventId ?? ''}`, undefined, {
    enabled: Boolean(eventId),
    placeholderData: fromList,
  });
  useEffect(() => {
    if (query.data) homeStore.setState({ selectedEvent: query.data });
  }, [query.data]);
  return query;
}

/** The total of a list route (`limit=1`), or undefined while loading or when the area is not there. */
export function useListTotal(path: string, enabled = true): number | undefined {
  const { data } = useApiQuery<ListAnswer<unknown>>(path, { limit: 1 }, { enabled, retry: false });
  return data?.total;
}
