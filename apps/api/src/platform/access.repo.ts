import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from './db/index.js';

/**
 * A query for principals, one round trip: the user's role, with their memberships and the events
 * they take part in as JSON arrays. Callers add the WHERE (and joins, e.g. the session).
 */
export function selectPrincipals(db: Db) {
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.userRole',
      jsonArrayFrom(
        eb
          .selectFrom('memberships as m')
          .select(['m.scope', 'm.scopeId', 'm.role'])
          .whereRef('m.userId', '=', 'u.id'),
      ).as('memberships'),
      jsonArrayFrom(
        eb.selectFrom('participants as pa').select('pa.eventId').whereRef('pa.userId', '=', 'u.id'),
      ).as('participations'),
    ]);
}

export type PrincipalRow = Awaited<
  ReturnType<ReturnType<typeof selectPrincipals>['executeTakeFirstOrThrow']>
>;

export async function principalRow(db: Db, userId: string): Promise<PrincipalRow | undefined> {
  return selectPrincipals(db).where('u.id', '=', userId).executeTakeFirst();
}

export async function organizationOfHub(db: Db, eventHubId: string): Promise<string | undefined> {
  const hub = await db
    .selectFrom('eventHubs')
    .select('organizationId')
    .where('id', '=', eventHubId)
    .executeTakeFirst();
  return hub?.organizationId;
}

/** The organization's oldest hub. */
export async function oldestHubOf(db: Db, organizationId: string): Promise<string | undefined> {
  const hub = await db
    .selectFrom('eventHubs')
    .select('id')
    .where('organizationId', '=', organizationId)
    .orderBy('createdAt')
    .executeTakeFirst();
  return hub?.id;
}
