import { sql, type RawBuilder, type SqlBool, type Selectable } from 'kysely';
import { labelListQuerySchema, type LabelRecord, type Rule } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { LabelsTable } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';

export type LabelRow = Selectable<LabelsTable>;

const createdByName = sql<string>`coalesce(trim(cb.first_name || ' ' || cb.last_name), '')`;
const memberCount = sql<number>`(SELECT count(*)::int FROM participant_labels pl WHERE pl.label_id = l.id)`;

/** `GET events/{eventId}/labels`: scope = the event id. */
export const labelList = defineList({
  query: labelListQuerySchema,
  select: (db: Db, eventId: string) =>
    db
      .selectFrom('labels as l')
      .leftJoin('users as cb', 'cb.id', 'l.createdBy')
      .select([
        'l.id',
        'l.eventId',
        'l.name',
        'l.color',
        'l.type',
        'l.rules',
        'l.createdBy as createdById',
        'l.createdAt',
        'l.updatedAt',
        createdByName.as('createdBy'),
        memberCount.as('memberCount'),
      ])
      .where('l.eventId', '=', eventId),
  record: (row): LabelRecord => ({ ...row, rules: row.rules as Rule[] }),
  id: sql.ref('l.id'),
  fields: {
    name: { sql: sql.ref('l.name'), sortable: sql`lower(l.name)`, searchable: true, label: 'Name' },
    type: { label: 'Type' },
    memberCount: { label: 'Members' },
    createdBy: { label: 'Created by' },
    createdAt: { sql: sql.ref('l.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('l.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {
    type: (types) => sql<SqlBool>`l.type = ANY(${types}::text[])`,
  },
  defaultSort: 'name:asc',
});

export async function findLabel(db: Db, eventId: string, id: string): Promise<LabelRow | undefined> {
  return db
    .selectFrom('labels')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function labelsOfEvent(db: Db, eventId: string, type?: 'MANUAL' | 'RULE'): Promise<LabelRow[]> {
  return db
    .selectFrom('labels')
    .selectAll()
    .where('eventId', '=', eventId)
    .$if(type !== undefined, (qb) => qb.where('type', '=', type!))
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** Ids among `ids` that are labels of the event (of `type`, when given). */
export async function existingLabelIds(
  db: Db,
  eventId: string,
  ids: readonly string[],
  type?: 'MANUAL' | 'RULE',
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('labels')
    .select('id')
    .where('eventId', '=', eventId)
    .where('id', 'in', [...ids])
    .$if(type !== undefined, (qb) => qb.where('type', '=', type!))
    .execute();
  return rows.map((r) => r.id);
}

/** The event's labels among `ids`, with their type. */
export async function labelsByIds(
  db: Db,
  eventId: string,
  ids: readonly string[],
): Promise<Array<{ id: string; type: 'MANUAL' | 'RULE' }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('labels')
    .select(['id', 'type'])
    .where('eventId', '=', eventId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function nameTaken(db: Db, eventId: string, name: string, exceptId?: string): Promise<boolean> {
  const row = await db
    .selectFrom('labels')
    .select('id')
    .where('eventId', '=', eventId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertLabel(
  db: Db,
  values: {
    eventId: string;
    name: string;
    color: string;
    type: 'MANUAL' | 'RULE';
    rules: Rule[];
    createdBy: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('labels')
    .values({
      ...values,
      rules: JSON.stringify(values.rules),
      updatedBy: values.createdBy,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLabel(
  db: Db,
  id: string,
  values: { name?: string; color?: string; type?: 'MANUAL' | 'RULE'; rules?: Rule[]; updatedBy: string },
): Promise<void> {
  const { rules, ...rest } = values;
  await db
    .updateTable('labels')
    .set({ ...rest, ...(rules !== undefined ? { rules: JSON.stringify(rules) } : {}), updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteLabel(db: Db, id: string): Promise<void> {
  await db.deleteFrom('labels').where('id', '=', id).execute();
}

/** Rule labels whose rules name the custom field. */
export async function ruleLabelsUsingField(db: Db, eventId: string, fieldId: string): Promise<LabelRow[]> {
  return db
    .selectFrom('labels')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('type', '=', 'RULE')
    .where(sql<SqlBool>`rules @> ${JSON.stringify([{ field: fieldId }])}::jsonb`)
    .execute();
}

/**
 * Brings a rule label's members in line with `matches` (a condition on `participants p` that is
 * TRUE or FALSE, never NULL): two set-based statements, limited to `participantIds` when given.
 */
export async function recomputeMembers(
  db: Db,
  label: { id: string; eventId: string },
  matches: RawBuilder<SqlBool>,
  participantIds?: readonly string[],
): Promise<void> {
  const only = participantIds ? sql`AND p.id = ANY(${[...participantIds]}::uuid[])` : sql``;
  await sql`
    DELETE FROM participant_labels pl USING participants p
    WHERE pl.label_id = ${label.id} AND p.id = pl.participant_id ${only} AND NOT ${matches}`.execute(db);
  await sql`
    INSERT INTO participant_labels (label_id, participant_id)
    SELECT ${label.id}::uuid, p.id FROM participants p
    WHERE p.event_id = ${label.eventId} ${only} AND ${matches}
    ON CONFLICT DO NOTHING`.execute(db);
}

/** Adds every participant × label pair (ids already checked to be of one event). */
export async function addMembers(
  db: Db,
  labelIds: readonly string[],
  participantIds: readonly string[],
): Promise<void> {
  if (labelIds.length === 0 || participantIds.length === 0) return;
  await sql`
    INSERT INTO participant_labels (label_id, participant_id)
    SELECT l.id, p.id FROM unnest(${[...labelIds]}::uuid[]) AS l(id) CROSS JOIN unnest(${[...participantIds]}::uuid[]) AS p(id)
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function removeMembers(
  db: Db,
  labelIds: readonly string[],
  participantIds: readonly string[],
): Promise<void> {
  if (labelIds.length === 0 || participantIds.length === 0) return;
  await sql`
    DELETE FROM participant_labels
    WHERE label_id = ANY(${[...labelIds]}::uuid[]) AND participant_id = ANY(${[...participantIds]}::uuid[])`.execute(
    db,
  );
}

/** The participant's manual labels become exactly `labelIds` (rule labels untouched). */
export async function setManualLabels(
  db: Db,
  participantId: string,
  labelIds: readonly string[],
): Promise<void> {
  await sql`
    DELETE FROM participant_labels pl USING labels l
    WHERE pl.label_id = l.id AND l.type = 'MANUAL' AND pl.participant_id = ${participantId}
      AND NOT (l.id = ANY(${[...labelIds]}::uuid[]))`.execute(db);
  await addMembers(db, labelIds, [participantId]);
}

/** Participants of the event among `ids`. */
export async function participantIdsOfEvent(
  db: Db,
  eventId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{
    id: string;
  }>`SELECT id FROM participants WHERE event_id = ${eventId} AND id = ANY(${[...ids]}::uuid[])`.execute(db);
  return rows.map((r) => r.id);
}
