import type { Db } from '../platform/db/index.js';

/** The demo event and the demo participant's id in it, and whether their inbox has items of ours (no communication). */
export async function inboxSeedTarget(
  db: Db,
  eventName: string,
  email: string,
): Promise<{ eventId: string; participantId: string; hasItems: boolean } | undefined> {
  const row = await db
    .selectFrom('participants as p')
    .innerJoin('events as e', 'e.id', 'p.eventId')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['e.id as eventId', 'p.id as participantId'])
    .where('e.name', '=', eventName)
    .where('u.email', '=', email)
    .executeTakeFirst();
  if (!row) return undefined;
  const item = await db
    .selectFrom('inboxItems')
    .select('id')
    .where('participantId', '=', row.participantId)
    .where('communicationId', 'is', null)
    .executeTakeFirst();
  return { ...row, hasItems: Boolean(item) };
}

export async function insertSeedInboxItem(
  tx: Db,
  item: {
    eventId: string;
    participantId: string;
    title: string;
    body: string;
    url: string;
    createdAt: Date;
    readAt: Date | null;
  },
): Promise<void> {
  await tx.insertInto('inboxItems').values(item).execute();
}
