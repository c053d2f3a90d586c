import type { BulkActionRequest, BulkActionResult, BulkSkipReason } from '@plenary/domain';
import type { EventAccess } from '../../platform/event-access.js';
import { HttpError } from '../../platform/errors.js';
import { storageFor } from '../../platform/storage.js';
import { labelCounts } from './bulk-actions.repo.js';
import { participantIdsOfEvent } from './labels.repo.js';
import { checkManualLabelIds } from './labels.service.js';
import { sendMagicLinks } from './magic-links.service.js';
import type { RemovalDeps } from './participant-removal.js';
import { bulkUpdate, getParticipant, removeParticipant } from './participants.service.js';
import { forget } from './photos.service.js';

type Skipped = BulkActionResult['skipped'];

const skip = (ids: readonly string[], reason: BulkSkipReason): Skipped =>
  ids.map((participantId) => ({ participantId, reason }));

/**
 * One action on the selected participants, reporting what was done and what was skipped and why.
 * Each action reuses the single-purpose path (bulk PATCH, magic-link send, participant removal),
 * so rules, audit rows and side effects (waitlists moving up, photos deleted) are the same.
 */
export async function runBulkAction(
  deps: RemovalDeps,
  access: EventAccess,
  body: BulkActionRequest,
): Promise<BulkActionResult> {
  const { db } = deps;
  const { event } = access;
  const selected = [...new Set(body.participantIds.map((id) => id.toLowerCase()))];
  const labelIds =
    body.action === 'ADD_LABELS' || body.action === 'REMOVE_LABELS'
      ? await checkManualLabelIds(db, event.id, body.labelIds, 'labelIds')
      : [];
  const found = new Set(await participantIdsOfEvent(db, event.id, selected));
  const missing = selected.filter((id) => !found.has(id));
  const present = selected.filter((id) => found.has(id));
  const result = (done: number, skipped: Skipped): BulkActionResult => ({
    action: body.action,
    done,
    skipped: [...skip(missing, 'NOT_IN_EVENT'), ...skipped],
  });

  switch (body.action) {
    case 'ADD_LABELS':
    case 'REMOVE_LABELS': {
      const adding = body.action === 'ADD_LABELS';
      const held = await labelCounts(db, present, labelIds);
      const idle = present.filter((id) =>
        adding ? held.get(id) === labelIds.length : (held.get(id) ?? 0) === 0,
      );
      const change = present.filter((id) => !idle.includes(id));
      const patch = adding ? { addLabelIds: labelIds } : { removeLabelIds: labelIds };
      const { updated } = change.length > 0 ? await bulkUpdate(db, access, change, patch) : { updated: 0 };
      // `updated` falls short of `change` when someone was removed meanwhile.
      let vanished: string[] = [];
      if (updated < change.length) {
        const left = new Set(await participantIdsOfEvent(db, event.id, change));
        vanished = change.filter((id) => !left.has(id));
      }
      return result(updated, [
        ...skip(idle, adding ? 'ALREADY_LABELLED' : 'NOT_LABELLED'),
        ...skip(vanished, 'NOT_IN_EVENT'),
      ]);
    }
    case 'SEND_MAGIC_LINKS': {
      if (present.length === 0) return result(0, []);
      const { sent } = await sendMagicLinks(deps, access, {
        participantIds: present,
        ...(body.host ? { host: body.host } : {}),
      });
      return result(sent, []);
    }
    case 'REMOVE': {
      const storage = storageFor(deps.config);
      let done = 0;
      const vanished: string[] = [];
      for (const id of present) {
        try {
          const { photoUrl } = await getParticipant(db, event.id, id);
          await removeParticipant(deps, access, id);
          await forget(db, storage, photoUrl);
          done++;
        } catch (err) {
          // Removed meanwhile (another admin, another tab): nothing left to do for this one.
          if (err instanceof HttpError && err.statusCode === 404) vanished.push(id);
          else throw err;
        }
      }
      return result(done, skip(vanished, 'NOT_IN_EVENT'));
    }
  }
}
