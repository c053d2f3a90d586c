import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { conditionOperatorSchema, isOperatorAllowed, type ConditionOperator } from '../spec/conditions.js';
import { dynamicValueMessage, type DataType } from '../spec/custom-fields.js';
import { isDateForFormat, isTimeFormat } from '../validation/date.js';
import {
  CUSTOM_FIELD_TEXT_MAX_LENGTH,
  DATE_VALUE_FORMAT,
  ENUM_VALUE_MAX_LENGTH,
  ENUM_VALUES_MAX,
  normaliseTime,
  type CustomFieldDef,
} from './custom-fields.js';
import {
  customFieldIdFromKey,
  isUuid,
  STANDARD_FIELDS,
  standardFieldType,
  type StandardField,
} from './fields.js';
import { ATTENDEE_MESSAGES } from './messages.js';

/**
 * Conditions on participant fields, used by rule labels (all rules must match) and by the
 * participants list's `rules` filter: `{ field, operator, value }` with the spec's operators
 * (part 5) allowed per field type:
 * - EQUAL / NOT_EQUAL for every type but ENUM (text compares case-insensitively; NOT_EQUAL also
 *   matches participants without a value);
 * - LESS_THAN(_EQUAL) / GREATER_THAN(_EQUAL) for NUMBER, CURRENCY, DATE and TIME (participants
 *   without a value never match);
 * - INCLUDES for ENUM: the participant's selection contains any of the values.
 */
export const RULES_MAX = 20;

export const ruleValueSchema = z.union(
  [
    z.string().max(CUSTOM_FIELD_TEXT_MAX_LENGTH, MESSAGES.maxLength),
    z.number(),
    z.boolean(),
    z
      .array(z.string().max(ENUM_VALUE_MAX_LENGTH, MESSAGES.maxLength))
      .max(ENUM_VALUES_MAX, MESSAGES.maxLength),
  ],
  { error: MESSAGES.pleaseEnterValue },
);

export const ruleInputSchema = z.object({
  /** A standard field name, a custom field id, or a custom field key (`cf_<hex>`). */
  field: z.string().trim().min(1, MESSAGES.required).max(64, MESSAGES.maxLength),
  operator: conditionOperatorSchema,
  value: ruleValueSchema,
});
export type RuleInput = z.output<typeof ruleInputSchema>;

/** A checked rule: `field` is a standard field name or a custom field id; `value` normalised. */
export const ruleSchema = z.object({
  field: z.string(),
  operator: conditionOperatorSchema,
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
});
export type Rule = z.output<typeof ruleSchema>;

export const rulesInputSchema = z.array(ruleInputSchema).max(RULES_MAX, MESSAGES.maxLength);

/** A field as rules and filters see it. */
export type FieldRef =
  | { kind: 'standard'; field: StandardField; dataType: DataType }
  | { kind: 'custom'; field: CustomFieldDef; dataType: DataType };

/** `firstName`, a custom field id or `cf_<hex>` → the field; undefined when unknown. */
export function resolveField(ref: string, customFields: readonly CustomFieldDef[]): FieldRef | undefined {
  if ((STANDARD_FIELDS as readonly string[]).includes(ref)) {
    const field = ref as StandardField;
    return { kind: 'standard', field, dataType: standardFieldType(field) };
  }
  const id = isUuid(ref) ? ref.toLowerCase() : customFieldIdFromKey(ref);
  const custom = id === undefined ? undefined : customFields.find((f) => f.id === id);
  return custom ? { kind: 'custom', field: custom, dataType: custom.dataType } : undefined;
}

export type RuleValueCheck = { ok: true; value: Rule['value'] } | { ok: false; message: string };

/** The rule's value for a field of `type` and `operator`, normalised (see the module comment). */
export function checkRuleValue(ref: FieldRef, operator: ConditionOperator, value: unknown): RuleValueCheck {
  const type = ref.dataType;
  const bad = { ok: false as const, message: dynamicValueMessage(type) };
  switch (type) {
    case 'STRING':
    case 'PROFILE_LINK': {
      if (typeof value !== 'string' || value.trim() === '') return bad;
      return { ok: true, value: value.trim() };
    }
    case 'BOOLEAN':
      if (typeof value === 'boolean') return { ok: true, value };
      if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
      return bad;
    case 'NUMBER':
    case 'CURRENCY': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())
            ? Number(value)
            : Number.NaN;
      return Number.isFinite(n) ? { ok: true, value: n } : bad;
    }
    case 'DATE':
      return typeof value === 'string' && isDateForFormat(value.trim(), DATE_VALUE_FORMAT)
        ? { ok: true, value: value.trim() }
        : bad;
    case 'TIME': {
      if (typeof value !== 'string') return { ok: false, message: MESSAGES.timeFormat };
      const time = normaliseTime(value);
      return isTimeFormat(time) ? { ok: true, value: time } : { ok: false, message: MESSAGES.timeFormat };
    }
    case 'ENUM': {
      if (ref.kind !== 'custom') return bad;
      const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
      if (!items || items.length === 0 || operator !== 'INCLUDES') return bad;
      const picked: string[] = [];
      for (const item of items) {
        const match =
          typeof item === 'string'
            ? ref.field.settings.enumValues.find((v) => v.toLowerCase() === item.trim().toLowerCase())
            : undefined;
        if (match === undefined) return bad;
        if (!picked.includes(match)) picked.push(match);
      }
      return { ok: true, value: picked };
    }
  }
}

export interface RulesCheck {
  rules: Rule[];
  /** `<index>.field|operator|value` → message (prefix it with the rules' own path). */
  fields: Record<string, string>;
}

/** Rules checked against the event's fields: known field, operator allowed for its type, value of its type. */
export function checkRules(input: readonly RuleInput[], customFields: readonly CustomFieldDef[]): RulesCheck {
  const out: RulesCheck = { rules: [], fields: {} };
  input.forEach((rule, i) => {
    const ref = resolveField(rule.field, customFields);
    if (!ref) {
      out.fields[`${i}.field`] = ATTENDEE_MESSAGES.unknownField;
      return;
    }
    if (!isOperatorAllowed(ref.dataType, rule.operator)) {
      out.fields[`${i}.operator`] = ATTENDEE_MESSAGES.operatorNotAllowed;
      return;
    }
    const value = checkRuleValue(ref, rule.operator, rule.value);
    if (!value.ok) {
      out.fields[`${i}.value`] = value.message;
      return;
    }
    out.rules.push({
      field: ref.kind === 'standard' ? ref.field : ref.field.id,
      operator: rule.operator,
      value: value.value,
    });
  });
  return out;
}

/** Custom field ids the rules name. */
export function customFieldIdsOfRules(rules: readonly Rule[]): string[] {
  return [...new Set(rules.map((r) => r.field).filter((f) => isUuid(f)))];
}

/** `rules` in a query string: a JSON array of rules, e.g. `[{"field":"company","operator":"EQUAL","value":"Acme"}]`. */
export const rulesQueryParamSchema = z
  .string()
  .max(20_000, MESSAGES.maxLength)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: ATTENDEE_MESSAGES.invalidFilter });
      return z.NEVER;
    }
  })
  .pipe(rulesInputSchema);
