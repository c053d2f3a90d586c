import { sql } from 'kysely';
import type { CustomFieldDef, CustomFieldValue, FieldRef, ProfileTextField } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { createUser, type UserActor } from '../../platform/users.repo.js';
import { dateOf, minutesOf, numberOf, standardColumn, textOf } from './rules.repo.js';

export type ProfilePatch = Partial<Record<ProfileTextField, string>>;

const COLUMNS: Record<ProfileTextField, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  jobTitle: 'job_title',
  company: 'company',
  phone: 'phone',
  bio: 'bio',
};

// ---------------------------------------------------------------------------------------------
// Accounts (the attendees area creates passwordless accounts for new participants)

export { findUserByEmail, findUserById } from '../../platform/users.repo.js';

/** A new account without a password (sign-in by magic link or password reset); undefined when the address is taken. */
export async function insertUser(
  db: Db,
  actor: UserActor,
  values: { email: string; firstName: string; lastName: string },
): Promise<string | undefined> {
  return (await createUser(db, actor, values)).id;
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where('id', '=', userId)
    .where('emailVerifiedAt', 'is', null)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Participants

export async function participantIdOfUser(
  db: Db,
  eventId: string,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('participants')
    .select('id')
    .where('eventId', '=', eventId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.id;
}

export async function insertParticipant(
  db: Db,
  values: {
    eventId: string;
    userId: string;
    profile: ProfilePatch;
    photoUrl?: string | null;
    customFields: Record<string, CustomFieldValue>;
    updatedBy: string;
  },
): Promise<string | undefined> {
  const row = await db
    .insertInto('participants')
    .values({
      eventId: values.eventId,
      userId: values.userId,
      ...values.profile,
      ...(values.photoUrl !== undefined ? { photoUrl: values.photoUrl } : {}),
      customFields: JSON.stringify(values.customFields),
      updatedAt: new Date(),
      updatedBy: values.updatedBy,
    })
    .onConflict((oc) => oc.columns(['eventId', 'userId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * One statement for any number of participants of the event: the standard fields given, custom
 * fields merged (null removes a value). Answers the ids updated.
 */
export async function updateParticipants(
  db: Db,
  eventId: string,
  ids: readonly string[],
  patch: {
    profile?: ProfilePatch;
    customFields?: Record<string, CustomFieldValue | null>;
    photoUrl?: string | null;
  },
  updatedBy: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const sets = [sql`updated_at = now()`, sql`updated_by = ${updatedBy}`];
  for (const [field, value] of Object.entries(patch.profile ?? {}) as Array<
    [ProfileTextField, string | undefined]
  >) {
    if (value !== undefined) sets.push(sql`${sql.raw(COLUMNS[field])} = ${value}`);
  }
  if (patch.customFields && Object.keys(patch.customFields).length > 0) {
    sets.push(
      sql`custom_fields = jsonb_strip_nulls(custom_fields || ${JSON.stringify(patch.customFields)}::jsonb)`,
    );
  }
  if (patch.photoUrl !== undefined) sets.push(sql`photo_url = ${patch.photoUrl}`);
  const { rows } = await sql<{ id: string }>`
    UPDATE participants SET ${sql.join(sets, sql`, `)}
    WHERE event_id = ${eventId} AND id = ANY(${[...ids]}::uuid[])
    RETURNING id`.execute(db);
  return rows.map((r) => r.id);
}

export async function deleteParticipant(db: Db, eventId: string, id: string): Promise<void> {
  await db.deleteFrom('participants').where('eventId', '=', eventId).where('id', '=', id).execute();
}

export async function photoUrlOf(db: Db, eventId: string, id: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('participants')
    .select('photoUrl')
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.photoUrl;
}

/** Photo URLs still used by any participant or account (a stored file is removed only when unused). */
export async function photoInUse(db: Db, url: string): Promise<boolean> {
  const { rows } = await sql<{ used: boolean }>`
    SELECT EXISTS (SELECT 1 FROM participants WHERE photo_url = ${url}) OR EXISTS (SELECT 1 FROM users WHERE photo_url = ${url}) AS used`.execute(
    db,
  );
  return rows[0]?.used ?? false;
}

// ---------------------------------------------------------------------------------------------
// Options, field data and reports

export async function labelOptions(db: Db, eventId: string) {
  const { rows } = await sql<{ id: string; name: string; type: 'MANUAL' | 'RULE'; memberCount: number }>`
    SELECT l.id, l.name, l.type, (SELECT count(*)::int FROM participant_labels pl WHERE pl.label_id = l.id) AS member_count
    FROM labels l WHERE l.event_id = ${eventId} ORDER BY lower(l.name), l.id`.execute(db);
  return rows;
}

/**
 * The most frequent values of one field among the event's participants (`search`: contains, case-insensitive).
 * ENUM selections count each value; numbers, dates and times come back typed and ordered by count.
 */
export async function fieldValues(
  db: Db,
  eventId: string,
  ref: FieldRef,
  opts: { search?: string | undefined; limit: number },
) {
  const pattern = opts.search ? `%${opts.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  if (ref.kind === 'standard') {
    const col = standardColumn(ref.field);
    const { rows } = await sql<{ value: string; count: number }>`
      SELECT ${col} AS value, count(*)::int AS count FROM participants p
      WHERE p.event_id = ${eventId} AND ${col} <> '' ${pattern ? sql`AND ${col} ILIKE ${pattern}` : sql``}
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${opts.limit}`.execute(db);
    return rows;
  }
  const f: CustomFieldDef = ref.field;
  const id = f.id;
  if (f.dataType === 'ENUM') {
    const { rows } = await sql<{ value: string; count: number }>`
      SELECT v.value, count(*)::int AS count FROM participants p,
        LATERAL jsonb_array_elements_text(CASE jsonb_typeof(p.custom_fields->${id}::text)
          WHEN 'array' THEN p.custom_fields->${id}::text WHEN 'string' THEN jsonb_build_array(p.custom_fields->${id}::text) ELSE '[]'::jsonb END) AS v(value)
      WHERE p.event_id = ${eventId} AND p.custom_fields ? ${id}::text ${pattern ? sql`AND v.value ILIKE ${pattern}` : sql``}
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${opts.limit}`.execute(db);
    return rows;
  }
  const typed =
    f.dataType === 'NUMBER' || f.dataType === 'CURRENCY'
      ? sql`${numberOf(f)}::float8`
      : f.dataType === 'BOOLEAN'
        ? sql`(p.custom_fields->${id}::text)::boolean`
        : f.dataType === 'DATE'
          ? sql`${dateOf(f)}::text`
          : textOf(f);
  const order = f.dataType === 'TIME' ? sql`min(${minutesOf(f)})` : sql`1`;
  const { rows } = await sql<{ value: string | number | boolean; count: number }>`
    SELECT ${typed} AS value, count(*)::int AS count FROM participants p
    WHERE p.event_id = ${eventId} AND p.custom_fields ? ${id}::text ${pattern ? sql`AND ${textOf(f)} ILIKE ${pattern}` : sql``}
    GROUP BY 1 HAVING ${typed} IS NOT NULL ORDER BY 2 DESC, ${order} LIMIT ${opts.limit}`.execute(db);
  return rows;
}

export async function reportCounts(db: Db, eventId: string) {
  const { rows } = await sql<{
    total: number;
    withPhoto: number;
    verified: number;
    magicLinksSent: number;
    magicLinksUsed: number;
  }>`
    SELECT
      (SELECT count(*)::int FROM participants p WHERE p.event_id = ${eventId}) AS total,
      (SELECT count(*)::int FROM participants p WHERE p.event_id = ${eventId} AND p.photo_url IS NOT NULL) AS with_photo,
      (SELECT count(*)::int FROM participants p JOIN users u ON u.id = p.user_id WHERE p.event_id = ${eventId} AND u.email_verified_at IS NOT NULL) AS verified,
      (SELECT count(*)::int FROM magic_links m WHERE m.event_id = ${eventId}) AS magic_links_sent,
      (SELECT count(*)::int FROM magic_links m JOIN one_time_tokens t ON t.id = m.token_id WHERE m.event_id = ${eventId} AND t.used_at IS NOT NULL) AS magic_links_used`.execute(
    db,
  );
  return rows[0]!;
}

/** A participant of another event with its event's tenancy (map-participant-to-event). */
export function findParticipantWithEvent(db: Db, participantId: string) {
  return db
    .selectFrom('participants as p')
    .innerJoin('events as e', 'e.id', 'p.eventId')
    .select([
      'p.id',
      'p.userId',
      'p.eventId',
      'p.firstName',
      'p.lastName',
      'p.jobTitle',
      'p.company',
      'p.phone',
      'p.bio',
      'p.photoUrl',
      'e.eventHubId',
      'e.organizationId',
      'e.name',
    ])
    .where('p.id', '=', participantId)
    .executeTakeFirst();
}
