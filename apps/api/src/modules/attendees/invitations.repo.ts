import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { CustomFieldValue } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { ProfilePatch } from './participants.repo.js';

/**
 * SQL condition: the account `userId` belongs to the organisation — it takes part in one of its
 * events, or holds a membership (admin or moderator) of the organisation, one of its hubs or events.
 */
export function inOrganization(
  userId: Expression<string> | RawBuilder<string>,
  organizationId: string,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`(EXISTS (SELECT 1 FROM participants op JOIN events oe ON oe.id = op.event_id WHERE op.user_id = ${userId} AND oe.organization_id = ${organizationId})
    OR EXISTS (SELECT 1 FROM memberships om WHERE om.user_id = ${userId} AND (
      (om.scope = 'organization' AND om.scope_id = ${organizationId})
      OR (om.scope = 'eventHub' AND om.scope_id IN (SELECT oh.id FROM event_hubs oh WHERE oh.organization_id = ${organizationId}))
      OR (om.scope = 'event' AND om.scope_id IN (SELECT oe2.id FROM events oe2 WHERE oe2.organization_id = ${organizationId})))))`;
}

export async function isInOrganization(db: Db, organizationId: string, userId: string): Promise<boolean> {
  const { rows } = await sql<{
    inside: boolean;
  }>`SELECT ${inOrganization(sql<string>`${userId}::uuid`, organizationId)} AS inside`.execute(db);
  return rows[0]?.inside ?? false;
}

/** Existing accounts among `emails` (lower case) that are outside the organisation. */
export async function accountsOutside(
  db: Db,
  organizationId: string,
  emails: readonly string[],
): Promise<Array<{ id: string; email: string; firstName: string }>> {
  if (emails.length === 0) return [];
  const { rows } = await sql<{ id: string; email: string; firstName: string }>`
    SELECT u.id, u.email, u.first_name FROM users u
    WHERE u.email = ANY(${[...emails]}::text[]) AND NOT ${inOrganization(sql.ref('u.id'), organizationId)}`.execute(
    db,
  );
  return rows;
}

export interface NewInvitation {
  userId: string;
  email: string;
  tokenHash: string;
  profile: ProfilePatch;
  customFields: Record<string, CustomFieldValue>;
  labelIds: string[];
}

/** Writes invitations; earlier unused invitations of the same people to this event stop working. */
export async function insertInvitations(
  db: Db,
  eventId: string,
  invitations: readonly NewInvitation[],
  expiresAt: Date,
  invitedBy: string,
): Promise<string[]> {
  if (invitations.length === 0) return [];
  await db
    .updateTable('eventInvitations')
    .set({ expiresAt: new Date() })
    .where('eventId', '=', eventId)
    .where(
      'userId',
      'in',
      invitations.map((i) => i.userId),
    )
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .execute();
  const rows = await db
    .insertInto('eventInvitations')
    .values(
      invitations.map((i) => ({
        eventId,
        userId: i.userId,
        email: i.email,
        tokenHash: i.tokenHash,
        profile: JSON.stringify(i.profile),
        customFields: JSON.stringify(i.customFields),
        labelIds: JSON.stringify(i.labelIds),
        invitedBy,
        expiresAt,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Uses a live invitation (single use): what it holds, with its event, or undefined. */
export async function consume(db: Db, tokenHash: string) {
  const { rows } = await sql<{
    id: string;
    eventId: string;
    userId: string;
    profile: ProfilePatch;
    customFields: Record<string, CustomFieldValue>;
    labelIds: string[];
  }>`
    UPDATE event_invitations SET used_at = now()
    WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > now()
    RETURNING id, event_id, user_id, profile, custom_fields, label_ids`.execute(db);
  return rows[0];
}

export function findByToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('eventInvitations')
    .select(['id', 'usedAt', 'expiresAt'])
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Declining: the invitation goes, leaving nothing in the event. Only a live one (a used one is a participation now). */
export async function deleteLive(db: Db, tokenHash: string): Promise<boolean> {
  const row = await db
    .deleteFrom('eventInvitations')
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface OutsideRow {
  userId: string;
  email: string;
  accountFirstName: string;
  firstName: string | null;
  lastName: string | null;
  jobTitle: string | null;
  company: string | null;
  phone: string | null;
  bio: string | null;
  customFields: Record<string, CustomFieldValue | null> | null;
}

/**
 * The rows of an import `source` (a subquery of `(email, first_name, …, bio, custom_fields)`) whose
 * address belongs to an existing account outside the organisation. Read before new accounts are made.
 */
export async function outsideRowsOf(
  db: Db,
  organizationId: string,
  source: RawBuilder<unknown>,
): Promise<OutsideRow[]> {
  const { rows } = await sql<OutsideRow>`
    SELECT u.id AS user_id, u.email, u.first_name AS account_first_name, x.first_name, x.last_name, x.job_title, x.company, x.phone, x.bio, x.custom_fields
    FROM ${source} AS x JOIN users u ON u.email = x.email
    WHERE NOT ${inOrganization(sql.ref('u.id'), organizationId)}`.execute(db);
  return rows;
}

export async function isSuperAdminId(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('userRole').where('id', '=', userId).executeTakeFirst();
  return row?.userRole === 'superadmin';
}

export async function organizationOf(db: Db, eventId: string) {
  return db
    .selectFrom('events')
    .select(['id', 'name', 'organizationId'])
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
}

/** The invitation's event (it exists: the invitation references it). */
export async function eventName(db: Db, eventId: string): Promise<{ id: string; name: string }> {
  return db.selectFrom('events').select(['id', 'name']).where('id', '=', eventId).executeTakeFirstOrThrow();
}
