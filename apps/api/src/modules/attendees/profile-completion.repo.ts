import type { Db } from '../../platform/db/index.js';

/** The fields `isProfileComplete` looks at, and whose profile it is. */
export async function profileForCompleteness(db: Db, eventId: string, participantId: string) {
  return db
    .selectFrom('participants')
    .select(['userId', 'firstName', 'lastName', 'email', 'photoUrl'])
    .where('eventId', '=', eventId)
    .where('id', '=', participantId)
    .executeTakeFirst();
}
