import { sql } from 'kysely';
import {
  organizationListQuerySchema,
  type OrganizationRecord,
  type OrganizationStatus,
} from '@plenary/domain';
import { isSuperAdmin, type Principal } from '../../platform/access.js';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';
import { inIds, inTexts } from './scopes.repo.js';

const status = sql<string>`o.settings->>'status'`;

/** Organizations the principal administers (all for super admins), as API records. */
export const organizationList = defineList({
  query: organizationListQuerySchema,
  select: (db: Db, p: Principal) =>
    db
      .selectFrom('organizations as o')
      .leftJoin('users as u', 'u.id', 'o.updatedBy')
      .leftJoin('ssoProviders as s', 's.organizationId', 'o.id')
      .select([
        'o.id',
        'o.name',
        'o.settings',
        'o.createdAt',
        'o.updatedAt',
        'u.firstName as updatedByFirstName',
        'u.lastName as updatedByLastName',
        's.issuer as ssoIssuer',
        's.clientId as ssoClientId',
        's.hosts as ssoHosts',
        sql<boolean>`coalesce(${sql.ref('s.clientSecret')} <> '', false)`.as('ssoHasSecret'),
      ])
      .$if(!isSuperAdmin(p), (qb) => qb.where(inIds('o.id', p.organizationIds))),
  record: (row): OrganizationRecord => ({
    id: row.id,
    name: row.name,
    settings: { status: row.settings.status },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    updatedBy:
      row.updatedByFirstName === null
        ? null
        : { firstName: row.updatedByFirstName, lastName: row.updatedByLastName ?? '' },
    sso:
      row.ssoIssuer === null
        ? null
        : {
            issuer: row.ssoIssuer,
            clientId: row.ssoClientId ?? '',
            hosts: row.ssoHosts ?? [],
            hasSecret: row.ssoHasSecret,
          },
  }),
  id: sql.ref('o.id'),
  fields: {
    name: { sql: sql.ref('o.name'), sortable: sql`lower(o.name)`, searchable: true, label: 'Name' },
    status: { sql: status, sortable: true, label: 'Status', cell: (r) => r.settings.status },
    createdAt: { sql: sql.ref('o.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('o.updatedAt'), sortable: true, label: 'Updated at' },
    updatedBy: {
      label: 'Last modified by',
      cell: (r) => (r.updatedBy ? `${r.updatedBy.firstName} ${r.updatedBy.lastName}`.trim() : ''),
    },
    sso: { label: 'Single sign-on issuer', cell: (r) => r.sso?.issuer ?? '' },
  },
  filters: { status: (v) => inTexts(status, v) },
  defaultSort: 'name:asc',
});

export async function insertOrganization(
  db: Db,
  values: { name: string; status: OrganizationStatus; updatedBy: string },
): Promise<string> {
  const row = await db
    .insertInto('organizations')
    .values({
      name: values.name,
      settings: JSON.stringify({ status: values.status }),
      updatedAt: new Date(),
      updatedBy: values.updatedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOrganization(
  db: Db,
  id: string,
  values: { name?: string | undefined; status?: OrganizationStatus | undefined; updatedBy: string },
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.status !== undefined
        ? { settings: sql`settings || ${JSON.stringify({ status: values.status })}::jsonb` }
        : {}),
      updatedAt: new Date(),
      updatedBy: values.updatedBy,
    })
    .where('id', '=', id)
    .execute();
}

/** The stored client secret of the organisation's SSO provider ('' when none). */
export async function ssoSecretOf(db: Db, organizationId: string): Promise<string> {
  const row = await db
    .selectFrom('ssoProviders')
    .select('clientSecret')
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  return row?.clientSecret ?? '';
}

/** Deletes the organisation (hubs, events, participants and SSO follow by cascade) and the roles held on any of them. */
export async function deleteOrganization(db: Db, id: string): Promise<void> {
  await db
    .deleteFrom('memberships')
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'organization'), eb('scopeId', '=', id)]),
        eb.and([
          eb('scope', '=', 'eventHub'),
          eb('scopeId', 'in', eb.selectFrom('eventHubs').select('id').where('organizationId', '=', id)),
        ]),
        eb.and([
          eb('scope', '=', 'event'),
          eb('scopeId', 'in', eb.selectFrom('events').select('id').where('organizationId', '=', id)),
        ]),
      ]),
    )
    .execute();
  await db.deleteFrom('organizations').where('id', '=', id).execute();
}
