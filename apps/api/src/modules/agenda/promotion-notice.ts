import type { AppDeps } from '../../platform/deps.js';
import { eventEmailBrand } from '../../platform/email/index.js';
import { rooms } from '../../platform/realtime.js';
import { linkOrigin } from '../../platform/link-hosts.js';
import type { Promotion } from './enrollment.repo.js';
import { PROMOTED_EVENT, promotionMail, type NotifyDeps } from './enrollment.notify.js';
import { promotionNotice } from './promotion-notice.repo.js';

/**
 * `enrollment.promoted` → the promoted participant's e-mail (queued once per event, with the
 * handler's idempotency mark) and `enrollment.promoted` in their user room after that commit.
 * Every write that promotes (leaving, removals, capacity, the Session import) publishes the event
 * in its transaction; this is the only place that tells the person. A participant who no longer
 * holds the seat when the event is handled (left meanwhile) is told nothing.
 */
export function subscribePromotionNotice(deps: NotifyDeps & Pick<AppDeps, 'events'>): void {
  deps.events.subscribe('enrollment.promoted', 'agenda.promotionNotice', async (event, { once }) => {
    const { sessionId, participantId, originHost } = event.payload;
    let told: Promotion | undefined;
    await once(async (tx) => {
      const notice = await promotionNotice(tx, sessionId, participantId);
      if (!notice) return;
      // A participant of the event: linkOrigin decides whether the host the write came through is theirs.
      const origin = await linkOrigin({ ...deps, db: tx }, originHost.replace(/^cms\./i, ''), notice.userId);
      const brand = await eventEmailBrand({ ...deps, db: tx }, notice.eventId, origin);
      await deps.mail.enqueue(tx, [
        {
          ...promotionMail(notice, brand, `${origin}/event/${notice.eventId}/agenda/${notice.sessionId}`),
          eventId: notice.eventId,
        },
      ]);
      told = notice;
    });
    if (!told) return;
    deps.mail.wake();
    deps.realtime.emit(rooms.user(told.userId), PROMOTED_EVENT, {
      sessionId: told.sessionId,
      sessionName: told.sessionName,
    });
  });
}
