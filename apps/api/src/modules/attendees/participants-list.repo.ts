import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { CustomFieldRecord, PublicCustomFieldValue } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';

/**
 * The reads behind the participants lists (participants.list.ts): each list's scoped base query
 * (FROM, joins, the tenant condition, the selected columns; the list machinery adds filters,
 * search, sort and paging), and the single-record reads that share a list's columns.
 */

// ---------------------------------------------------------------------------------------------
// The participants list of an event (admins and moderators)

/** The event's participants with every column of a participant record but its labels and e-mail confirmation. */
export function selectEventParticipants(db: Db, eventId: string) {
  return db
    .selectFrom('participants as p')
    .select([
      'p.id',
      'p.eventId',
      'p.userId',
      'p.email',
      'p.firstName',
      'p.lastName',
      'p.jobTitle',
      'p.company',
      'p.phone',
      'p.bio',
      'p.photoUrl',
      'p.customFields',
      'p.createdAt',
      'p.updatedAt',
    ])
    .where('p.eventId', '=', eventId);
}

/** One participant of the event by id (undefined for another event's id). */
export function findEventParticipantRow(db: Db, eventId: string, id: string) {
  return selectEventParticipants(db, eventId).where('p.id', '=', id).executeTakeFirst();
}

/** The event's participant of a user. */
export function findEventParticipantRowByUser(db: Db, eventId: string, userId: string) {
  return selectEventParticipants(db, eventId).where('p.userId', '=', userId).executeTakeFirst();
}

/** The labels of the participants, one row per participant and label, by label name then id. */
export async function findLabelsOfParticipants(db: Db, participantIds: readonly string[]) {
  const { rows } = await sql<{
    participantId: string;
    id: string;
    name: string;
    color: string;
    type: 'MANUAL' | 'RULE';
  }>`
      SELECT pl.participant_id, l.id, l.name, l.color, l.type FROM participant_labels pl JOIN labels l ON l.id = pl.label_id
      WHERE pl.participant_id = ANY(${participantIds}::uuid[]) ORDER BY lower(l.name), l.id`.execute(db);
  return rows;
}

/** Those of the users whose e-mail address is confirmed. */
export async function findVerifiedUserIds(db: Db, userIds: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{
    id: string;
  }>`SELECT id FROM users WHERE id = ANY(${userIds}::uuid[]) AND email_verified_at IS NOT NULL`.execute(db);
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// The directory other participants see (public fields only)

/** The custom fields a public profile shows (showInProfile), in the event's order. */
export type PublicField = Pick<CustomFieldRecord, 'id' | 'name' | 'dataType' | 'currencyCode'>;

export interface DirectoryScope {
  eventId: string;
  publicFields: readonly PublicField[];
}

/**
 * The values of the public fields that have one, each with its field's name and type, in the
 * fields' order. The definitions come in as parameters (the scope read them once per request), so
 * a row costs no look-up of custom_fields.
 */
export function publicCustomFields(fields: readonly PublicField[]): RawBuilder<PublicCustomFieldValue[]> {
  if (fields.length === 0) return sql`'[]'::jsonb`;
  const column = <K extends keyof PublicField>(key: K) => fields.map((f) => f[key]);
  return sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name, 'dataType', f.data_type, 'currencyCode', f.currency_code, 'value', p.custom_fields -> f.id) ORDER BY f.n), '[]'::jsonb)
    FROM unnest(${column('id')}::text[], ${column('name')}::text[], ${column('dataType')}::text[], ${column('currencyCode')}::text[]) WITH ORDINALITY AS f(id, name, data_type, currency_code, n)
    WHERE p.custom_fields -> f.id NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb))`;
}

/** The event's participants as public profiles. */
export function selectPublicParticipants(db: Db, scope: DirectoryScope) {
  return db
    .selectFrom('participants as p')
    .select([
      'p.id',
      'p.userId',
      'p.firstName',
      'p.lastName',
      'p.jobTitle',
      'p.company',
      'p.bio',
      'p.photoUrl',
      publicCustomFields(scope.publicFields).as('customFields'),
    ])
    .where('p.eventId', '=', scope.eventId);
}

/** The event's participants whose profile is not hidden (issue 13 privacy): the People list. */
export function selectListedParticipants(db: Db, scope: DirectoryScope) {
  return selectPublicParticipants(db, scope).where('p.profileHidden', '=', false);
}

/** The public profile of a user's participant in the event (a hidden one only when `includeHidden`). */
export function findPublicParticipantRowByUser(
  db: Db,
  scope: DirectoryScope,
  userId: string,
  includeHidden = true,
) {
  return selectPublicParticipants(db, scope)
    .where('p.userId', '=', userId)
    .$if(!includeHidden, (qb) => qb.where('p.profileHidden', '=', false))
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Lists for picking participants

/**
 * The participants the event's admins may act as (accounts/impersonation.ts): no super admins,
 * nobody holding any membership (admin or moderator) anywhere.
 */
export function selectImpersonableParticipants(db: Db, eventId: string) {
  return db
    .selectFrom('participants as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['p.id as participantId', 'p.userId', 'p.firstName', 'p.lastName', 'p.email', 'p.photoUrl'])
    .where('p.eventId', '=', eventId)
    .where('u.userRole', '<>', 'superadmin')
    .where(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = p.user_id)`);
}

/** Everyone of the event but one user (the caller). */
export function selectChatParticipants(db: Db, scope: { eventId: string; exceptUserId: string }) {
  return db
    .selectFrom('participants as p')
    .select([
      'p.id as participantId',
      'p.userId',
      'p.firstName',
      'p.lastName',
      'p.jobTitle',
      'p.company',
      'p.photoUrl',
    ])
    .where('p.eventId', '=', scope.eventId)
    .where('p.userId', '<>', scope.exceptUserId);
}
