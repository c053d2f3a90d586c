import {
  MESSAGES,
  TENANCY_MESSAGES,
  type AdminUserRecord,
  type CreateAdminUser,
  type RoleAssignmentInput,
  type UpdateAdminUser,
} from '@plenary/domain';
import { isSuperAdmin } from '../../platform/access.js';
import { audit, type WriteContext } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { conflict, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { enqueueCreatePasswordEmail, sendCreatePasswordEmail } from '../accounts/index.js';
import * as repo from './admin-users.repo.js';

const ENTITY = 'adminUser';

export async function getAdminUser(db: Db, ctx: WriteContext, id: string): Promise<AdminUserRecord> {
  const record = await repo.adminUserList.byId(db, ctx.principal, id);
  if (!record) throw notFound();
  return record;
}

/** Every scope id must exist inside the caller's scope; the first that does not answers 404 on its field. */
async function assertRolesInReach(db: Db, ctx: WriteContext, roles: RoleAssignmentInput[]): Promise<void> {
  const reach = await repo.scopesInReach(db, ctx.principal, roles);
  const index = roles.findIndex((r) => !reach.has(`${r.scope}:${r.scopeId}`));
  if (index >= 0)
    throw new HttpError(404, `roles.${index}.scopeId: ${MESSAGES.notFound}`, {
      [`roles.${index}.scopeId`]: MESSAGES.notFound,
    });
}

type MailDeps = Pick<AppDeps, 'db' | 'config' | 'mail' | 'brands'>;

/**
 * Gives an e-mail address roles in the caller's scope. A new address becomes a user without a
 * password, who gets a link to create one (also sent to an existing user who never set one); the
 * e-mail is queued in the same transaction.
 */
export async function createAdminUser(
  deps: MailDeps,
  ctx: WriteContext,
  body: CreateAdminUser,
): Promise<AdminUserRecord> {
  const { db } = deps;
  await assertRolesInReach(db, ctx, body.roles);
  const email = body.email.toLowerCase();
  const { userId, invite } = await db.transaction().execute(async (tx) => {
    const existing = await repo.findUserByEmail(tx, email);
    if (existing && (await repo.roleCounts(tx, ctx.principal, existing.id)).inside > 0) {
      throw conflict(`email: ${TENANCY_MESSAGES.alreadyAdmin}`, { email: TENANCY_MESSAGES.alreadyAdmin });
    }
    const userId =
      existing?.id ??
      (await repo.insertUser(tx, ctx, {
        email,
        firstName: body.firstName,
        lastName: body.lastName,
      }));
    await repo.upsertRoles(tx, userId, body.roles);
    await audit(tx, ctx, 'create', ENTITY, userId);
    const invite = !existing || existing.passwordHash === null;
    if (invite)
      await enqueueCreatePasswordEmail(tx, deps, { id: userId, email, firstName: body.firstName }, ctx.host);
    return { userId, invite };
  });
  if (invite) deps.mail.wake();
  return getAdminUser(db, ctx, userId);
}

export async function updateAdminUser(
  db: Db,
  ctx: WriteContext,
  id: string,
  body: UpdateAdminUser,
): Promise<AdminUserRecord> {
  await getAdminUser(db, ctx, id);
  if (body.roles) await assertRolesInReach(db, ctx, body.roles);
  const renaming = body.firstName !== undefined || body.lastName !== undefined;
  if (renaming && !isSuperAdmin(ctx.principal)) {
    // A person known to other tenants (or a super admin) keeps the name only a super admin may change.
    const [user, counts] = await Promise.all([repo.findUser(db, id), repo.roleCounts(db, ctx.principal, id)]);
    if (user?.userRole === 'superadmin' || counts.outside > 0)
      throw forbidden(TENANCY_MESSAGES.renameElsewhere);
  }
  await db.transaction().execute(async (tx) => {
    if (renaming)
      await repo.renameUser(tx, id, {
        firstName: body.firstName,
        lastName: body.lastName,
        updatedBy: ctx.actorId,
      });
    if (body.roles) {
      await repo.deleteRolesInScope(tx, ctx.principal, id);
      await repo.upsertRoles(tx, id, body.roles);
    }
    await audit(tx, ctx, 'update', ENTITY, id);
  });
  return getAdminUser(db, ctx, id);
}

/** Sends the first-time password e-mail again, to someone who has not created a password yet. */
export async function resendCreatePasswordEmail(
  deps: MailDeps,
  ctx: WriteContext,
  id: string,
): Promise<void> {
  const record = await getAdminUser(deps.db, ctx, id);
  const user = await repo.findUserByEmail(deps.db, record.email);
  if (!user || user.passwordHash !== null) throw conflict(TENANCY_MESSAGES.passwordAlreadyCreated);
  await sendCreatePasswordEmail(deps, { id, email: record.email, firstName: record.firstName }, ctx.host);
}

/** Removes the user's roles inside the caller's scope; the account and roles elsewhere stay. */
export async function deleteAdminUser(db: Db, ctx: WriteContext, id: string): Promise<void> {
  await getAdminUser(db, ctx, id);
  await db.transaction().execute(async (tx) => {
    await repo.deleteRolesInScope(tx, ctx.principal, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
}
