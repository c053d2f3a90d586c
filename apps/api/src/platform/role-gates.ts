import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@plenary/domain';
import { isSuperAdmin, type Principal } from './access.js';
import { writeContext, type WriteContext } from './audit.js';
import { forbidden } from './errors.js';

/**
 * Who may call the console's tenancy-wide routes at all (checked before any record is read). Within
 * an allowed role, records outside the caller's tenant answer 404 through the scoped queries.
 */
export const isOrganizationAdmin = (p: Principal) => p.organizationIds.length > 0;
export const isHubAdmin = (p: Principal) => p.eventHubIds.length > 0;
export const adminEventIds = (p: Principal) =>
  [...p.eventRoles].flatMap(([id, role]) => (role === 'admin' ? [id] : []));

export const ROLE_GATES = {
  superAdmin: isSuperAdmin,
  /** Super admins and organisation admins. */
  organizationAdmin: (p: Principal) => isSuperAdmin(p) || isOrganizationAdmin(p),
  /** ... and hub admins. */
  hubAdmin: (p: Principal) => isSuperAdmin(p) || isOrganizationAdmin(p) || isHubAdmin(p),
  /** ... and event admins. */
  eventAdmin: (p: Principal) =>
    isSuperAdmin(p) || isOrganizationAdmin(p) || isHubAdmin(p) || adminEventIds(p).length > 0,
} as const;

/** 401 without a token, 403 when the caller's roles do not pass `gate`; else the write context. */
export function gate(request: FastifyRequest, allowed: (p: Principal) => boolean): WriteContext {
  const ctx = writeContext(request);
  if (!allowed(ctx.principal)) throw forbidden(MESSAGES.forbidden);
  return ctx;
}
