import { MESSAGES } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { conflict } from '../../platform/errors.js';
import * as repo from './enrollment.repo.js';
import { afterSeatChange, queuePromotionMails, type NotifyDeps } from './enrollment.notify.js';

/** What `releaseAllPlaces` changed, for `afterReleasingPlaces` once the transaction committed. */
export interface ReleasedPlaces {
  eventId: string;
  sessionIds: string[];
  promotions: repo.Promotion[];
}

/** The participant took a place in a session this attempt had not locked: run the transaction again. */
export class HeldPlacesGrew extends Error {
  constructor() {
    super('The participant took a new place while being removed');
  }
}

/**
 * Before a participant row goes (its FK cascade would drop enrollments and check-ins behind the
 * counters' back): inside the caller's transaction, locks the sessions the participant holds or
 * attended (id order), then their enrollable breakouts (id order), then the participant row FOR
 * UPDATE — sessions before breakouts before participant-level locks, as everywhere — and reads
 * the held sessions again. A place taken after the first read (an enroll or a SessionUser import
 * in a session not locked here; their foreign key waits on no lock of ours until the participant
 * lock) committed before that lock was granted, so the second read sees it; once the participant
 * lock is held nobody can add one. More sessions than locked → `HeldPlacesGrew`: locking them now
 * would take a session after a participant lock (an import holding that session may be waiting
 * for our participant row: deadlock), so the caller rolls back and starts again
 * (`removeWithPlaces`). Otherwise removes each place and check-in with its counter, promotes the
 * waitlist where a seat freed and queues the promotion e-mails. Answers undefined when the
 * participant is gone already.
 */
export async function releaseAllPlaces(
  deps: NotifyDeps,
  tx: Db,
  host: string,
  eventId: string,
  participantId: string,
): Promise<ReleasedPlaces | undefined> {
  const sessions = await repo.lockSessionsHeldBy(tx, eventId, participantId);
  const breakoutIds = [
    ...new Set(sessions.flatMap((s) => (s.enrollableBreakoutId ? [s.enrollableBreakoutId] : []))),
  ].sort();
  for (const id of breakoutIds) await repo.lockBreakout(tx, id);
  if (!(await repo.lockParticipantForRemoval(tx, eventId, participantId))) return undefined;
  const locked = new Set(sessions.map((s) => s.id));
  if ((await repo.sessionIdsHeldBy(tx, eventId, participantId)).some((id) => !locked.has(id)))
    throw new HeldPlacesGrew();
  const promotions: repo.Promotion[] = [];
  for (const s of sessions) {
    await repo.removeCheckIn(tx, s.id, participantId);
    if ((await repo.removePlace(tx, s.id, participantId)) === 'ENROLLED')
      promotions.push(...(await repo.promoteWaitlisted(tx, s.id)));
  }
  await queuePromotionMails(tx, host, promotions);
  return { eventId, sessionIds: sessions.map((s) => s.id), promotions };
}

/** Attempts of `removeWithPlaces`; each one past the first needs a new place committed in the few statements before its participant lock. */
const REMOVAL_ATTEMPTS = 10;

/**
 * Removes a participant in one transaction: `releaseAllPlaces`, then `remove(tx)` (the delete, the
 * audit) with the participant row still locked; again from the start on `HeldPlacesGrew`. False
 * when the participant is gone. After the commit, `afterReleasingPlaces`.
 */
export async function removeWithPlaces(
  deps: NotifyDeps,
  host: string,
  eventId: string,
  participantId: string,
  remove: (tx: Db) => Promise<void>,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      const released = await deps.db.transaction().execute(async (tx) => {
        const released = await releaseAllPlaces(deps, tx, host, eventId, participantId);
        if (released) await remove(tx);
        return released;
      });
      if (!released) return false;
      afterReleasingPlaces(deps, released);
      return true;
    } catch (err) {
      if (!(err instanceof HeldPlacesGrew)) throw err;
      if (attempt >= REMOVAL_ATTEMPTS) throw conflict(MESSAGES.tooManyAttempts);
    }
  }
}

/** After the commit: the promoted hear it, the event room gets the new seat counts. */
export function afterReleasingPlaces(deps: NotifyDeps, released: ReleasedPlaces): void {
  afterSeatChange(deps, released.eventId, released.sessionIds);
}
