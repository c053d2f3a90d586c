import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../shared/api/errors';
import { userStore } from '../../shared/session/userStore';
import { toast } from '../../shared/ui/toast';
import { agendaKeys, patchSession, type AgendaView, type SessionView } from './api';
import { withSeats } from './seats';

/** `session.seats` on the event's room: a session's seats changed (apps/api platform/realtime). */
export const SEATS_EVENT = 'session.seats';
/** `enrollment.promoted` on the user's room: a freed seat went to this participant. */
export const PROMOTED_EVENT = 'enrollment.promoted';
/**
 * `agenda.changed { sessionIds }` on the event's room: organisers created, edited, (un)published,
 * deleted or moved sessions. No content (what each participant sees differs): refetch our own view.
 */
export const AGENDA_CHANGED_EVENT = 'agenda.changed';

interface SeatsPayload {
  sessionId: string;
  enrolledCount: number;
  waitlistedCount: number;
  capacity: number | null;
  waitlist: boolean;
}
interface PromotedPayload {
  sessionId: string;
  sessionName: string;
}
interface AgendaChangedPayload {
  sessionIds: string[];
}

/**
 * Refetches every agenda query of the event. A refetch that fails keeps the data it had, so an open
 * session that was deleted or hidden (404 now) is reset: its page then shows the not-found state.
 */
async function refetchAgenda(client: QueryClient, eventId: string, changed: readonly string[]): Promise<void> {
  await client.invalidateQueries({ queryKey: agendaKeys.all(eventId) });
  for (const sessionId of changed) {
    const key = agendaKeys.session(eventId, sessionId);
    const state = client.getQueryState<SessionView, ApiError>(key);
    if (state?.status === 'error' && state.error?.status === 404) await client.resetQueries({ queryKey: key, exact: true });
  }
}

/**
 * Live seat counts of the event's sessions in every cached copy, a toast when a waitlist place
 * turned into a seat, and a refetch of the agenda, My Agenda, upcoming sessions and an open session
 * when organisers change sessions (a session gone or hidden then shows the detail's not-found state). socket.io-client is loaded with the first agenda screen, not with the app.
 */
export function useAgendaRealtime(eventId: string): void {
  const client = useQueryClient();
  const { t } = useTranslation('participantAgenda');
  useEffect(() => {
    const token = userStore.getState().token;
    if (!token || !eventId) return;
    let closed = false;
    let disconnect = () => {};
    // Once the page has rendered (the socket is not needed for the first paint, and loading it then costs a phone).
    const connect = () => void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const socket = io({ path: '/realtime', auth: { token }, transports: ['websocket'] });
      socket.on(SEATS_EVENT, (p: SeatsPayload) => {
        patchSession(client, eventId, p.sessionId, (s) => withSeats(s, p));
        // Someone ahead on the waitlist moved up or left: this participant's number changed.
        const mine = client.getQueryData<AgendaView>(agendaKeys.view(eventId))?.sessions.find((s) => s.id === p.sessionId);
        if (mine?.myState === 'WAITLISTED') void client.invalidateQueries({ queryKey: agendaKeys.all(eventId) });
      });
      socket.on(PROMOTED_EVENT, (p: PromotedPayload) => {
        toast.success(t('enroll.promoted', { name: p.sessionName }), t('enroll.promotedTitle'));
        patchSession(client, eventId, p.sessionId, (s) => ({ ...s, myState: 'ENROLLED', waitlistPosition: null }));
        void client.invalidateQueries({ queryKey: agendaKeys.all(eventId) });
      });
      socket.on(AGENDA_CHANGED_EVENT, (p: AgendaChangedPayload) => void refetchAgenda(client, eventId, p.sessionIds));
      disconnect = () => socket.disconnect();
    });
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(connect, { timeout: 2000 }) : setTimeout(connect, 200);
    return () => {
      closed = true;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle as number);
      else clearTimeout(idle as ReturnType<typeof setTimeout>);
      disconnect();
    };
  }, [client, eventId, t]);
}
