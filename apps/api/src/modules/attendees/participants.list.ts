import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  checkRules,
  customFieldKey,
  DATE_VALUE_FORMAT,
  exportOptionsSchema,
  isDateForFormat,
  isTimeFormat,
  MESSAGES,
  multiValueFilter,
  normaliseTime,
  participantDirectoryQuerySchema,
  impersonationListQuerySchema,
  participantListQuerySchema,
  resolveField,
  STANDARD_FIELD_LABELS,
  type CustomFieldDef,
  type CustomFieldValue,
  type DataType,
  type ParticipantRecord,
  type PublicParticipant,
  type RuleInput,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList, type CellValue, type ListDefinition, type ListField } from '../../platform/list.js';
import { fieldsError } from '../../platform/http.js';
import {
  findEventParticipantRow,
  findEventParticipantRowByUser,
  findLabelsOfParticipants,
  findPublicParticipantRowByUser,
  findVerifiedUserIds,
  selectChatParticipants,
  selectEventParticipants,
  selectImpersonableParticipants,
  selectListedParticipants,
  type DirectoryScope,
} from './participants-list.repo.js';
import { allOf, customBound, customEqualsAny, customSortKey, ruleCondition } from './rules.repo.js';

export { publicCustomFields, type DirectoryScope, type PublicField } from './participants-list.repo.js';

/**
 * The participants list of an event. Its fields depend on the event's custom fields (a column, a
 * sort key and filters per field), so the list is defined per set of custom fields with the
 * platform's `defineList` and kept in a small cache; the route parses the request's query with the
 * event's schema. Standard sorts read a page straight off an index (event_id, key, id); search uses
 * the trigram indexes (names + company, e-mail); label filters the (label_id, participant_id) key;
 * custom-field equality and ENUM filters the jsonb containment index.
 */

export interface ParticipantScope {
  eventId: string;
  fields: readonly CustomFieldDef[];
}

/** Names and company, exactly the expression of the trigram index participants_name_company_trgm. */
export const NAME_COMPANY = sql<string>`(p.first_name || ' ' || p.last_name || ' ' || p.company)`;

type ParticipantRow = NonNullable<Awaited<ReturnType<typeof findEventParticipantRow>>>;

type ParticipantLabel = ParticipantRecord['labels'][number];

/**
 * Labels and e-mail confirmation of the participants a page returns, computed in the page's own
 * statement for its rows only (not for the rows OFFSET skips, nor for the count).
 */
const EXTRAS = {
  labels: sql<
    ParticipantLabel[]
  >`coalesce((SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color, 'type', l.type) ORDER BY lower(l.name), l.id)
    FROM participant_labels pl JOIN labels l ON l.id = pl.label_id WHERE pl.participant_id = list_page.id), '[]'::json)`,
  // A scalar subquery: one index look-up per row (EXISTS may be planned as a hash of every verified user).
  emailVerified: sql<boolean>`coalesce((SELECT u.email_verified_at IS NOT NULL FROM users u WHERE u.id = list_page.user_id), false)`,
};

const toParticipant = (
  row: ParticipantRow & { labels: ParticipantLabel[]; emailVerified: boolean },
): ParticipantRecord => row;

/** Labels and e-mail confirmation of participants read without them (single records). */
export async function withExtras(db: Db, records: ParticipantRecord[]): Promise<ParticipantRecord[]> {
  if (records.length === 0) return records;
  const [labels, verified] = await Promise.all([
    findLabelsOfParticipants(
      db,
      records.map((r) => r.id),
    ),
    findVerifiedUserIds(db, [...new Set(records.map((r) => r.userId))]),
  ]);
  const byParticipant = new Map<string, ParticipantRecord['labels']>();
  for (const { participantId, ...label } of labels) {
    const list = byParticipant.get(participantId) ?? [];
    list.push(label);
    byParticipant.set(participantId, list);
  }
  const confirmed = new Set(verified);
  return records.map((r) => ({
    ...r,
    emailVerified: confirmed.has(r.userId),
    labels: byParticipant.get(r.id) ?? [],
  }));
}

