import { z } from 'zod';
import { conditionOperatorSchema, operatorsFor, type ConditionOperator } from '../spec/conditions.js';
import { dataTypeSchema, type DataType } from '../spec/custom-fields.js';

/**
 * The fields of a participant, as lists, filters, rules, exports and imports name them.
 *
 * Standard fields have fixed names. A custom field is named by its key `cf_<id without dashes>`
 * where a name must be a plain word (sort=`cf_…:asc`, export columns, list filters), and by its id
 * where a map holds values (`customFields: { <id>: value }`). Label rules accept either.
 */
export const STANDARD_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'jobTitle',
  'company',
  'phone',
  'bio',
] as const;
export type StandardField = (typeof STANDARD_FIELDS)[number];

export const STANDARD_FIELD_LABELS: Record<StandardField | 'photoUrl', string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  jobTitle: 'Job title',
  company: 'Company',
  phone: 'Phone',
  bio: 'Bio',
  photoUrl: 'Photo',
};

/** Maximum lengths of the standard text fields (the e-mail's is EMAIL_MAX_LENGTH). */
export const PARTICIPANT_TEXT_LIMITS = {
  firstName: 100,
  lastName: 100,
  jobTitle: 200,
  company: 200,
  phone: 50,
  bio: 5000,
} as const;
export type ProfileTextField = keyof typeof PARTICIPANT_TEXT_LIMITS;
export const PROFILE_TEXT_FIELDS = Object.keys(PARTICIPANT_TEXT_LIMITS) as ProfileTextField[];

/** Standard fields the list sorts by (each with an index per event). */
export const PARTICIPANT_SORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'jobTitle',
  'company',
  'createdAt',
  'updatedAt',
] as const;

/** Shown to other participants (directory, public profile): never e-mail or phone. */
export const PUBLIC_STANDARD_FIELDS = [
  'firstName',
  'lastName',
  'jobTitle',
  'company',
  'bio',
  'photoUrl',
] as const;

export const CUSTOM_FIELD_KEY_PREFIX = 'cf_';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEY = /^cf_([0-9a-f]{32})$/;

export const isUuid = (value: string) => UUID.test(value);

/** `3f2a…-…` → `cf_3f2a…` (32 hex digits, lower case). */
export function customFieldKey(id: string): string {
  return `${CUSTOM_FIELD_KEY_PREFIX}${id.replace(/-/g, '').toLowerCase()}`;
}

/** `cf_<32 hex>` → the custom field id; undefined for anything else. */
export function customFieldIdFromKey(key: string): string | undefined {
  const hex = KEY.exec(key)?.[1];
  if (!hex) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `GET …/participants/get-available-fields`: one entry per field. */
export const availableFieldSchema = z.object({
  /** Name in sort, columns, filters and rules: a standard field name or `cf_<hex>`. */
  key: z.string(),
  name: z.string(),
  source: z.enum(['standard', 'custom']),
  customFieldId: z.uuid().nullable(),
  dataType: dataTypeSchema,
  isEnumMultiple: z.boolean(),
  enumValues: z.array(z.string()),
  required: z.boolean(),
  /** Label-rule and filter operators allowed for the field's type (spec part 5). */
  operators: z.array(conditionOperatorSchema),
  sortable: z.boolean(),
  /** Has a list filter (`labelId`, `cf_<hex>`, `cf_<hex>From`/`To` or rules). */
  filterable: z.boolean(),
  /** A column of the export and of the participants import. */
  exportable: z.boolean(),
  editableByParticipant: z.boolean(),
  showInProfile: z.boolean(),
});
export type AvailableField = z.output<typeof availableFieldSchema>;

/** Type and operators of a standard field: every standard field is text (STRING). */
export function standardFieldType(_field: StandardField): DataType {
  return 'STRING';
}

export function standardOperators(field: StandardField): readonly ConditionOperator[] {
  return operatorsFor(standardFieldType(field));
}
