import {
  checkRules,
  dynamicValueMessage,
  MESSAGES,
  operatorsFor,
  type AvailableField,
  type ConditionOperator,
  type CustomFieldDef,
  type Rule,
  type RuleInput,
} from '@plenary/domain';

/**
 * The rule editor's rows and their translation to the API's rules. Pure: unit-tested in
 * ruleForm.test.ts. A row names its field by the available field's `key` (a standard field name
 * or `cf_<hex>`, both accepted by the API); stored rules name custom fields by id.
 */
export interface RuleDraft {
  field: string;
  operator: ConditionOperator | '';
  /** As the value input holds it (a NumberInput may hold '' or '1.'). */
  value: unknown;
}

/** `<index>.field|operator|value` → message. */
export type RuleErrors = Record<string, string>;

export const emptyRule = (): RuleDraft => ({ field: '', operator: '', value: undefined });

export const findField = (fields: readonly AvailableField[], key: string) =>
  fields.find((f) => f.key === key);

/** The field a stored rule names (standard name or custom field id). */
export function fieldOfRule(
  fields: readonly AvailableField[],
  ruleField: string,
): AvailableField | undefined {
  return fields.find(
    (f) => f.key === ruleField || (f.customFieldId !== null && f.customFieldId === ruleField.toLowerCase()),
  );
}

/** Spec part 5: the operators a field's type allows. */
export const operatorsOfField = (field: AvailableField | undefined): readonly ConditionOperator[] =>
  field ? operatorsFor(field.dataType) : [];

/** A new field keeps the operator only when the new type allows it; the value starts again. */
export function withField(draft: RuleDraft, field: AvailableField | undefined): RuleDraft {
  const allowed = operatorsOfField(field);
  const operator = draft.operator && allowed.includes(draft.operator) ? draft.operator : (allowed[0] ?? '');
  return { field: field?.key ?? '', operator, value: undefined };
}

/** The event's custom fields as the domain's checks need them. */
export function customFieldDefs(fields: readonly AvailableField[]): CustomFieldDef[] {
  return fields.flatMap((f) =>
    f.source === 'custom' && f.customFieldId
      ? [
          {
            id: f.customFieldId,
            name: f.name,
            dataType: f.dataType,
            settings: { required: f.required, isEnumMultiple: f.isEnumMultiple, enumValues: f.enumValues },
          },
        ]
      : [],
  );
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** The input's value as the API takes it: numbers from half-typed text, ENUM always a list. */
function apiValue(field: AvailableField, value: unknown): RuleInput['value'] {
  switch (field.dataType) {
    case 'NUMBER':
    case 'CURRENCY':
      return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())
        ? Number(value)
        : (value as RuleInput['value']);
    case 'ENUM':
      return Array.isArray(value) ? (value as string[]) : [String(value)];
    default:
      return typeof value === 'string' ? value.trim() : (value as RuleInput['value']);
  }
}

/**
 * Every row checked with the API's own rules (`checkRules`): a field chosen ('Required field'), an
 * operator its type allows, a value of its type ('Please enter value', 'Please select value' for
 * ENUM, the time message). `rules` holds the rows that passed.
 */
export function validateRules(
  drafts: readonly RuleDraft[],
  fields: readonly AvailableField[],
): { rules: RuleInput[]; errors: RuleErrors } {
  const errors: RuleErrors = {};
  const rules: RuleInput[] = [];
  const defs = customFieldDefs(fields);
  drafts.forEach((draft, i) => {
    const field = findField(fields, draft.field);
    if (!field) return void (errors[`${i}.field`] = MESSAGES.required);
    if (!draft.operator) return void (errors[`${i}.operator`] = MESSAGES.required);
    if (isEmpty(draft.value)) return void (errors[`${i}.value`] = dynamicValueMessage(field.dataType));
    const rule: RuleInput = {
      field: field.key,
      operator: draft.operator,
      value: apiValue(field, draft.value),
    };
    const check = checkRules([rule], defs);
    const message = Object.entries(check.fields)[0];
    if (message) errors[`${i}.${message[0].split('.')[1]}`] = message[1];
    else rules.push(rule);
  });
  return { rules, errors };
}

/** Stored rules → editor rows (custom fields by key; unknown fields kept so the API can say so). */
export function draftsFromRules(rules: readonly Rule[], fields: readonly AvailableField[]): RuleDraft[] {
  return rules.map((r) => ({
    field: fieldOfRule(fields, r.field)?.key ?? r.field,
    operator: r.operator,
    value: r.value,
  }));
}

/** The API's `rules.<i>.<part>` errors → the editor's `<i>.<part>`. */
export function ruleErrorsFromApi(fields: Readonly<Record<string, string>>): RuleErrors {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([k, m]) => {
      const hit = /^rules\.(\d+\.(field|operator|value))$/.exec(k);
      return hit ? [[hit[1]!, m]] : [];
    }),
  );
}

/** A rule's value as text: lists joined, booleans as Yes/No. */
export function ruleValueText(value: Rule['value'], yesNo: { yes: string; no: string }): string {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? yesNo.yes : yesNo.no;
  return String(value);
}
