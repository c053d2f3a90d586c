import { sql, type SqlBool } from 'kysely';
import type { ApprovedHost } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';

/** Approvals change one at a time, so two super admins can not give one host name to two organisations. */
export async function lockApprovals(db: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('approved_hosts'))`.execute(db);
}

export async function listApprovedHosts(db: Db, organizationId: string): Promise<ApprovedHost[]> {
  const rows = await db
    .selectFrom('approvedHosts as a')
    .leftJoin('users as u', 'u.id', 'a.approvedBy')
    .select(['a.host', 'a.createdAt', 'u.firstName', 'u.lastName'])
    .where('a.organizationId', '=', organizationId)
    .orderBy('a.host')
    .execute();
  return rows.map((r) => ({
    host: r.host,
    approvedAt: r.createdAt,
    approvedBy: r.firstName === null ? null : { firstName: r.firstName, lastName: r.lastName ?? '' },
  }));
}

/** Approvals of `name` itself or of `name:<port>`, in any organisation. */
export function approvalsOfHostName(
  db: Db,
  name: string,
): Promise<{ host: string; organizationId: string }[]> {
  return db
    .selectFrom('approvedHosts')
    .select(['host', 'organizationId'])
    .where(sql<SqlBool>`split_part(host, ':', 1) = ${name}`)
    .execute();
}

export async function insertApprovedHost(
  db: Db,
  values: { host: string; organizationId: string; approvedBy: string },
): Promise<void> {
  await db.insertInto('approvedHosts').values(values).execute();
}

/** True when the approval existed. */
export async function deleteApprovedHost(db: Db, organizationId: string, host: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('approvedHosts')
    .where('organizationId', '=', organizationId)
    .where('host', '=', host)
    .returning('host')
    .execute();
  return rows.length > 0;
}

/** Drops from the organisation's SSO provider the hosts no approval of the organisation covers any more. */
export async function dropUnapprovedProviderHosts(db: Db, organizationId: string): Promise<void> {
  await sql`
    UPDATE sso_providers s
    SET hosts = coalesce(
          (SELECT array_agg(x ORDER BY o) FROM unnest(s.hosts) WITH ORDINALITY AS u(x, o)
           WHERE EXISTS (SELECT 1 FROM approved_hosts a
                         WHERE a.organization_id = s.organization_id AND (a.host = x OR a.host = split_part(x, ':', 1)))),
          '{}'),
        updated_at = now()
    WHERE s.organization_id = ${organizationId}`.execute(db);
}
