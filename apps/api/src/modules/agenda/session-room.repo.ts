import type { Db } from '../../platform/db/index.js';

/** The session's event and tenant, for the `session:<id>` room's access check. */
export async function sessionEventScope(
  db: Db,
  sessionId: string,
): Promise<{ id: string; eventHubId: string; organizationId: string } | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('events as e', 'e.id', 's.eventId')
    .select(['e.id', 'e.eventHubId', 'e.organizationId'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}
