import type { EventRole } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { canAdminEvent, isSuperAdmin, type Principal } from '../../platform/access.js';
import * as repo from './impersonation.repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whom a request with `impersonate: <targetUserId>` acts as, or undefined when the actor may not
 * act as that user (the caller answers 404 like an unknown id).
 *
 * The answer is the intersection of the target's rights with the actor's: the target's
 * *participant* role in the events the actor administers, nothing else. The target's roles in
 * other events and tenants, and any admin or moderator role, never reach the actor. Targets holding
 * a membership (admin or moderator anywhere) or the super admin role are refused for every actor:
 * acting as them would hand over rights of their own. Super admins administer every event, so they
 * act as the target's participations everywhere (and may act as an account with none); anyone
 * else needs at least one event in common.
 */
export async function impersonatedPrincipal(
  db: Db,
  actor: Principal,
  targetUserId: string,
): Promise<Principal | undefined> {
  if (!UUID.test(targetUserId)) return undefined;
  const target = await repo.userWithoutMemberships(db, targetUserId);
  if (!target || target.userRole === 'superadmin') return undefined;
  const participations = await repo.participationsOf(db, target.id);
  const eventRoles = new Map<string, EventRole>(
    participations.filter((e) => canAdminEvent(actor, e)).map((e) => [e.id, 'participant']),
  );
  if (eventRoles.size === 0 && !isSuperAdmin(actor)) return undefined;
  return { userId: target.id, userRole: 'user', organizationIds: [], eventHubIds: [], eventRoles };
}
