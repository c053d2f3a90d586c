import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import { MESSAGES } from '@plenary/domain';
import { isSuperAdmin, type Principal } from '../../platform/access.js';
import { writeContext, type WriteContext } from '../../platform/audit.js';
import { forbidden } from '../../platform/errors.js';

/**
 * Who may call the tenancy routes at all (checked before any record is read). Within an allowed
 * role, records outside the caller's tenant answer 404 through the scoped queries.
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

/** `column = ANY(ids)`; false for no ids. `column` is a Kysely reference ('e.organizationId'). */
export const inIds = (column: string, ids: readonly string[]) =>
  ids.length === 0
    ? sql<SqlBool>`false`
    : sql<SqlBool>`${sql.ref(column)} = ANY(${sql.val([...ids])}::uuid[])`;

/** `column = ANY(values)` for text values (filters). */
export const inTexts = (column: Expression<unknown>, values: readonly string[]) =>
  sql<SqlBool>`${column} = ANY(${sql.val([...values])}::text[])`;
