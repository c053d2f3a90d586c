import { AGENDA_CHANGED_EVENT, PROMOTED_EVENT, rooms, SEATS_EVENT } from '@plenary/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../shared/api/errors';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { useStore } from '../../shared/store/createStore';
import { userStore } from '../../shared/session/userStore';
import { toast } from '../../shared/ui/toast';
import { agendaKeys, patchSession, type AgendaView, type SessionView } from './api';
import { withSeats } from './seats';

/**
 * Refetches every agenda query of the event. A refetch that fails keeps the data it had, so an open
 * session that was deleted or hidden (404 now) is reset: its page then shows the not-found state.
 */
async function refetchAgenda(
  client: QueryClient,
  eventId: string,
  changed: readonly string[],
): Promise<void> {
  await client.invalidateQueries({ queryKey: agendaKeys.all(eventId) });
  for (const sessionId of changed) {
    const key = agendaKeys.session(eventId, sessionId);
    const state = client.getQueryState<SessionView, ApiError>(key);
    if (state?.status === 'error' && state.error?.status === 404)
      await client.resetQueries({ queryKey: key, exact: true });
  }
}

/**
 * Over the tab's realtime socket: live seat counts of the event's sessions (`session.seats`, event
 * room) in every cached copy, a toast when a waitlist place turned into a seat (`enrollment.promoted`,
 * user room), and a refetch of the agenda, My Agenda, upcoming sessions and an open session when
 * organisers change sessions (`agenda.changed`). After a reconnect the agenda is fetched again.
 */
export function useAgendaRealtime(eventId: string): void {
  const client = useQueryClient();
  const { t } = useTranslation('participantAgenda');
  const userId = useStore(userStore, (s) => s.tokenData?.userId ?? null);
  const eventRoom = eventId ? rooms.event(eventId) : null;

  useRealtimeEvent(eventRoom, SEATS_EVENT, (p) => {
    patchSession(client, eventId, p.sessionId, (s) => withSeats(s, p));
    // Someone ahead on the waitlist moved up or left: this participant's number changed.
    const mine = client
      .getQueryData<AgendaView>(agendaKeys.view(eventId))
      ?.sessions.find((s) => s.id === p.sessionId);
    if (mine?.myState === 'WAITLISTED') void client.invalidateQueries({ queryKey: agendaKeys.all(eventId) });
  });
  useRealtimeEvent(eventRoom, AGENDA_CHANGED_EVENT, (p) => void refetchAgenda(client, eventId, p.sessionIds));
  useRealtimeEvent(eventId && userId ? rooms.user(userId) : null, PROMOTED_EVENT, (p) => {
    toast.success(t('enroll.promoted', { name: p.sessionName }), t('enroll.promotedTitle'));
    patchSession(client, eventId, p.sessionId, (s) => ({
      ...s,
      myState: 'ENROLLED',
      waitlistPosition: null,
    }));
    void client.invalidateQueries({ queryKey: agendaKeys.all(eventId) });
  });
  useRealtimeResync(() => {
    if (eventId) void client.invalidateQueries({ queryKey: agendaKeys.all(eventId) });
  });
}