const text = (
  name: keyof typeof STANDARD_FIELD_LABELS,
  column: string,
  sortable: boolean,
): ListField<ParticipantRecord> => ({
  sql: sql.raw(`p.${column}`),
  ...(sortable ? { sortable: column === 'email' ? sql.raw('p.email') : sql.raw(`lower(p.${column})`) } : {}),
  label: STANDARD_FIELD_LABELS[name],
});

/** Standard columns, in the export's default order. */
const STANDARD_FIELDS: Record<string, ListField<ParticipantRecord>> = {
  firstName: { ...text('firstName', 'first_name', true), searchable: NAME_COMPANY },
  lastName: text('lastName', 'last_name', true),
  email: { ...text('email', 'email', true), searchable: true },
  jobTitle: text('jobTitle', 'job_title', true),
  company: text('company', 'company', true),
  phone: text('phone', 'phone', false),
  bio: text('bio', 'bio', false),
  photoUrl: { label: STANDARD_FIELD_LABELS.photoUrl },
  emailVerified: { label: 'E-mail verified', cell: (r) => (r.emailVerified ? 'Yes' : 'No') },
  labels: { label: 'Labels', cell: (r) => r.labels.map((l) => l.name).join(', ') },
  createdAt: { sql: sql.ref('p.createdAt'), sortable: true, label: 'Created at' },
  updatedAt: { sql: sql.ref('p.updatedAt'), sortable: true, label: 'Updated at' },
};
export const STANDARD_EXPORT_COLUMNS = Object.keys(STANDARD_FIELDS);

const ORDERED: readonly DataType[] = ['NUMBER', 'CURRENCY', 'DATE', 'TIME'];

/** One query-string value of a custom field's filter, checked and normalised by type. */
function filterValueSchema(f: CustomFieldDef): z.ZodType<unknown, string> {
  switch (f.dataType) {
    case 'BOOLEAN':
      return z.enum(['true', 'false'], { error: MESSAGES.pleaseEnterValue });
    case 'NUMBER':
    case 'CURRENCY':
      return z
        .string()
        .regex(/^-?\d+(\.\d+)?$/, MESSAGES.pleaseEnterValue)
        .transform(Number);
    case 'DATE':
      return z.string().refine((v) => isDateForFormat(v, DATE_VALUE_FORMAT), MESSAGES.pleaseEnterValue);
    case 'TIME':
      return z.string().transform(normaliseTime).refine(isTimeFormat, MESSAGES.timeFormat);
    case 'ENUM':
      return z
        .string()
        .transform((v) => f.settings.enumValues.find((e) => e.toLowerCase() === v.trim().toLowerCase()) ?? '')
        .refine((v) => v !== '', MESSAGES.pleaseSelectValue);
    default:
      return z.string().max(2000, MESSAGES.maxLength);
  }
}

/** A custom field's value as an export cell. */
function cellOf(f: CustomFieldDef, value: CustomFieldValue | null | undefined): CellValue {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.join(', ');
  if (f.dataType === 'BOOLEAN') return value ? 'Yes' : 'No';
  return value;
}

function rulesFilter(rules: RuleInput[], scope: ParticipantScope): Expression<SqlBool> {
  const check = checkRules(rules, scope.fields);
  if (Object.keys(check.fields).length > 0) {
    throw fieldsError(
      Object.fromEntries(Object.entries(check.fields).map(([path, message]) => [`rules.${path}`, message])),
    );
  }
  return allOf(check.rules.map((rule) => ruleCondition(rule, resolveField(rule.field, scope.fields)!)));
}

type Builders = Record<string, (value: never, scope: ParticipantScope) => Expression<SqlBool>>;

