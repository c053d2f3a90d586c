import { sql, type Expression, type SqlBool } from 'kysely';
import {
  adminUserListQuerySchema,
  type AdminUserRecord,
  type RoleAssignmentInput,
  type RoleScope,
} from '@plenary/domain';
import { isSuperAdmin, type Principal } from '../../platform/access.js';
import type { Db } from '../../platform/db/index.js';
import type { MembershipRole } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';
import { createUser, type UserActor } from '../../platform/users.repo.js';
import { inIds, inTexts } from './scopes.repo.js';

/**
 * Memberships (alias `m`) inside the principal's admin scope: their organisations and everything
 * in them, their hubs and the hubs' events. Super admins: all.
 */
export function membershipInScope(p: Principal): Expression<SqlBool> {
  if (isSuperAdmin(p)) return sql<SqlBool>`true`;
  const orgs = p.organizationIds;
  const hubs = p.eventHubIds;
  return sql<SqlBool>`(
    (m.scope = 'organization' AND ${inIds('m.scopeId', orgs)})
    OR (m.scope = 'eventHub' AND m.scope_id IN (SELECT h.id FROM event_hubs h WHERE ${inIds('h.organizationId', orgs)} OR ${inIds('h.id', hubs)}))
    OR (m.scope = 'event' AND m.scope_id IN (SELECT e.id FROM events e WHERE ${inIds('e.organizationId', orgs)} OR ${inIds('e.eventHubId', hubs)}))
  )`;
}

/** The user (alias `u`) holds a role in the principal's scope that also meets `extra`. */
const holdsRole = (p: Principal, extra: Expression<SqlBool> = sql<SqlBool>`true`) =>
  sql<SqlBool>`EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND ${membershipInScope(p)} AND ${extra})`;

const scopeName = sql<string>`coalesce(o.name, h.name, e.name, '')`;

/** The user's roles in scope as JSON, with the names of what they apply to. */
const rolesJson = (p: Principal) => sql<AdminUserRecord['roles']>`(
  SELECT coalesce(json_agg(json_build_object('scope', m.scope, 'scopeId', m.scope_id, 'scopeName', ${scopeName}, 'role', m.role)
         ORDER BY array_position(ARRAY['organization', 'eventHub', 'event'], m.scope), lower(${scopeName}), m.scope_id), '[]')
  FROM memberships m
  LEFT JOIN organizations o ON m.scope = 'organization' AND o.id = m.scope_id
  LEFT JOIN event_hubs h ON m.scope = 'eventHub' AND h.id = m.scope_id
  LEFT JOIN events e ON m.scope = 'event' AND e.id = m.scope_id
  WHERE m.user_id = u.id AND ${membershipInScope(p)}
)`;

const fullName = sql<string>`lower(u.first_name || ' ' || u.last_name)`;

export const adminUserList = defineList({
  query: adminUserListQuerySchema,
  select: (db: Db, p: Principal) =>
    db
      .selectFrom('users as u')
      .select(['u.id', 'u.email', 'u.firstName', 'u.lastName', 'u.createdAt', rolesJson(p).as('roles')])
      .where(holdsRole(p)),
  record: (row): AdminUserRecord => ({
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: row.roles,
    createdAt: row.createdAt,
  }),
  id: sql.ref('u.id'),
  fields: {
    // The expression of the users' trigram index, so a search reads the index.
    name: {
      sortable: fullName,
      searchable: sql<string>`(u.first_name || ' ' || u.last_name || ' ' || u.email)`,
    },
    firstName: { sortable: sql`lower(u.first_name)`, label: 'First name' },
    lastName: { sortable: sql`lower(u.last_name)`, label: 'Last name' },
    email: { sql: sql.ref('u.email'), sortable: true, label: 'E-mail' },
    roles: {
      label: 'Roles',
      cell: (r) => r.roles.map((role) => `${role.role} of ${role.scopeName}`).join('; '),
    },
    createdAt: { sql: sql.ref('u.createdAt'), sortable: true, label: 'Created at' },
  },
  filters: {
    role: (roles, p) => holdsRole(p, inTexts(sql.ref('m.role'), roles)),
    scope: (scopes, p) => holdsRole(p, inTexts(sql.ref('m.scope'), scopes)),
    scopeId: (id, p) => holdsRole(p, sql<SqlBool>`m.scope_id = ${id}`),
  },
  defaultSort: 'name:asc',
});

