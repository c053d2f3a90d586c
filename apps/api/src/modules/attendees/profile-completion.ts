import { isProfileComplete } from '@plenary/domain';
import type { WriteContext } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { publish } from '../../platform/domain-events.js';
import { profileForCompleteness } from './profile-completion.repo.js';

/**
 * In the transaction of an edit of a profile, after the write: `profile.completed` when the edit
 * made it complete (domain `isProfileComplete`: photo and the required standard fields) and the
 * participant made it themselves (staff and imports filling someone's profile publish nothing).
 * `wasComplete` is how it was read before the edit; two edits racing from incomplete may both publish,
 * so a subscriber that awards something once keys it by participant.
 */
export async function publishIfProfileCompleted(
  tx: Db,
  ctx: WriteContext,
  eventId: string,
  participantId: string,
  wasComplete: boolean,
): Promise<void> {
  if (wasComplete) return;
  const after = await profileForCompleteness(tx, eventId, participantId);
  if (!after || after.userId !== ctx.principal.userId || !isProfileComplete(after)) return;
  await publish(tx, { name: 'profile.completed', payload: { eventId, participantId, userId: after.userId } });
}
