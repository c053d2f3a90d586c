import { EMAILS, eventEmailBrand, renderEmail, sessionWhen } from '../../platform/email/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { linkOrigin } from '../../platform/link-hosts.js';
import { placeNotice } from './enrollment-confirmation.repo.js';
import { waitlistPosition } from './enrollment.repo.js';
import type { NotifyDeps } from './enrollment.notify.js';

/**
 * `session.enrolled` → one e-mail confirming the place: the seat (when and where), or the waitlist
 * place (and its number). Queued once per event with the handler's idempotency mark. Told nothing:
 * a participant who no longer holds that place when the event is handled (left, or promoted
 * meanwhile: the promotion e-mail says it).
 */
export function subscribeEnrollmentConfirmation(deps: NotifyDeps & Pick<AppDeps, 'events'>): void {
  deps.events.subscribe('session.enrolled', 'agenda.enrollmentConfirmation', async (event, { once }) => {
    const { sessionId, participantId, state, originHost } = event.payload;
    let queued = false;
    await once(async (tx) => {
      const notice = await placeNotice(tx, sessionId, participantId);
      if (!notice || notice.state !== state) return;
      // A participant of the event: linkOrigin decides whether the host the write came through is theirs.
      const origin = await linkOrigin(
        { ...deps, db: tx },
        (originHost ?? '').replace(/^cms\./i, ''),
        notice.userId,
      );
      const brand = await eventEmailBrand({ ...deps, db: tx }, notice.eventId, origin);
      const common = {
        firstName: notice.firstName,
        session: notice.sessionName,
        event: notice.eventName,
        link: `${origin}/event/${notice.eventId}/agenda/${notice.sessionId}`,
      };
      const content =
        state === 'ENROLLED'
          ? EMAILS.enrolled({
              ...common,
              when: sessionWhen(notice.startAt, notice.endAt, notice.timezone),
              where: notice.locationName,
            })
          : EMAILS.waitlisted({ ...common, position: await waitlistPosition(tx, sessionId, participantId) });
      await deps.mail.enqueue(tx, { ...renderEmail(notice.email, brand, content), eventId: notice.eventId });
      queued = true;
    });
    if (queued) deps.mail.wake();
  });
}
