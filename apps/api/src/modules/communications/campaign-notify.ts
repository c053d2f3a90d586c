import type { Db } from '../../platform/db/index.js';
import type { PushTarget } from '../../platform/push.js';
import type { Realtime } from '../../platform/realtime.js';
import { addInboxItems, announceInboxItems, dropSubscription, pushTargets } from '../notifications/index.js';

/**
 * What the campaigns take from the notifications module (push+inbox part): inbox items and push
 * subscriptions, behind this one file.
 */
export interface InboxItemInput {
  eventId: string;
  participantId: string;
  communicationId?: string;
  title: string;
  body: string;
  url: string;
}

/** In the caller's transaction (the one that starts the campaign). */
export async function addInbox(tx: Db, items: InboxItemInput[]): Promise<void> {
  await addInboxItems(tx, items);
}

/** After commit: the live unread badge. */
export function announceInbox(realtime: Realtime, userIds: string[], eventId?: string): void {
  announceInboxItems(realtime, userIds, eventId);
}

/** Each participant's device subscriptions. */
export async function pushTargetsOf(db: Db, participantIds: string[]): Promise<Map<string, PushTarget[]>> {
  const out = new Map<string, PushTarget[]>();
  for (const r of await pushTargets(db, participantIds)) {
    const list = out.get(r.participantId) ?? [];
    list.push({ endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth });
    out.set(r.participantId, list);
  }
  return out;
}

/** After a 404/410 from the push service. */
export async function dropPushSubscription(db: Db, endpoint: string): Promise<void> {
  await dropSubscription(db, endpoint);
}
