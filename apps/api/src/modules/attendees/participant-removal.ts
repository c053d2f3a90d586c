import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/index.js';

export type RemovalDeps = Pick<AppDeps, 'db' | 'realtime' | 'mail' | 'config' | 'brands'>;

/**
 * How a participant is removed: `remove(tx)` (the delete, the audit) inside one transaction that
 * may first give up what the participant holds elsewhere; false when the participant is gone.
 * The agenda installs its own (session places released first, counters exact, the waitlist moves
 * up) when its routes register, so attendees does not import the agenda.
 */
export type ParticipantRemoval = (
  deps: RemovalDeps,
  host: string,
  eventId: string,
  participantId: string,
  remove: (tx: Db) => Promise<void>,
) => Promise<boolean>;

const plainRemoval: ParticipantRemoval = async (deps, _host, _eventId, _participantId, remove) => {
  await deps.db.transaction().execute(remove);
  return true;
};

let removal: ParticipantRemoval = plainRemoval;

export function setParticipantRemoval(fn: ParticipantRemoval): void {
  removal = fn;
}

export const removeWithHoldings: ParticipantRemoval = (...args) => removal(...args);
