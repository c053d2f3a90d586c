import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  timeToMinutes,
  type CustomFieldDef,
  type DataType,
  type FieldRef,
  type Rule,
  type StandardField,
} from '@plenary/domain';
import { HttpError } from '../../platform/errors.js';

/**
 * Participant fields as SQL over `participants p`: the expressions behind rule labels, the list's
 * custom-field filters and sorts. Values always travel as parameters; only custom field ids (uuids
 * read from our own table) are written into the SQL text, as literals.
 *
 * Custom-field values live in `p.custom_fields` (jsonb keyed by field id). Typed reads guard the
 * JSON type, so a value of another shape reads as NULL instead of failing the statement.
 */

const COLUMNS: Record<StandardField, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  jobTitle: 'job_title',
  company: 'company',
  phone: 'phone',
  bio: 'bio',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function idLit(field: CustomFieldDef): RawBuilder<unknown> {
  // Defence in depth: ids come from custom_fields.id (uuid), never from a request.
  if (!UUID.test(field.id)) throw new Error(`not a custom field id: ${field.id}`);
  return sql.lit(field.id);
}

export const standardColumn = (field: StandardField) => sql.raw(`p.${COLUMNS[field]}`);

/** The value as text (NULL when absent). */
export const textOf = (f: CustomFieldDef) => sql<string | null>`(p.custom_fields->>${idLit(f)})`;
const jsonOf = (f: CustomFieldDef) => sql`(p.custom_fields->${idLit(f)})`;

export const numberOf = (f: CustomFieldDef) =>
  sql<number | null>`(CASE WHEN jsonb_typeof(${jsonOf(f)}) = 'number' THEN ${textOf(f)}::numeric END)`;
export const dateOf = (f: CustomFieldDef) =>
  sql<string | null>`(CASE WHEN ${textOf(f)} ~ '^\\d{4}-\\d{2}-\\d{2}$' THEN ${textOf(f)}::date END)`;
/** Minutes after midnight of 'hh:mm AM/PM'. */
export const minutesOf = (f: CustomFieldDef) =>
  sql<
    number | null
  >`(CASE WHEN ${textOf(f)} ~ '^(0[1-9]|1[0-2]):[0-5][0-9] (AM|PM)$' THEN (substr(${textOf(f)}, 1, 2)::int % 12 + CASE WHEN right(${textOf(f)}, 2) = 'PM' THEN 12 ELSE 0 END) * 60 + substr(${textOf(f)}, 4, 2)::int END)`;
const booleanOf = (f: CustomFieldDef) =>
  sql<number | null>`(CASE WHEN jsonb_typeof(${jsonOf(f)}) = 'boolean' THEN ${textOf(f)}::boolean::int END)`;

/** `p.custom_fields @> {"<id>": value}`: answered by the GIN index (jsonb_path_ops). */
const contains = (f: CustomFieldDef, value: unknown) =>
  sql<SqlBool>`p.custom_fields @> ${JSON.stringify({ [f.id]: value })}::jsonb`;