/** Which of the given scope ids exist and lie in the principal's admin scope. */
export async function scopesInReach(
  db: Db,
  p: Principal,
  roles: RoleAssignmentInput[],
): Promise<Set<string>> {
  const ids = (scope: RoleScope) => [
    ...new Set(roles.filter((r) => r.scope === scope).map((r) => r.scopeId)),
  ];
  const all = isSuperAdmin(p);
  const found = new Set<string>();
  const key = (scope: RoleScope, id: string) => `${scope}:${id}`;
  const orgIds = ids('organization');
  if (orgIds.length) {
    const rows = await db
      .selectFrom('organizations as o')
      .select('o.id')
      .where(inIds('o.id', orgIds))
      .$if(!all, (qb) => qb.where(inIds('o.id', p.organizationIds)))
      .execute();
    rows.forEach((r) => found.add(key('organization', r.id)));
  }
  const hubIds = ids('eventHub');
  if (hubIds.length) {
    const rows = await db
      .selectFrom('eventHubs as h')
      .select('h.id')
      .where(inIds('h.id', hubIds))
      .$if(!all, (qb) =>
        qb.where(
          sql<SqlBool>`(${inIds('h.organizationId', p.organizationIds)} OR ${inIds('h.id', p.eventHubIds)})`,
        ),
      )
      .execute();
    rows.forEach((r) => found.add(key('eventHub', r.id)));
  }
  const eventIds = ids('event');
  if (eventIds.length) {
    const rows = await db
      .selectFrom('events as e')
      .select('e.id')
      .where(inIds('e.id', eventIds))
      .$if(!all, (qb) =>
        qb.where(
          sql<SqlBool>`(${inIds('e.organizationId', p.organizationIds)} OR ${inIds('e.eventHubId', p.eventHubIds)})`,
        ),
      )
      .execute();
    rows.forEach((r) => found.add(key('event', r.id)));
  }
  return found;
}

export { findUserByEmail } from '../../platform/users.repo.js';

export function findUser(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'userRole']).where('id', '=', id).executeTakeFirst();
}

/** A new admin user; the caller checked the address is free, so a taken one (a race) throws. */
export async function insertUser(
  db: Db,
  actor: UserActor,
  values: { email: string; firstName: string; lastName: string },
): Promise<string> {
  const { id } = await createUser(db, actor, values);
  if (!id) throw new Error('the e-mail address was taken while the admin user was created');
  return id;
}

export async function renameUser(
  db: Db,
  id: string,
  values: { firstName?: string | undefined; lastName?: string | undefined; updatedBy: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(values.firstName !== undefined ? { firstName: values.firstName } : {}),
      ...(values.lastName !== undefined ? { lastName: values.lastName } : {}),
      updatedAt: new Date(),
      updatedBy: values.updatedBy,
    })
    .where('id', '=', id)
    .execute();
}

/** How many of the user's roles lie inside / outside the principal's scope. */
export async function roleCounts(
  db: Db,
  p: Principal,
  userId: string,
): Promise<{ inside: number; outside: number }> {
  const row = await db
    .selectFrom('memberships as m')
    .select([
      sql<number>`count(*) FILTER (WHERE ${membershipInScope(p)})::int`.as('inside'),
      sql<number>`count(*) FILTER (WHERE NOT ${membershipInScope(p)})::int`.as('outside'),
    ])
    .where('m.userId', '=', userId)
    .executeTakeFirstOrThrow();
  return row;
}

/** Removes the user's roles inside the principal's scope. */
export async function deleteRolesInScope(db: Db, p: Principal, userId: string): Promise<void> {
  await db
    .deleteFrom('memberships as m')
    .where('m.userId', '=', userId)
    .where(membershipInScope(p))
    .execute();
}

/** Adds roles, or changes the role on a scope the user already has one on. */
export async function upsertRoles(
  db: Db,
  userId: string,
  roles: Array<{ scope: RoleScope; scopeId: string; role: MembershipRole }>,
): Promise<void> {
  if (roles.length === 0) return;
  await db
    .insertInto('memberships')
    .values(roles.map((r) => ({ userId, scope: r.scope, scopeId: r.scopeId, role: r.role })))
    .onConflict((oc) =>
      oc.columns(['userId', 'scope', 'scopeId']).doUpdateSet((eb) => ({ role: eb.ref('excluded.role') })),
    )
    .execute();
}
