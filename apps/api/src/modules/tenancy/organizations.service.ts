import {
  MESSAGES,
  type CreateOrganization,
  type OrganizationRecord,
  type SsoInput,
  type UpdateOrganization,
} from '@plenary/domain';
import { isSuperAdmin } from '../../platform/access.js';
import { audit, type WriteContext } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { removeSsoProvider, upsertSsoProvider } from '../accounts/index.js';
import type { LinkDeps } from '../../platform/link-hosts.js';
import * as repo from './organizations.repo.js';

const ENTITY = 'organization';

export async function getOrganization(db: Db, ctx: WriteContext, id: string): Promise<OrganizationRecord> {
  const record = await repo.organizationList.byId(db, ctx.principal, id);
  if (!record) throw notFound();
  return record;
}

/** Saving SSO hosts needs the platform's hosts (brands, PUBLIC_URL) besides the database. */
type SsoDeps = LinkDeps;

export async function createOrganization(
  deps: SsoDeps,
  ctx: WriteContext,
  body: CreateOrganization,
): Promise<OrganizationRecord> {
  const { db } = deps;
  const id = await db.transaction().execute(async (tx) => {
    const id = await repo.insertOrganization(tx, {
      name: body.name,
      status: body.settings.status,
      updatedBy: ctx.actorId,
    });
    // A new organisation has no approved hosts yet, so this refuses any host (approve them first).
    if (body.sso) await saveSso({ ...deps, db: tx }, id, body.name, body.sso);
    await audit(tx, ctx, 'create', ENTITY, id);
    return id;
  });
  return getOrganization(db, ctx, id);
}

export async function updateOrganization(
  deps: SsoDeps,
  ctx: WriteContext,
  id: string,
  body: UpdateOrganization,
): Promise<OrganizationRecord> {
  const { db } = deps;
  const current = await getOrganization(db, ctx, id);
  await db.transaction().execute(async (tx) => {
    await repo.updateOrganization(tx, id, {
      name: body.name,
      status: body.settings?.status,
      updatedBy: ctx.actorId,
    });
    if (body.sso === null) await removeSsoProvider(tx, id);
    else if (body.sso) await saveSso({ ...deps, db: tx }, id, body.name ?? current.name, body.sso);
    await audit(tx, ctx, 'update', ENTITY, id);
  });
  return getOrganization(db, ctx, id);
}

export async function deleteOrganization(db: Db, ctx: WriteContext, id: string): Promise<void> {
  await getOrganization(db, ctx, id);
  if (!isSuperAdmin(ctx.principal)) throw forbidden(MESSAGES.forbidden);
  await db.transaction().execute(async (tx) => {
    await repo.deleteOrganization(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
}

/** Through the accounts area, which owns sign-in providers; a missing secret keeps the stored one. */
async function saveSso(deps: SsoDeps, organizationId: string, name: string, sso: SsoInput): Promise<void> {
  const clientSecret = sso.clientSecret ?? (await repo.ssoSecretOf(deps.db, organizationId));
  if (!clientSecret)
    throw badRequest(`sso.clientSecret: ${MESSAGES.required}`, { 'sso.clientSecret': MESSAGES.required });
  try {
    await upsertSsoProvider(deps, {
      organizationId,
      name,
      issuer: sso.issuer,
      clientId: sso.clientId,
      clientSecret,
      hosts: sso.hosts,
    });
  } catch (err) {
    // Its field names are the provider's; ours sit under `sso`.
    if (err instanceof HttpError && err.fields) {
      const fields = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [`sso.${k}`, v]));
      throw new HttpError(err.statusCode, `sso.${err.message}`, fields);
    }
    throw err;
  }
}