/** ENUM: the selection includes any of `values` (single select: equals any). */
export function enumIncludesAny(f: CustomFieldDef, values: readonly string[]): RawBuilder<SqlBool> {
  if (values.length === 0) return sql<SqlBool>`false`;
  const parts = values.map((v) => contains(f, f.settings.isEnumMultiple ? [v] : v));
  return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

/**
 * A sort key that is never NULL (the list machinery continues batches after (key, id)): missing
 * values sort first ascending. Text case-insensitively; numbers, dates and times by value.
 */
export function customSortKey(f: CustomFieldDef): RawBuilder<unknown> {
  switch (f.dataType) {
    case 'NUMBER':
    case 'CURRENCY':
      return sql`coalesce(${numberOf(f)}, '-Infinity'::numeric)`;
    case 'DATE':
      return sql`coalesce(${dateOf(f)}, '-infinity'::date)`;
    case 'TIME':
      return sql`coalesce(${minutesOf(f)}, -1)`;
    case 'BOOLEAN':
      return sql`coalesce(${booleanOf(f)}, -1)`;
    default:
      return sql`lower(coalesce(${textOf(f)}, ''))`;
  }
}

type Comparable = { expr: RawBuilder<unknown>; param: (v: unknown) => RawBuilder<unknown> };

/** Ordered types: the typed read and the matching parameter cast. */
function comparable(f: CustomFieldDef): Comparable | undefined {
  switch (f.dataType) {
    case 'NUMBER':
    case 'CURRENCY':
      return { expr: numberOf(f), param: (v) => sql`${String(v)}::numeric` };
    case 'DATE':
      return { expr: dateOf(f), param: (v) => sql`${String(v)}::date` };
    case 'TIME':
      return {
        expr: minutesOf(f),
        param: (v) => {
          const minutes = typeof v === 'number' ? v : timeToMinutes(String(v));
          if (minutes === undefined) throw new HttpError(400, 'Time format should be like: hh:mm AM/PM');
          return sql`${minutes}::int`;
        },
      };
    default:
      return undefined;
  }
}

const ORDER_OPS = {
  LESS_THAN: '<',
  LESS_THAN_EQUAL: '<=',
  GREATER_THAN: '>',
  GREATER_THAN_EQUAL: '>=',
} as const;

/** One checked rule (see checkRules) as a condition; may be NULL for missing values (use `allOf`). */
export function ruleCondition(rule: Rule, ref: FieldRef): RawBuilder<SqlBool> {
  const { operator, value } = rule;
  if (ref.kind === 'standard') {
    const col = standardColumn(ref.field);
    if (operator === 'EQUAL') return sql<SqlBool>`lower(${col}) = lower(${String(value)})`;
    if (operator === 'NOT_EQUAL') return sql<SqlBool>`lower(${col}) <> lower(${String(value)})`;
    throw new Error(`operator ${operator} on a standard field`);
  }
  const f = ref.field;
  const type: DataType = f.dataType;
  if (type === 'ENUM') {
    if (operator !== 'INCLUDES') throw new Error(`operator ${operator} on ENUM`);
    return enumIncludesAny(f, Array.isArray(value) ? value : [String(value)]);
  }
  if (type === 'BOOLEAN') {
    if (operator === 'EQUAL') return contains(f, value === true);
    if (operator === 'NOT_EQUAL') return sql<SqlBool>`NOT ${contains(f, value === true)}`;
  }
  if (type === 'STRING' || type === 'PROFILE_LINK') {
    if (operator === 'EQUAL') return sql<SqlBool>`lower(${textOf(f)}) = lower(${String(value)})`;
    if (operator === 'NOT_EQUAL')
      return sql<SqlBool>`lower(${textOf(f)}) IS DISTINCT FROM lower(${String(value)})`;
  }
  const c = comparable(f);
  if (c) {
    if (operator === 'EQUAL') return sql<SqlBool>`${c.expr} = ${c.param(value)}`;
    if (operator === 'NOT_EQUAL') return sql<SqlBool>`${c.expr} IS DISTINCT FROM ${c.param(value)}`;
    if (operator in ORDER_OPS)
      return sql<SqlBool>`${c.expr} ${sql.raw(ORDER_OPS[operator as keyof typeof ORDER_OPS])} ${c.param(value)}`;
  }
  throw new Error(`operator ${operator} on ${type}`);
}

/** Every rule matches, as TRUE or FALSE (never NULL: `NOT allOf(…)` is safe). */
export function allOf(conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  if (conditions.length === 0) return sql<SqlBool>`true`;
  return sql<SqlBool>`coalesce((${sql.join(conditions, sql` AND `)}), false)`;
}

/** `cf_<hex>=a,b`: equals any of the values (already checked and normalised by the query schema). */
export function customEqualsAny(f: CustomFieldDef, values: readonly unknown[]): RawBuilder<SqlBool> {
  switch (f.dataType) {
    case 'ENUM':
      return enumIncludesAny(f, values.map(String));
    case 'BOOLEAN':
      return sql<SqlBool>`(${sql.join(
        values.map((v) => contains(f, v === true || v === 'true')),
        sql` OR `,
      )})`;
    case 'STRING':
    case 'PROFILE_LINK':
      return sql<SqlBool>`lower(${textOf(f)}) = ANY(${values.map((v) => String(v).toLowerCase())}::text[])`;
    default: {
      const c = comparable(f)!;
      return sql<SqlBool>`(${sql.join(
        values.map((v) => sql`${c.expr} = ${c.param(v)}`),
        sql` OR `,
      )})`;
    }
  }
}

/** `cf_<hex>From` / `cf_<hex>To`: inclusive bound of an ordered type. */
export function customBound(f: CustomFieldDef, op: '>=' | '<=', value: unknown): RawBuilder<SqlBool> {
  const c = comparable(f);
  if (!c) throw new Error(`no range on ${f.dataType}`);
  return sql<SqlBool>`${c.expr} ${sql.raw(op)} ${c.param(value)}`;
}
