import type { Db } from '../../platform/db/index.js';
import * as repo from './enrollment.repo.js';
import { afterSeatChange, queuePromotionMails, type NotifyDeps } from './enrollment.notify.js';

/** What `releaseAllPlaces` changed, for `afterReleasingPlaces` once the transaction committed. */
export interface ReleasedPlaces {
  eventId: string;
  sessionIds: string[];
  promotions: repo.Promotion[];
}

/**
 * Before a participant row goes (its FK cascade would drop enrollments and check-ins behind the
 * counters' back): inside the caller's transaction, locks the sessions the participant holds or
 * attended (id order), then their enrollable breakouts (id order) — sessions before breakouts, as
 * everywhere — removes each place and check-in with its counter, promotes the waitlist where a
 * seat freed and queues the promotion e-mails.
 */
export async function releaseAllPlaces(deps: NotifyDeps, tx: Db, host: string, eventId: string, participantId: string): Promise<ReleasedPlaces> {
  const sessions = await repo.lockSessionsHeldBy(tx, eventId, participantId);
  const breakoutIds = [...new Set(sessions.flatMap((s) => (s.enrollableBreakoutId ? [s.enrollableBreakoutId] : [])))].sort();
  for (const id of breakoutIds) await repo.lockBreakout(tx, id);
  const promotions: repo.Promotion[] = [];
  for (const s of sessions) {
    await repo.removeCheckIn(tx, s.id, participantId);
    if ((await repo.removePlace(tx, s.id, participantId)) === 'ENROLLED') promotions.push(...(await repo.promoteWaitlisted(tx, s.id)));
  }
  await queuePromotionMails(deps, tx, host, promotions);
  return { eventId, sessionIds: sessions.map((s) => s.id), promotions };
}

/** After the commit: the promoted hear it, the event room gets the new seat counts. */
export function afterReleasingPlaces(deps: NotifyDeps, released: ReleasedPlaces): void {
  afterSeatChange(deps, released.eventId, released.sessionIds, released.promotions);
}
