import { PROMOTED_EVENT, SEATS_EVENT } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import type { MailMessage } from '../../platform/mail.js';
import { rooms } from '../../platform/realtime.js';
import { linkOrigin } from '../accounts/accounts.service.js';
import { seatCounts, type Promotion } from './enrollment.repo.js';

export type NotifyDeps = Pick<AppDeps, 'db' | 'realtime' | 'mail' | 'config' | 'brands'>;

/** Realtime events of the agenda (contracts in the domain package's realtime/events.ts). */
export { PROMOTED_EVENT, SEATS_EVENT };

export function promotionMail(p: Promotion, link: string): MailMessage {
  const greeting = p.firstName.trim() ? `Hello ${p.firstName.trim()},` : 'Hello,';
  return {
    to: p.email,
    subject: `You have a seat in ${p.sessionName}`,
    text:
      `${greeting}\n\na seat freed up in "${p.sessionName}" (${p.eventName}) and you were next on the waitlist: you are now enrolled.\n\n${link}\n\n` +
      `If you can no longer attend, leave the session in the app so the next person gets your seat.`,
  };
}

/** Queues the promoted people's e-mails inside the transaction that promoted them. */
export async function queuePromotionMails(deps: NotifyDeps, tx: Db, host: string, promotions: readonly Promotion[]): Promise<void> {
  if (promotions.length === 0) return;
  const eventHost = host.replace(/^cms\./i, '');
  // Each promoted person is a participant of the event: linkOrigin decides whether its host is theirs.
  const mails = [];
  for (const p of promotions) mails.push(promotionMail(p, `${await linkOrigin({ ...deps, db: tx }, eventHost, p.userId)}/event/${p.eventId}/agenda/${p.sessionId}`));
  await deps.mail.enqueue(tx, mails);
}

/** After the commit: promoted people hear it in their user room, everyone sees the new seat counts. */
export function afterSeatChange(deps: NotifyDeps, eventId: string, sessionIds: readonly string[], promotions: readonly Promotion[] = []): void {
  if (promotions.length > 0) deps.mail.wake();
  for (const p of promotions) deps.realtime.emit(rooms.user(p.userId), PROMOTED_EVENT, { sessionId: p.sessionId, sessionName: p.sessionName });
  broadcastSeats(deps, eventId, sessionIds);
}

/**
 * `session.seats` on the event room, coalesced per session (a busy session's counter changes many
 * times a second): the counts as committed, read when the message goes out; published sessions only.
 */
export function broadcastSeats(deps: Pick<AppDeps, 'db' | 'realtime'>, eventId: string, sessionIds: readonly string[]): void {
  for (const sessionId of new Set(sessionIds)) {
    deps.realtime.publishLatest(rooms.event(eventId), SEATS_EVENT, sessionId, async () => (await seatCounts(deps.db, [sessionId], { publishedOnly: true }))[0]);
  }
}
