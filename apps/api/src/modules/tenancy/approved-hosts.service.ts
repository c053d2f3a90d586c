import { TENANCY_MESSAGES, type ApprovedHost } from '@plenary/domain';
import { audit, type WriteContext } from '../../platform/audit.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { hostName, isPlatformHost, type LinkDeps } from '../../platform/link-hosts.js';
import * as repo from './approved-hosts.repo.js';
import { getOrganization } from './organizations.service.js';

const ENTITY = 'approved-host';

/** The hosts a super admin approved for the organisation (404 for an unknown one). */
export async function listApprovedHosts(
  deps: LinkDeps,
  ctx: WriteContext,
  organizationId: string,
): Promise<{ records: ApprovedHost[]; total: number }> {
  await getOrganization(deps.db, ctx, organizationId);
  const records = await repo.listApprovedHosts(deps.db, organizationId);
  return { records, total: records.length };
}

/**
 * Approves `host` (already lower-case `name[:port]`) for the organisation. Never a platform host
 * (400), and a host name belongs to one organisation only (409), with or without port.
 */
export async function approveHost(
  deps: LinkDeps,
  ctx: WriteContext,
  organizationId: string,
  host: string,
): Promise<ApprovedHost> {
  const { db } = deps;
  await getOrganization(db, ctx, organizationId);
  if (isPlatformHost(deps, host))
    throw badRequest(`host: ${TENANCY_MESSAGES.approvedHostPlatform}`, {
      host: TENANCY_MESSAGES.approvedHostPlatform,
    });
  await db.transaction().execute(async (tx) => {
    await repo.lockApprovals(tx);
    const approvals = await repo.approvalsOfHostName(tx, hostName(host));
    if (approvals.some((a) => a.organizationId !== organizationId)) {
      throw conflict(`host: ${TENANCY_MESSAGES.approvedHostTaken}`, {
        host: TENANCY_MESSAGES.approvedHostTaken,
      });
    }
    if (approvals.some((a) => a.host === host))
      throw conflict(`host: ${TENANCY_MESSAGES.approvedHostExists}`, {
        host: TENANCY_MESSAGES.approvedHostExists,
      });
    await repo.insertApprovedHost(tx, { host, organizationId, approvedBy: ctx.actorId });
    await audit(tx, ctx, 'create', ENTITY, host);
  });
  const approved = (await repo.listApprovedHosts(db, organizationId)).find((a) => a.host === host);
  if (!approved) throw notFound();
  return approved;
}

/**
 * Revokes the approval (404 when the organisation has none for `host`) and removes the hosts it
 * covered from the organisation's SSO provider, in one transaction: links and the sign-in button
 * stop using them at once.
 */
export async function revokeHost(
  deps: LinkDeps,
  ctx: WriteContext,
  organizationId: string,
  host: string,
): Promise<void> {
  const { db } = deps;
  await getOrganization(db, ctx, organizationId);
  await db.transaction().execute(async (tx) => {
    await repo.lockApprovals(tx);
    if (!(await repo.deleteApprovedHost(tx, organizationId, host))) throw notFound();
    await repo.dropUnapprovedProviderHosts(tx, organizationId);
    await audit(tx, ctx, 'delete', ENTITY, host);
  });
}
