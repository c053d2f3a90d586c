import type { Db } from './db/index.js';

/** The organisation for which one of `hosts` (a host with and without its port) is approved. */
export async function organizationOfApprovedHost(db: Db, hosts: string[]): Promise<string | undefined> {
  const row = await db
    .selectFrom('approvedHosts')
    .select('organizationId')
    .where('host', 'in', hosts)
    .executeTakeFirst();
  return row?.organizationId;
}

/** The organisations in which the user holds any role (for SSO providers scoped to one organisation). */
export async function organizationsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('participants')
    .innerJoin('events', 'events.id', 'participants.eventId')
    .select('events.organizationId as organizationId')
    .where('participants.userId', '=', userId)
    .union(
      db
        .selectFrom('memberships')
        .innerJoin('events', 'events.id', 'memberships.scopeId')
        .select('events.organizationId as organizationId')
        .where('memberships.userId', '=', userId)
        .where('memberships.scope', '=', 'event'),
    )
    .union(
      db
        .selectFrom('memberships')
        .innerJoin('eventHubs', 'eventHubs.id', 'memberships.scopeId')
        .select('eventHubs.organizationId as organizationId')
        .where('memberships.userId', '=', userId)
        .where('memberships.scope', '=', 'eventHub'),
    )
    .union(
      db
        .selectFrom('memberships')
        .select('memberships.scopeId as organizationId')
        .where('memberships.userId', '=', userId)
        .where('memberships.scope', '=', 'organization'),
    )
    .execute();
  return rows.map((r) => r.organizationId);
}
