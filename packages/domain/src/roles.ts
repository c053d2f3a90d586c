import { z } from 'zod';

/** Spec part 6, in the spec's order. */
export const ROLES = [
  'superadmin',
  'organizationadmin',
  'eventhubadmin',
  'eventadmin',
  'moderator',
  'participant',
  'admin',
] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** Claim values carried by the access token. */
export const USER_ROLES = ['superadmin', 'user'] as const;
export const ORG_ROLES = ['admin'] as const;
export const HUB_ROLES = ['admin'] as const;
export const EVENT_ROLES = ['admin', 'moderator', 'participant'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type OrgRole = (typeof ORG_ROLES)[number];
export type HubRole = (typeof HUB_ROLES)[number];
export type EventRole = (typeof EVENT_ROLES)[number];

export const eventUserRoleSchema = z.object({
  eventId: z.string(),
  role: z.enum(EVENT_ROLES),
});
export type EventUserRole = z.infer<typeof eventUserRoleSchema>;

export const tokenClaimsSchema = z.object({
  userId: z.uuid(),
  organizationId: z.string().nullable(),
  eventHubId: z.string().nullable(),
  userRole: z.enum(USER_ROLES),
  organizationUserRole: z.enum(ORG_ROLES).nullable(),
  eventHubUserRole: z.enum(HUB_ROLES).nullable(),
  eventUserRoles: z.array(eventUserRoleSchema),
  sid: z.string(),
  iat: z.number().optional(),
  exp: z.number().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/** The claims role derivation reads; lets callers pass partial token data. */
export type RoleClaims = Pick<
  TokenClaims,
  'userRole' | 'organizationUserRole' | 'eventHubUserRole' | 'eventUserRoles'
>;

export type DerivedRole = Extract<
  Role,
  'superadmin' | 'organizationadmin' | 'eventhubadmin' | 'eventadmin' | 'participant'
>;

/** Spec part 6: the effective role, first match wins. Never yields 'moderator' (see deriveEventRole). */
export function deriveRole(claims: RoleClaims, eventId?: string): DerivedRole {
  if (claims.userRole === 'superadmin') return 'superadmin';
  if (claims.organizationUserRole === 'admin') return 'organizationadmin';
  if (claims.eventHubUserRole === 'admin') return 'eventhubadmin';
  const counted =
    eventId === undefined
      ? claims.eventUserRoles
      : claims.eventUserRoles.filter((r) => r.eventId === eventId);
  if (counted.some((r) => r.role === 'admin')) return 'eventadmin';
  return 'participant';
}

/** The caller's role in one event, if any. */
export function eventRoleOf(
  claims: Pick<RoleClaims, 'eventUserRoles'>,
  eventId: string,
): EventRole | undefined {
  const roles = claims.eventUserRoles.filter((r) => r.eventId === eventId).map((r) => r.role);
  // Several entries for one event: the strongest wins.
  return EVENT_ROLES.find((role) => roles.includes(role));
}

/**
 * deriveRole for one event, except that an event moderator (who deriveRole calls a participant)
 * comes out as 'moderator'. Use it where moderators get more than participants, e.g. Q&A moderation.
 */
export function deriveEventRole(claims: RoleClaims, eventId: string): DerivedRole | 'moderator' {
  const role = deriveRole(claims, eventId);
  if (role === 'participant' && eventRoleOf(claims, eventId) === 'moderator') return 'moderator';
  return role;
}

/** Everything except participant and moderator is an admin role. */
export function isAdminRole(role: Role): boolean {
  return role !== 'participant' && role !== 'moderator';
}
