import { z } from 'zod';
import { accountEmailSchema, NAME_MAX_LENGTH } from '../accounts/schemas.js';
import { listQuerySchema } from '../list.js';
import { multiValueFilter } from '../list-filters.js';
import { MESSAGES } from '../messages.js';
import { nameString } from '../validation/text.js';
import { timestampSchema } from './common.js';
import { TENANCY_MESSAGES } from './messages.js';

/** Where a role applies (rows of `memberships`). */
export const ROLE_SCOPES = ['organization', 'eventHub', 'event'] as const;
export type RoleScope = (typeof ROLE_SCOPES)[number];
export const ADMIN_ROLES = ['admin', 'moderator'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
/** Roles a scope can hold: moderators moderate events. */
export const SCOPE_ROLES: Record<RoleScope, readonly AdminRole[]> = {
  organization: ['admin'],
  eventHub: ['admin'],
  event: ['admin', 'moderator'],
};
export const ADMIN_USER_ROLES_MAX = 200;

export const roleAssignmentInputSchema = z
  .object({ scope: z.enum(ROLE_SCOPES), scopeId: z.uuid(), role: z.enum(ADMIN_ROLES) })
  .refine((r) => SCOPE_ROLES[r.scope].includes(r.role), {
    path: ['role'],
    message: TENANCY_MESSAGES.moderatorIsEventRole,
  });
export type RoleAssignmentInput = z.output<typeof roleAssignmentInputSchema>;

const rolesInputSchema = z
  .array(roleAssignmentInputSchema)
  .min(1, MESSAGES.required)
  .max(ADMIN_USER_ROLES_MAX, MESSAGES.maxLength)
  .superRefine((roles, ctx) => {
    const seen = new Set<string>();
    roles.forEach((r, i) => {
      const key = `${r.scope}:${r.scopeId}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i, 'scopeId'], message: TENANCY_MESSAGES.duplicateScope });
      seen.add(key);
    });
  });

export const roleAssignmentSchema = z.object({
  scope: z.enum(ROLE_SCOPES),
  scopeId: z.uuid(),
  scopeName: z.string(),
  role: z.enum(ADMIN_ROLES),
});

/** A user holding admin or moderator roles; `roles` lists only those inside the caller's scope. */
export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(roleAssignmentSchema),
  createdAt: timestampSchema,
});
export type AdminUserRecord = z.output<typeof adminUserSchema>;

/** Creates the user when the address is new (and e-mails a link to create a password); adds the roles. */
export const createAdminUserSchema = z.object({
  email: accountEmailSchema,
  firstName: nameString(NAME_MAX_LENGTH),
  lastName: nameString(NAME_MAX_LENGTH),
  roles: rolesInputSchema,
});
export type CreateAdminUser = z.output<typeof createAdminUserSchema>;

/** `roles` replaces the user's roles inside the caller's scope (roles elsewhere stay). */
export const updateAdminUserSchema = z.object({
  firstName: nameString(NAME_MAX_LENGTH).optional(),
  lastName: nameString(NAME_MAX_LENGTH).optional(),
  roles: rolesInputSchema.optional(),
});
export type UpdateAdminUser = z.output<typeof updateAdminUserSchema>;

export const adminUserListQuerySchema = listQuerySchema.extend({
  role: multiValueFilter(z.enum(ADMIN_ROLES)).optional(),
  scope: multiValueFilter(z.enum(ROLE_SCOPES)).optional(),
  /** Users with a role on this organization, hub or event. */
  scopeId: z.uuid().optional(),
});
