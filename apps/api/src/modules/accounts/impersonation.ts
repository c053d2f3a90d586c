import type { Db } from '../../platform/db/index.js';
import { canAdminEvent, type Principal } from '../../platform/access.js';

/**
 * An admin may act as a participant (who holds no admin role) of an event the admin administers.
 * Super admins may act as anyone who is not a super admin.
 */
export async function mayImpersonate(db: Db, actor: Principal, targetUserId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(targetUserId)) return false;
  const target = await db.selectFrom('users').select(['id', 'userRole']).where('id', '=', targetUserId).executeTakeFirst();
  if (!target || target.userRole === 'superadmin') return false;
  if (actor.userRole === 'superadmin') return true;
  // Acting as someone with admin rights of their own would hand the actor those rights.
  const adminRole = await db.selectFrom('memberships').select('id').where('userId', '=', targetUserId).where('role', '=', 'admin').executeTakeFirst();
  if (adminRole) return false;
  const events = await db
    .selectFrom('participants')
    .innerJoin('events', 'events.id', 'participants.eventId')
    .select(['events.id', 'events.eventHubId', 'events.organizationId'])
    .where('participants.userId', '=', targetUserId)
    .execute();
  return events.some((e) => canAdminEvent(actor, e));
}
