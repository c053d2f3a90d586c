import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { customFieldKey, type CustomFieldDef, type CustomFieldRecord } from '@plenary/domain';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../platform/db/index.js';
import type { EventRef } from '../../platform/event-access.js';
import type { CustomFieldsTable } from '../../platform/db/schema.js';

export type CustomFieldRow = Selectable<CustomFieldsTable>;

const DEFAULT_SETTINGS = {
  required: false,
  isCustomField: true,
  isEnumMultiple: false,
  enumValues: [] as string[],
  special: false,
};

export function toRecord(row: CustomFieldRow): CustomFieldRecord {
  return {
    id: row.id,
    eventId: row.eventId,
    key: customFieldKey(row.id),
    name: row.name,
    dataType: row.dataType,
    settings: { ...DEFAULT_SETTINGS, ...row.settings },
    editableByParticipant: row.editableByParticipant,
    showInProfile: row.showInProfile,
    currencyCode: row.currencyCode,
    position: row.position,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The event's custom fields in their order. */
export async function listFields(db: Db, eventId: string): Promise<CustomFieldRecord[]> {
  const rows = await db
    .selectFrom('customFields')
    .selectAll()
    .where('eventId', '=', eventId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** What value checks and the participants list need: the fields as definitions. */
export const asDefs = (fields: readonly CustomFieldRecord[]): CustomFieldDef[] =>
  fields.map((f) => ({ id: f.id, name: f.name, dataType: f.dataType, settings: f.settings }));

/** A definition straight from the columns it needs (e.g. read as JSON beside the event). */
export const toDef = (
  row: Pick<CustomFieldRow, 'id' | 'name' | 'dataType' | 'settings'>,
): CustomFieldDef => ({
  id: row.id,
  name: row.name,
  dataType: row.dataType,
  settings: { ...DEFAULT_SETTINGS, ...row.settings },
});

/** The event (as access checks read it) and its custom fields in their order, in one statement. */
export async function findEventWithFields(
  db: Db,
  eventId: string,
): Promise<{ event: EventRef; fields: CustomFieldDef[] } | undefined> {
  const row = await db
    .selectFrom('events as e')
    .select((eb) => [
      'e.id',
      'e.name',
      'e.eventHubId',
      'e.organizationId',
      jsonArrayFrom(
        eb
          .selectFrom('customFields as cf')
          .select(['cf.id', 'cf.name', 'cf.dataType', 'cf.settings'])
          .whereRef('cf.eventId', '=', 'e.id')
          .orderBy('cf.position')
          .orderBy('cf.id'),
      ).as('fields'),
    ])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { fields, ...event } = row;
  return { event, fields: fields.map(toDef) };
}

export async function findField(db: Db, eventId: string, id: string): Promise<CustomFieldRecord | undefined> {
  const row = await db
    .selectFrom('customFields')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function nameTaken(db: Db, eventId: string, name: string, exceptId?: string): Promise<boolean> {
  const row = await db
    .selectFrom('customFields')
    .select('id')
    .where('eventId', '=', eventId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

export async function countFields(db: Db, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('customFields')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('eventId', '=', eventId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Inserted last in the event's order. */
export async function insertField(
  db: Db,
  values: Omit<Insertable<CustomFieldsTable>, 'position' | 'updatedAt'>,
): Promise<string> {
  const row = await db
    .insertInto('customFields')
    .values({
      ...values,
      position: sql<number>`(SELECT coalesce(max(position), 0) + 1 FROM custom_fields WHERE event_id = ${values.eventId})`,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateField(
  db: Db,
  id: string,
  values: Omit<Updateable<CustomFieldsTable>, 'updatedAt'>,
): Promise<void> {
  await db
    .updateTable('customFields')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteField(db: Db, id: string): Promise<void> {
  await db.deleteFrom('customFields').where('id', '=', id).execute();
}

/** Removes the field's values from every participant of the event (one statement). */
export async function stripValues(db: Db, eventId: string, id: string): Promise<void> {
  await sql`UPDATE participants SET custom_fields = custom_fields - ${id}::text WHERE event_id = ${eventId} AND custom_fields ? ${id}::text`.execute(
    db,
  );
}

/** Participants of the event holding a value for the field. */
export async function countValues(db: Db, eventId: string, id: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM participants WHERE event_id = ${eventId} AND custom_fields ? ${id}::text`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** Distinct ENUM values participants hold (single and multiple select). */
export async function enumValuesInUse(db: Db, eventId: string, id: string): Promise<string[]> {
  const { rows } = await sql<{ value: string }>`
    SELECT DISTINCT v.value FROM participants p,
      LATERAL jsonb_array_elements_text(CASE jsonb_typeof(p.custom_fields->${id}::text)
        WHEN 'array' THEN p.custom_fields->${id}::text
        WHEN 'string' THEN jsonb_build_array(p.custom_fields->${id}::text)
        ELSE '[]'::jsonb END) AS v(value)
    WHERE p.event_id = ${eventId} AND p.custom_fields ? ${id}::text`.execute(db);
  return rows.map((r) => r.value);
}

/** Participants holding more than one value of a multiple-select field. */
export async function countMultiValues(db: Db, eventId: string, id: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM participants
    WHERE event_id = ${eventId} AND jsonb_typeof(custom_fields->${id}::text) = 'array' AND jsonb_array_length(custom_fields->${id}::text) > 1`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** Single → multiple select: 'a' becomes ['a']. */
export async function enumToMultiple(db: Db, eventId: string, id: string): Promise<void> {
  await sql`
    UPDATE participants SET custom_fields = jsonb_set(custom_fields, ARRAY[${id}::text], jsonb_build_array(custom_fields->${id}::text))
    WHERE event_id = ${eventId} AND jsonb_typeof(custom_fields->${id}::text) = 'string'`.execute(db);
}

/** Multiple → single select (nobody holds more than one): ['a'] becomes 'a', [] goes. */
export async function enumToSingle(db: Db, eventId: string, id: string): Promise<void> {
  await sql`
    UPDATE participants SET custom_fields = CASE
        WHEN jsonb_array_length(custom_fields->${id}::text) = 0 THEN custom_fields - ${id}::text
        ELSE jsonb_set(custom_fields, ARRAY[${id}::text], custom_fields->${id}::text->0) END
    WHERE event_id = ${eventId} AND jsonb_typeof(custom_fields->${id}::text) = 'array'`.execute(db);
}

/** Positions 1..n in the order of `ids`. */
export async function reorder(db: Db, eventId: string, ids: string[]): Promise<void> {
  await sql`
    UPDATE custom_fields SET position = x.pos, updated_at = now()
    FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS x(id, pos)
    WHERE custom_fields.id = x.id AND custom_fields.event_id = ${eventId}`.execute(db);
}
