import { deriveRole, type DerivedRole, type EventRole, type TokenClaims } from '@plenary/domain';
import type { Db } from './db/index.js';
import { oldestHubOf, organizationOfHub, principalRow, type PrincipalRow } from './access.repo.js';

/**
 * Who is calling, read fresh from the database on each request so a revoked role stops at once.
 * Scopes are id sets; `superadmin` sees everything.
 */
export interface Principal {
  userId: string;
  userRole: 'superadmin' | 'user';
  organizationIds: string[]; // admin of
  eventHubIds: string[]; // admin of
  eventRoles: Map<string, EventRole>; // admin, moderator or participant per event
}

/** A row of `selectPrincipals` as the Principal the access checks read. */
export function toPrincipal(row: PrincipalRow): Principal {
  const { memberships, participations } = row;
  const eventRoles = new Map<string, EventRole>();
  for (const p of participations) eventRoles.set(p.eventId, 'participant');
  for (const m of memberships) {
    if (m.scope !== 'event') continue;
    const current = eventRoles.get(m.scopeId);
    if (current !== 'admin') eventRoles.set(m.scopeId, m.role);
  }
  return {
    userId: row.id,
    userRole: row.userRole,
    organizationIds: memberships
      .filter((m) => m.scope === 'organization' && m.role === 'admin')
      .map((m) => m.scopeId),
    eventHubIds: memberships
      .filter((m) => m.scope === 'eventHub' && m.role === 'admin')
      .map((m) => m.scopeId),
    eventRoles,
  };
}

export async function loadPrincipal(db: Db, userId: string): Promise<Principal | undefined> {
  const row = await principalRow(db, userId);
  return row && toPrincipal(row);
}

/** The token claims of spec part 3 for a principal (plus ids the client needs). */
export async function claimsFor(db: Db, p: Principal, sid: string): Promise<TokenClaims> {
  const organizationId = p.organizationIds[0] ?? null;
  let eventHubId = p.eventHubIds[0] ?? null;
  let hubOrganizationId: string | null = null;
  if (eventHubId) {
    hubOrganizationId = (await organizationOfHub(db, eventHubId)) ?? null;
  } else if (organizationId) {
    eventHubId = (await oldestHubOf(db, organizationId)) ?? null;
  }
  return {
    userId: p.userId,
    sid,
    organizationId: organizationId ?? hubOrganizationId,
    eventHubId,
    userRole: p.userRole,
    organizationUserRole: p.organizationIds.length > 0 ? 'admin' : null,
    eventHubUserRole: p.eventHubIds.length > 0 ? 'admin' : null,
    eventUserRoles: [...p.eventRoles].map(([eventId, role]) => ({ eventId, role })),
  };
}

export function roleOf(p: Principal, eventId?: string): DerivedRole {
  return deriveRole(
    {
      userRole: p.userRole,
      organizationUserRole: p.organizationIds.length > 0 ? 'admin' : null,
      eventHubUserRole: p.eventHubIds.length > 0 ? 'admin' : null,
      eventUserRoles: [...p.eventRoles].map(([id, role]) => ({ eventId: id, role })),
    },
    eventId,
  );
}

export const isSuperAdmin = (p: Principal) => p.userRole === 'superadmin';

export function canAdminOrganization(p: Principal, organizationId: string): boolean {
  return isSuperAdmin(p) || p.organizationIds.includes(organizationId);
}

export function canAdminHub(p: Principal, hub: { id: string; organizationId: string }): boolean {
  return canAdminOrganization(p, hub.organizationId) || p.eventHubIds.includes(hub.id);
}

export function canAdminEvent(
  p: Principal,
  event: { id: string; eventHubId: string; organizationId: string },
): boolean {
  return (
    canAdminHub(p, { id: event.eventHubId, organizationId: event.organizationId }) ||
    p.eventRoles.get(event.id) === 'admin'
  );
}

/** Admins of the event and its moderators. */
export function canModerateEvent(
  p: Principal,
  event: { id: string; eventHubId: string; organizationId: string },
): boolean {
  return canAdminEvent(p, event) || p.eventRoles.get(event.id) === 'moderator';
}

/** Anyone with any role in the event, admins included. */
export function canAccessEvent(
  p: Principal,
  event: { id: string; eventHubId: string; organizationId: string },
): boolean {
  return canAdminEvent(p, event) || p.eventRoles.has(event.id);
}

/** True for anyone who may use the admin console at all. */
export function isConsoleUser(p: Principal): boolean {
  return roleOf(p) !== 'participant' || [...p.eventRoles.values()].includes('moderator');
}
