import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../shared/api/errors';
import {
  isUnreachable,
  queueChange,
  syncQueuedChanges,
  useOnline,
  useQueuedChanges,
} from '../../shared/offline';
import { useUserState } from '../../shared/session/hooks';
import { toast } from '../../shared/ui/toast';
import { withSeats } from './seats';
import {
  agendaKeys,
  enrollPath,
  patchSession,
  sendEnroll,
  type EnrollAction,
  type EnrollResult,
  type SessionView,
} from './api';

const enrollKey = (sessionId: string) => `enroll:${sessionId}`;

type Outcome = { queued: true } | { queued: false; result: EnrollResult };

/**
 * Enroll in a session, join its waitlist or leave it. Offline (or when the request does not reach
 * the API), the change is queued on the device and shown at once as the participant's choice, with
 * "offline — will sync"; `useOfflineSync` sends it when the connection returns.
 */
export function useEnroll(eventId: string, session: Pick<SessionView, 'id' | 'name'>) {
  const client = useQueryClient();
  const { t } = useTranslation('participantAgenda');
  const userId = useUserState().tokenData?.userId ?? '';

  const queue = (action: EnrollAction) => {
    queueChange({
      key: enrollKey(session.id),
      userId,
      method: action === 'enroll' ? 'POST' : 'DELETE',
      path: enrollPath(eventId, session.id),
      label: session.name,
    });
    // What the participant asked for, until the API says what it became (seat or waitlist place).
    patchSession(client, eventId, session.id, (s) =>
      action === 'enroll'
        ? { ...s, myState: s.seatState === 'FULL_WAITLIST' ? 'WAITLISTED' : 'ENROLLED' }
        : { ...s, myState: null, waitlistPosition: null },
    );
  };

  return useMutation<Outcome, ApiError, EnrollAction>({
    networkMode: 'always',
    mutationFn: async (action) => {
      if (!navigator.onLine) {
        queue(action);
        return { queued: true };
      }
      try {
        return { queued: false, result: await sendEnroll(eventId, session.id, action) };
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        queue(action);
        return { queued: true };
      }
    },
    onSuccess: (outcome, action) => {
      if (outcome.queued) {
        toast.info(t('enroll.queued'));
        return;
      }
      const { result } = outcome;
      patchSession(client, eventId, session.id, (s) => ({
        ...withSeats(s, result),
        myState: result.state,
        waitlistPosition: result.waitlistPosition,
      }));
      if (action === 'leave') toast.success(t('enroll.left', { name: session.name }));
      else if (result.state === 'WAITLISTED')
        toast.info(t('enroll.waitlisted', { position: result.waitlistPosition ?? '?' }));
      else toast.success(t('enroll.enrolled', { name: session.name }));
      void client.invalidateQueries({ queryKey: agendaKeys.all(eventId) });
    },
    onError: (error) => toast.error(error.message, t('enroll.failed')),
  });
}

/** Whether the session has a change waiting to be sent from this device. */
export function usePendingChange(sessionId: string): boolean {
  const userId = useUserState().tokenData?.userId;
  return useQueuedChanges().some((c) => c.userId === userId && c.key === enrollKey(sessionId));
}

/**
 * Sends the participant's queued changes when the app opens online and whenever the connection
 * returns, then reloads the agenda; says what was sent and what the API refused.
 */
export function useOfflineSync(eventId: string): void {
  const client = useQueryClient();
  const online = useOnline();
  const { t } = useTranslation('participantAgenda');
  const userId = useUserState().tokenData?.userId;
  const pending = useQueuedChanges().filter((c) => c.userId === userId).length;
  useEffect(() => {
    if (!online || !userId || pending === 0) return;
    void syncQueuedChanges(userId).then((report) => {
      if (report.sent.length > 0) toast.success(t('offline.synced', { count: report.sent.length }));
      for (const { change, message } of report.refused)
        toast.error(t('offline.refused', { name: change.label, message }), t('enroll.failed'));
      if (report.sent.length + report.refused.length > 0)
        void client.invalidateQueries({ queryKey: agendaKeys.all(eventId) });
    });
  }, [online, userId, pending, client, eventId, t]);
}
