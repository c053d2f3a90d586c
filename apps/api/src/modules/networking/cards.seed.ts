import type { Db } from '../../platform/db/index.js';
import * as repo from './cards.repo.js';

/**
 * For the demo seed (seed/cards.ts): one request from `from` to `to`, accepted (both contacts;
 * `myNote` is the recipient's note on the sender) or left pending. Seeded history publishes no
 * domain event.
 */
export async function seedExchange(
  tx: Db,
  s: { eventId: string; from: string; to: string; accepted: boolean; myNote?: string; requestNote?: string },
): Promise<void> {
  const request = await repo.insertRequest(tx, {
    eventId: s.eventId,
    fromParticipantId: s.from,
    toParticipantId: s.to,
    note: s.requestNote ?? '',
  });
  if (!s.accepted) return;
  await repo.setStatus(tx, request.id, 'ACCEPTED');
  await repo.insertContacts(tx, s.eventId, s.from, s.to, request.id);
  if (s.myNote) await repo.updateNote(tx, s.eventId, s.to, s.from, s.myNote);
}
