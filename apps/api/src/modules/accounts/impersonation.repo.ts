import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/** The SQL of impersonation (`impersonation.ts` decides whom an actor may act as). */

/** The user, unless they hold a membership (admin or moderator anywhere). */
export async function userWithoutMemberships(
  db: Db,
  userId: string,
): Promise<{ id: string; userRole: 'superadmin' | 'user' } | undefined> {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.userRole'])
    .where('u.id', '=', userId)
    .where(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id)`)
    .executeTakeFirst();
}

/** The events the user takes part in, with the hub and organization they belong to. */
export async function participationsOf(
  db: Db,
  userId: string,
): Promise<{ id: string; eventHubId: string; organizationId: string }[]> {
  return db
    .selectFrom('participants as p')
    .innerJoin('events as e', 'e.id', 'p.eventId')
    .select(['e.id', 'e.eventHubId', 'e.organizationId'])
    .where('p.userId', '=', userId)
    .execute();
}
