import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import {
  customFieldSettingsSchema,
  DATA_TYPES,
  dataTypeSchema,
  dynamicValueMessage,
  type DataType,
} from '../spec/custom-fields.js';
import { timestampSchema } from '../tenancy/common.js';
import { isDateForFormat, isTimeFormat } from '../validation/date.js';
import { nameString } from '../validation/text.js';
import { isUrl } from '../validation/url.js';
import { ATTENDEE_MESSAGES } from './messages.js';

export const CUSTOM_FIELD_NAME_MAX_LENGTH = 100;
/** STRING values; PROFILE_LINK values share it. */
export const CUSTOM_FIELD_TEXT_MAX_LENGTH = 2000;
export const ENUM_VALUES_MAX = 200;
export const ENUM_VALUE_MAX_LENGTH = 200;
export const CUSTOM_FIELDS_PER_EVENT_MAX = 200;
export const DATE_VALUE_FORMAT = 'YYYY-MM-DD';
/** CURRENCY amounts: at most this many decimals, and below this magnitude. */
export const CURRENCY_DECIMALS = 2;
export const CURRENCY_MAX_ABS = 1e13;
export const DEFAULT_CURRENCY_CODE = 'USD';

/**
 * A custom-field value on the wire and in storage, by type:
 * STRING, PROFILE_LINK: text · BOOLEAN: true/false · DATE: 'YYYY-MM-DD' · NUMBER: a number ·
 * CURRENCY: an amount (number, at most 2 decimals; the code is the field's `currencyCode`) ·
 * TIME: 'hh:mm AM/PM' · ENUM: one of `enumValues`, or an array of them when `isEnumMultiple`.
 * `null` clears a value.
 */
export const customFieldValueSchema = z.union(
  [
    z.string().max(CUSTOM_FIELD_TEXT_MAX_LENGTH, MESSAGES.maxLength),
    z.number(),
    z.boolean(),
    z
      .array(z.string().max(ENUM_VALUE_MAX_LENGTH, MESSAGES.maxLength))
      .max(ENUM_VALUES_MAX, MESSAGES.maxLength),
    z.null(),
  ],
  { error: MESSAGES.pleaseEnterValue },
);
export type CustomFieldValue = string | number | boolean | string[];

/** `{ <custom field id>: value }`. Ids are checked against the event's fields by the API. */
export const customFieldValuesSchema = z
  .record(z.string().max(64, MESSAGES.maxLength), customFieldValueSchema)
  .refine((v) => Object.keys(v).length <= 500, MESSAGES.maxLength);

const enumValuesSchema = z
  .array(z.string().trim().min(1, MESSAGES.required).max(ENUM_VALUE_MAX_LENGTH, MESSAGES.maxLength))
  .max(ENUM_VALUES_MAX, MESSAGES.maxLength);

export const customFieldSettingsInputSchema = customFieldSettingsSchema.extend({
  enumValues: enumValuesSchema.default([]),
});

/** Settings of an update: only the keys given (no defaults), merged into the stored ones. */
export const customFieldSettingsPatchSchema = z
  .object({
    required: z.boolean(),
    isCustomField: z.boolean(),
    isEnumMultiple: z.boolean(),
    enumValues: enumValuesSchema,
    special: z.boolean(),
  })
  .partial();

/** The data type; absent → 'Required field'. */
const dataTypeInputSchema = z.enum(DATA_TYPES, {
  error: (issue) => (issue.input === undefined ? MESSAGES.required : undefined),
});
export type CustomFieldSettingsInput = z.output<typeof customFieldSettingsInputSchema>;

export const currencyCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z]{3}$/.test(v), ATTENDEE_MESSAGES.currencyCode);

/** What value checks need of a custom field. */
export interface CustomFieldDef {
  id: string;
  name: string;
  dataType: DataType;
  settings: { required: boolean; isEnumMultiple: boolean; enumValues: string[] };
}

export const customFieldSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  /** Its name in sort, export columns and list filters: `cf_<id without dashes>`. */
  key: z.string(),
  name: z.string(),
  dataType: dataTypeSchema,
  settings: customFieldSettingsSchema,
  editableByParticipant: z.boolean(),
  showInProfile: z.boolean(),
  /** ISO 4217 code of CURRENCY fields; null for other types. */
  currencyCode: z.string().nullable(),
  position: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type CustomFieldRecord = z.output<typeof customFieldSchema>;

/**
 * The settings check of create, also for a merged update (the API merges stored and new settings
 * first): ENUM needs values, each once; other types have none. Field path → message.
 */