function buildList(fields: readonly CustomFieldDef[]) {
  const shape: Record<string, z.ZodType> = {};
  const filters: Builders = {};
  const columns: Record<string, ListField<ParticipantRecord>> = {};
  for (const f of fields) {
    const key = customFieldKey(f.id);
    const item = filterValueSchema(f);
    shape[key] = multiValueFilter(item).optional();
    filters[key] = (values: unknown[]) => customEqualsAny(f, values);
    if (ORDERED.includes(f.dataType)) {
      shape[`${key}From`] = item.optional();
      shape[`${key}To`] = item.optional();
      filters[`${key}From`] = (v: unknown) => customBound(f, '>=', v);
      filters[`${key}To`] = (v: unknown) => customBound(f, '<=', v);
    }
    columns[key] = {
      sortable: customSortKey(f),
      label: f.name,
      cell: (r) => cellOf(f, r.customFields[f.id]),
    };
  }
  // The custom-field keys are known only at run time: typed as the static schema, parsed with all of them.
  const query = participantListQuerySchema.extend(shape) as unknown as typeof participantListQuerySchema;
  return defineList({
    query,
    select: (db: Db, scope: ParticipantScope) => selectEventParticipants(db, scope.eventId),
    pageColumns: EXTRAS,
    record: toParticipant,
    id: sql.ref('p.id'),
    fields: { ...STANDARD_FIELDS, ...columns },
    filters: {
      labelId: (ids) =>
        sql<SqlBool>`EXISTS (SELECT 1 FROM participant_labels pl WHERE pl.participant_id = p.id AND pl.label_id = ANY(${ids}::uuid[]))`,
      hasPhoto: (has) => (has ? sql<SqlBool>`p.photo_url IS NOT NULL` : sql<SqlBool>`p.photo_url IS NULL`),
      verified: (yes) =>
        sql<SqlBool>`${sql.raw(yes ? '' : 'NOT ')}EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id AND u.email_verified_at IS NOT NULL)`,
      rules: (rules, scope) => rulesFilter(rules, scope),
      ...(filters as Record<string, never>),
    },
    defaultSort: 'lastName:asc',
  });
}

export type ParticipantList = ReturnType<typeof buildList>;

/** `cf_…` query keys that name no custom field of the event (400: a filter on a deleted field must not widen the list silently). */
export function unknownCustomKeys(raw: Record<string, unknown>, fields: readonly CustomFieldDef[]): string[] {
  const known = new Set(
    fields.flatMap((f) =>
      ORDERED.includes(f.dataType)
        ? [customFieldKey(f.id), `${customFieldKey(f.id)}From`, `${customFieldKey(f.id)}To`]
        : [customFieldKey(f.id)],
    ),
  );
  return Object.keys(raw).filter((k) => k.startsWith('cf_') && !known.has(k));
}

const cache = new Map<string, ParticipantList>();
const CACHE_MAX = 500;

/** The list for an event's custom fields (cached by their ids, types and settings). */
export function participantList(fields: readonly CustomFieldDef[]): ParticipantList {
  const signature = JSON.stringify(
    fields.map((f) => [f.id, f.name, f.dataType, f.settings.isEnumMultiple, f.settings.enumValues]),
  );
  let list = cache.get(signature);
  if (!list) {
    list = buildList(fields);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(signature, list);
  }
  return list;
}

/** One participant of the event through the list's query (undefined for another event's id). */
export async function findParticipant(
  db: Db,
  eventId: string,
  id: string,
): Promise<ParticipantRecord | undefined> {
  const row = await findEventParticipantRow(db, eventId, id);
  return row && (await withExtras(db, [{ ...row, labels: [], emailVerified: false }]))[0];
}

export async function findParticipantByUser(
  db: Db,
  eventId: string,
  userId: string,
): Promise<ParticipantRecord | undefined> {
  const row = await findEventParticipantRowByUser(db, eventId, userId);
  return row && (await withExtras(db, [{ ...row, labels: [], emailVerified: false }]))[0];
}

// ---------------------------------------------------------------------------------------------
// The export: `GET participants/export?eventId=…&format=csv|xlsx&columns=…&<the list's query>`

/** The export route's own query: the list's (custom-field filters pass through, the event's schema checks them) + eventId. */
export const participantExportQuerySchema = participantListQuerySchema
  .extend({ eventId: z.uuid().describe('The event whose participants to export') })
  .extend(exportOptionsSchema.shape)
  .catchall(z.union([z.string(), z.array(z.string())]));

/**
 * Columns of every export so far, for `registerExport`, which looks columns up by key after the
 * scope ran: the scope adds the event's custom-field columns (keys are unique per field).
 */
