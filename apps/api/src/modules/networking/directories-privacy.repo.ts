import type { Db } from '../../platform/db/index.js';

/** Profile privacy (issue 13): the `participants.profile_hidden` flag of a user's participant in an event. */

export async function findPrivacy(
  db: Db,
  eventId: string,
  userId: string,
): Promise<{ id: string; hidden: boolean } | undefined> {
  const row = await db
    .selectFrom('participants')
    .select(['id', 'profileHidden'])
    .where('eventId', '=', eventId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row && { id: row.id, hidden: row.profileHidden };
}

export async function setHidden(tx: Db, participantId: string, hidden: boolean): Promise<void> {
  await tx
    .updateTable('participants')
    .set({ profileHidden: hidden, updatedAt: new Date() })
    .where('id', '=', participantId)
    .execute();
}
