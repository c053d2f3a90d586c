import {
  createCustomFieldSchema,
  currencyCodeSchema,
  customFieldSettingsIssues,
  DATA_TYPE_LABELS,
  DATA_TYPES,
  DEFAULT_CURRENCY_CODE,
  type DataType,
} from '@plenary/domain';
import type { CustomFieldRow } from '../../shared/custom-fields';
import type { CreateCustomFieldBody } from './api';

/** What the create/edit dialog holds. Pure helpers: unit-tested in customFieldForm.schema.test.ts. */
export interface CustomFieldFormValues {
  name: string;
  dataType: DataType | '';
  required: boolean;
  isCustomField: boolean;
  special: boolean;
  isEnumMultiple: boolean;
  enumValues: string[];
  editableByParticipant: boolean;
  showInProfile: boolean;
  currencyCode: string;
}

/** The type picker: the spec's plain names ('Free Text'), not the API's codes. */
export const DATA_TYPE_OPTIONS = DATA_TYPES.map((type) => ({ value: type, label: DATA_TYPE_LABELS[type] }));

/**
 * The settings an admin ticks. `isCustomField` and `special` ("Built in") are the system's: they
 * describe where a field comes from, so the dialog keeps them as they are (toBody sends them back).
 */
export const ADMIN_SETTINGS = ['required', 'editableByParticipant', 'showInProfile'] as const;

/** Error messages by form field: `name`, `dataType`, `enumValues`, `enumValues.<i>`, `currencyCode`, … */
export type CustomFieldFormErrors = Record<string, string>;

export function initialValues(record: CustomFieldRow | null): CustomFieldFormValues {
  return {
    name: record?.name ?? '',
    dataType: record?.dataType ?? '',
    required: record?.settings.required ?? false,
    isCustomField: record?.settings.isCustomField ?? true,
    special: record?.settings.special ?? false,
    isEnumMultiple: record?.settings.isEnumMultiple ?? false,
    enumValues: record?.settings.enumValues.length ? [...record.settings.enumValues] : [],
    editableByParticipant: record?.editableByParticipant ?? false,
    showInProfile: record?.showInProfile ?? false,
    currencyCode: record?.currencyCode ?? DEFAULT_CURRENCY_CODE,
  };
}

/** The request body (create and update take the same keys); settings of other types are dropped. */
export type CustomFieldBody = Omit<CreateCustomFieldBody, 'dataType'> & { dataType?: DataType };

export function toBody(values: CustomFieldFormValues): CustomFieldBody {
  const isEnum = values.dataType === 'ENUM';
  return {
    name: values.name.trim(),
    ...(values.dataType ? { dataType: values.dataType } : {}),
    settings: {
      required: values.required,
      isCustomField: values.isCustomField,
      special: values.special,
      isEnumMultiple: isEnum && values.isEnumMultiple,
      enumValues: isEnum ? values.enumValues.map((v) => v.trim()) : [],
    },
    editableByParticipant: values.editableByParticipant,
    showInProfile: values.showInProfile,
    ...(values.dataType === 'CURRENCY' ? { currencyCode: values.currencyCode.trim() } : {}),
  };
}

/** An API or schema path → the form field that shows it ('settings.enumValues.2' → 'enumValues.2'). */
export function formFieldOf(path: string): string {
  return path.replace(/^settings\./, '');
}

/** The API's own rules (the domain schema), so the dialog says what the server would. */
export function validateCustomField(values: CustomFieldFormValues): CustomFieldFormErrors {
  const errors: CustomFieldFormErrors = {};
  const body = toBody(values);
  const result = createCustomFieldSchema.safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues) errors[formFieldOf(issue.path.join('.'))] ??= issue.message;
  }
  // The schema checks the settings only once the rest passes: check them in any case.
  for (const [path, message] of Object.entries(
    customFieldSettingsIssues({ dataType: body.dataType, settings: body.settings }),
  )) {
    errors[formFieldOf(path)] ??= message;
  }
  if (values.dataType === 'CURRENCY') {
    const code = currencyCodeSchema.safeParse(values.currencyCode);
    if (!code.success) errors.currencyCode ??= code.error.issues[0]?.message ?? '';
  }
  return errors;
}

/** The first invalid field in the dialog's order (focus goes there). */
export const FIELD_ORDER = ['name', 'dataType', 'currencyCode', 'enumValues'] as const;
export function firstErrorField(errors: CustomFieldFormErrors): string | undefined {
  const keys = Object.keys(errors).filter((k) => errors[k]);
  for (const field of FIELD_ORDER) {
    const index = (k: string) => (k === field ? -1 : Number(k.slice(field.length + 1)));
    const hit = keys
      .filter((k) => k === field || k.startsWith(`${field}.`))
      .sort((a, b) => index(a) - index(b))[0];
    if (hit) return hit;
  }
  return keys[0];
}
