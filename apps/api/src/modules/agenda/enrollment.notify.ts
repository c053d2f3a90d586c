import { PROMOTED_EVENT, SEATS_EVENT } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { publishAll } from '../../platform/domain-events.js';
import { EMAILS, renderEmail, type EmailBrand } from '../../platform/email/index.js';
import type { MailMessage } from '../../platform/mail.js';
import { rooms } from '../../platform/realtime.js';
import { seatCounts, type Promotion } from './enrollment.repo.js';

export type NotifyDeps = Pick<AppDeps, 'db' | 'realtime' | 'mail' | 'config' | 'brands'>;

/** Realtime events of the agenda (contracts in the domain package's realtime/events.ts). */
export { PROMOTED_EVENT, SEATS_EVENT };

export function promotionMail(p: Promotion, brand: EmailBrand, link: string): MailMessage {
  return renderEmail(
    p.email,
    brand,
    EMAILS.promoted({ firstName: p.firstName, session: p.sessionName, event: p.eventName, link }),
  );
}

/**
 * Inside the transaction that promoted them: one `enrollment.promoted` domain event per person. The
 * agenda's promotion notice (promotion-notice.ts) queues their e-mail and sends the realtime toast
 * once the event is delivered.
 */
export async function queuePromotionMails(
  tx: Db,
  host: string,
  promotions: readonly Promotion[],
): Promise<void> {
  await publishAll(
    tx,
    promotions.map((p) => ({
      name: 'enrollment.promoted',
      payload: {
        eventId: p.eventId,
        sessionId: p.sessionId,
        participantId: p.participantId,
        originHost: host,
      },
    })),
  );
}

/**
 * After the commit: everyone sees the new seat counts. The promoted are told by the
 * `enrollment.promoted` subscriber, not here.
 */
export function afterSeatChange(deps: NotifyDeps, eventId: string, sessionIds: readonly string[]): void {
  broadcastSeats(deps, eventId, sessionIds);
}

/**
 * `session.seats` on the event room, coalesced per session (a busy session's counter changes many
 * times a second): every API process reads the committed counts when its message goes out
 * (`seatsReader`); published sessions only.
 */
export function broadcastSeats(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  eventId: string,
  sessionIds: readonly string[],
): void {
  for (const sessionId of new Set(sessionIds))
    deps.realtime.publishLatest(rooms.event(eventId), SEATS_EVENT, sessionId);
}

/** The `session.seats` state of a session (topic = its id), registered with the realtime platform. */
export const seatsReader = (db: Db) => async (_room: string, sessionId: string) =>
  (await seatCounts(db, [sessionId], { publishedOnly: true }))[0];