export function customFieldSettingsIssues(value: {
  dataType?: DataType | undefined;
  settings?: { enumValues?: string[] | undefined } | undefined;
}): Record<string, string> {
  const issues: Record<string, string> = {};
  const values = value.settings?.enumValues;
  if (value.dataType === 'ENUM' && values !== undefined) {
    if (values.length === 0) issues['settings.enumValues'] = ATTENDEE_MESSAGES.enumValuesRequired;
    const seen = new Set<string>();
    values.forEach((v, i) => {
      if (seen.has(v.toLowerCase()))
        issues[`settings.enumValues.${i}`] ??= ATTENDEE_MESSAGES.enumValuesDuplicate;
      seen.add(v.toLowerCase());
    });
  }
  if (
    value.dataType !== undefined &&
    value.dataType !== 'ENUM' &&
    values !== undefined &&
    values.length > 0
  ) {
    issues['settings.enumValues'] = ATTENDEE_MESSAGES.enumOnly;
  }
  return issues;
}

const refineSettings = (value: Parameters<typeof customFieldSettingsIssues>[0], ctx: z.RefinementCtx) => {
  for (const [path, message] of Object.entries(customFieldSettingsIssues(value))) {
    ctx.addIssue({
      code: 'custom',
      path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      message,
    });
  }
};

export const createCustomFieldSchema = z
  .object({
    name: nameString(CUSTOM_FIELD_NAME_MAX_LENGTH),
    dataType: dataTypeInputSchema,
    settings: customFieldSettingsInputSchema.default({
      required: false,
      isCustomField: true,
      isEnumMultiple: false,
      enumValues: [],
      special: false,
    }),
    editableByParticipant: z.boolean().default(false),
    showInProfile: z.boolean().default(false),
    /** CURRENCY only (default USD); ignored for other types. */
    currencyCode: currencyCodeSchema.optional(),
  })
  .superRefine(refineSettings);
export type CreateCustomField = z.output<typeof createCustomFieldSchema>;

/**
 * Partial. `settings` keys given replace the stored ones. A new `dataType` is refused (409) while
 * participants hold values for the field or label rules use it; ENUM values in use can not be
 * removed; single ↔ multiple select converts stored values (multiple → single only while nobody
 * has more than one).
 */
export const updateCustomFieldSchema = z
  .object({
    name: nameString(CUSTOM_FIELD_NAME_MAX_LENGTH),
    dataType: dataTypeInputSchema,
    settings: customFieldSettingsPatchSchema,
    editableByParticipant: z.boolean(),
    showInProfile: z.boolean(),
    currencyCode: currencyCodeSchema,
  })
  .partial();
export type UpdateCustomField = z.output<typeof updateCustomFieldSchema>;

export const reorderCustomFieldsSchema = z.object({
  ids: z.array(z.uuid()).min(1, MESSAGES.required).max(CUSTOM_FIELDS_PER_EVENT_MAX, MESSAGES.maxLength),
});

// ---------------------------------------------------------------------------------------------
// Values

export type ValueCheck = { ok: true; value: CustomFieldValue | null } | { ok: false; message: string };
const fail = (message: string): ValueCheck => ({ ok: false, message });
const ok = (value: CustomFieldValue | null): ValueCheck => ({ ok: true, value });

