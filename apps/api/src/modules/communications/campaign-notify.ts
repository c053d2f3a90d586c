import type { Db } from '../../platform/db/index.js';
import type { PushTarget } from '../../platform/push.js';
import type { Realtime } from '../../platform/realtime.js';

/**
 * What the campaigns take from the notifications module (push+inbox part): inbox items and push
 * subscriptions. Kept behind this one file so the engine does not depend on how they are stored.
 */
export interface InboxItemInput {
  eventId: string;
  participantId: string;
  communicationId?: string;
  title: string;
  body: string;
  url: string;
}

export async function addInbox(_tx: Db, _items: InboxItemInput[]): Promise<void> {}

export function announceInbox(_realtime: Realtime, _userIds: string[]): void {}

export async function pushTargetsOf(_db: Db, _participantIds: string[]): Promise<Map<string, PushTarget[]>> {
  return new Map();
}

export async function dropPushSubscription(_db: Db, _endpoint: string): Promise<void> {}