export const exportFields: Record<string, ListField<ParticipantRecord>> = { ...STANDARD_FIELDS };

export interface ExportScope {
  list: ParticipantList;
  scope: ParticipantScope;
  query: z.output<ParticipantList['exportQuery']>;
}

/** A list definition whose rows come from the event's own list (the scope carries it). */
export const participantExportList = {
  query: participantListQuerySchema,
  exportQuery: participantExportQuerySchema,
  fields: exportFields,
  sortFields: Object.keys(STANDARD_FIELDS).filter((k) => STANDARD_FIELDS[k]!.sortable),
  searchFields: ['firstName', 'lastName', 'company', 'email'],
  exportColumns: [...STANDARD_EXPORT_COLUMNS, 'cf_<hex> (custom fields)'],
  page: () => {
    throw new Error('export only');
  },
  byId: () => {
    throw new Error('export only');
  },
  rows: (db: Db, s: ExportScope, _q: unknown, opts?: { offset?: number; max?: number; batchSize?: number }) =>
    s.list.rows(db, s.scope, s.query, opts),
  // registerExport needs only exportQuery, fields, exportColumns and rows; page and byId are never called.
} as unknown as ListDefinition<typeof participantListQuerySchema, ExportScope, unknown, ParticipantRecord>;

// ---------------------------------------------------------------------------------------------
// Lists for participants and for picking participants

const toPublic = (
  row: NonNullable<Awaited<ReturnType<typeof findPublicParticipantRowByUser>>>,
): PublicParticipant => row;

/** `GET …/participants/view`: the directory other participants see (public fields only). */
export const directoryList = defineList({
  query: participantDirectoryQuerySchema,
  select: selectListedParticipants,
  record: toPublic,
  id: sql.ref('p.id'),
  fields: {
    firstName: { sql: sql.ref('p.firstName'), sortable: sql`lower(p.first_name)`, searchable: NAME_COMPANY },
    lastName: { sql: sql.ref('p.lastName'), sortable: sql`lower(p.last_name)` },
    company: { sql: sql.ref('p.company'), sortable: sql`lower(p.company)` },
  },
  filters: {},
  defaultSort: 'lastName:asc',
});

export async function findPublicProfile(
  db: Db,
  scope: DirectoryScope,
  userId: string,
  includeHidden = true,
): Promise<PublicParticipant | undefined> {
  const row = await findPublicParticipantRowByUser(db, scope, userId, includeHidden);
  return row && toPublic(row);
}

/**
 * `GET …/impersonate-user-list`: exactly the participants the event's admins may act as
 * (accounts/impersonation.ts): no super admins, nobody holding any membership (admin or moderator) anywhere.
 */
export const impersonationList = defineList({
  query: impersonationListQuerySchema,
  select: selectImpersonableParticipants,
  record: (row) => row,
  id: sql.ref('p.id'),
  fields: {
    firstName: { sql: sql.ref('p.firstName'), sortable: sql`lower(p.first_name)`, searchable: NAME_COMPANY },
    lastName: { sql: sql.ref('p.lastName'), sortable: sql`lower(p.last_name)` },
    email: { sql: sql.ref('p.email'), sortable: true, searchable: true },
  },
  filters: {
    labelId: (ids) =>
      sql<SqlBool>`EXISTS (SELECT 1 FROM participant_labels pl WHERE pl.participant_id = p.id AND pl.label_id = ANY(${ids}::uuid[]))`,
  },
  defaultSort: 'lastName:asc',
});

/** `GET …/chat-participants`: everyone of the event but the caller. */
export const chatList = defineList({
  query: participantDirectoryQuerySchema,
  select: selectChatParticipants,
  record: (row) => row,
  id: sql.ref('p.id'),
  fields: {
    firstName: { sql: sql.ref('p.firstName'), sortable: sql`lower(p.first_name)`, searchable: NAME_COMPANY },
    lastName: { sql: sql.ref('p.lastName'), sortable: sql`lower(p.last_name)` },
    company: { sql: sql.ref('p.company'), sortable: sql`lower(p.company)` },
  },
  filters: {},
  defaultSort: 'lastName:asc',
});