/** '9:5 pm' is no time; '9:30 pm' → '09:30 PM'; anything else as given. */
export function normaliseTime(value: string): string {
  const m = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])$/.exec(value.trim());
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]} ${m[3]!.toUpperCase()}` : value.trim();
}

const CURRENCY_PATTERN = new RegExp(`^-?\\d+(\\.\\d{1,${CURRENCY_DECIMALS}})?$`);

/** The enum value `input` names (case-insensitively), spelt as defined. */
function enumValue(field: CustomFieldDef, input: string): string | undefined {
  const wanted = input.trim().toLowerCase();
  return field.settings.enumValues.find((v) => v.toLowerCase() === wanted);
}

/**
 * One value checked and normalised by the field's type (spec part 5):
 * absent or null on a required field → 'Required field'; an empty value ('' or []) on a required
 * field, or a value of the wrong shape → 'Please enter value' ('Please select value' for ENUM);
 * TIME → 'Time format should be like: hh:mm AM/PM'; PROFILE_LINK → the URL message; over-long
 * text → 'Max length exceeded'. An empty value on an optional field clears it (null).
 */
export function checkCustomFieldValue(field: CustomFieldDef, input: unknown): ValueCheck {
  const { required } = field.settings;
  const dynamic = dynamicValueMessage(field.dataType);
  if (input === undefined || input === null) return required ? fail(MESSAGES.required) : ok(null);
  const empty =
    (typeof input === 'string' && input.trim() === '') || (Array.isArray(input) && input.length === 0);
  if (empty) return required ? fail(dynamic) : ok(null);
  switch (field.dataType) {
    case 'STRING': {
      if (typeof input !== 'string') return fail(dynamic);
      const text = input.trim();
      return text.length > CUSTOM_FIELD_TEXT_MAX_LENGTH ? fail(MESSAGES.maxLength) : ok(text);
    }
    case 'PROFILE_LINK': {
      if (typeof input !== 'string') return fail(MESSAGES.invalidUrl);
      const text = input.trim();
      if (text.length > CUSTOM_FIELD_TEXT_MAX_LENGTH) return fail(MESSAGES.maxLength);
      return isUrl(text) ? ok(text) : fail(MESSAGES.invalidUrl);
    }
    case 'BOOLEAN':
      return typeof input === 'boolean' ? ok(input) : fail(dynamic);
    case 'NUMBER':
      return typeof input === 'number' && Number.isFinite(input) ? ok(input) : fail(dynamic);
    case 'CURRENCY':
      return typeof input === 'number' &&
        Number.isFinite(input) &&
        Math.abs(input) < CURRENCY_MAX_ABS &&
        CURRENCY_PATTERN.test(String(input))
        ? ok(input)
        : fail(dynamic);
    case 'DATE':
      return typeof input === 'string' && isDateForFormat(input.trim(), DATE_VALUE_FORMAT)
        ? ok(input.trim())
        : fail(dynamic);
    case 'TIME': {
      if (typeof input !== 'string') return fail(MESSAGES.timeFormat);
      const time = normaliseTime(input);
      return isTimeFormat(time) ? ok(time) : fail(MESSAGES.timeFormat);
    }
    case 'ENUM': {
      if (field.settings.isEnumMultiple) {
        const items = typeof input === 'string' ? [input] : input;
        if (!Array.isArray(items) || items.some((i) => typeof i !== 'string')) return fail(dynamic);
        const picked: string[] = [];
        for (const item of items as string[]) {
          const v = enumValue(field, item);
          if (v === undefined) return fail(dynamic);
          if (!picked.includes(v)) picked.push(v);
        }
        return ok(picked);
      }
      const single = Array.isArray(input) && input.length === 1 ? input[0] : input;
      if (typeof single !== 'string') return fail(dynamic);
      const v = enumValue(field, single);
      return v === undefined ? fail(dynamic) : ok(v);
    }
  }
}

export interface CustomValuesCheck {
  /** Normalised values; null = clear. */
  values: Record<string, CustomFieldValue | null>;
  /** `customFields.<id>` → message. */
  fields: Record<string, string>;
}

/**
 * Values of several fields. mode 'create': every required field must have a value; 'update': only
 * the fields given are checked (a required one can not be cleared). Ids that are not among
 * `fields` (or that `allowed` excludes) get 'Unknown field' / 'This field can not be edited'.
 */
export function checkCustomFieldValues(
  fields: readonly CustomFieldDef[],
  input: Readonly<Record<string, unknown>> | undefined,
  mode: 'create' | 'update',
  allowed?: (field: CustomFieldDef) => boolean,
): CustomValuesCheck {
  const out: CustomValuesCheck = { values: {}, fields: {} };
  const given = input ?? {};
  const byId = new Map(fields.map((f) => [f.id, f]));
  for (const id of Object.keys(given)) {
    const field = byId.get(id);
    if (!field) out.fields[`customFields.${id}`] = ATTENDEE_MESSAGES.unknownField;
    else if (allowed && !allowed(field)) out.fields[`customFields.${id}`] = ATTENDEE_MESSAGES.notEditable;
  }
  for (const field of fields) {
    const present = Object.prototype.hasOwnProperty.call(given, field.id);
    if (!present && mode === 'update') continue;
    if (present && allowed && !allowed(field)) continue;
    if (!present && !field.settings.required) continue;
    const check = checkCustomFieldValue(field, given[field.id]);
    if (check.ok) {
      if (present) out.values[field.id] = check.value;
    } else out.fields[`customFields.${field.id}`] = check.message;
  }
  return out;
}

/**
 * A spreadsheet cell (papaparse text, or an exceljs value) → the value `checkCustomFieldValue`
 * expects: 'Yes'/'No' for BOOLEAN, numbers from text, dates and times from Date cells, ENUM
 * multiple selections separated by ';' or ','. An empty cell → undefined (no value given).
 */
export function customFieldValueFromCell(
  field: CustomFieldDef,
  cell: string | number | boolean | Date | null | undefined,
): unknown {
  if (cell === null || cell === undefined) return undefined;
  if (typeof cell === 'string' && cell.trim() === '') return undefined;
  const text = typeof cell === 'string' ? cell.trim() : cell;
  switch (field.dataType) {
    case 'BOOLEAN': {
      if (typeof text === 'boolean') return text;
      const t = String(text).toLowerCase();
      if (['yes', 'y', 'true', '1'].includes(t)) return true;
      if (['no', 'n', 'false', '0'].includes(t)) return false;
      return text;
    }
    case 'NUMBER':
    case 'CURRENCY': {
      if (typeof text === 'number') return text;
      const t = String(text).replace(/[\s,]/g, '');
      return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : text;
    }
    case 'DATE':
      return text instanceof Date ? text.toISOString().slice(0, 10) : String(text).slice(0, 10);
    case 'TIME': {
      if (!(text instanceof Date)) return String(text);
      const h = text.getUTCHours();
      return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(text.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
    }
    case 'ENUM': {
      const t = String(text);
      if (!field.settings.isEnumMultiple || enumValue(field, t) !== undefined) return t;
      return t
        .split(/[;,]/)
        .map((s) => s.trim())
        .filter(Boolean);
    }
    default:
      return text instanceof Date ? text.toISOString() : String(text);
  }
}
