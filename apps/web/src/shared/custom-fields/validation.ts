import { checkCustomFieldValues, type CustomFieldValue } from '@plenary/domain';
import type { CustomFieldDraft, CustomFieldErrors, CustomFieldInputField } from './types';

const PREFIX = 'customFields.';

/** May the participant edit this field in their own profile? (`editable` from user-profile wins.) */
export function isEditableByParticipant(field: CustomFieldInputField): boolean {
  return field.editable ?? field.editableByParticipant ?? false;
}

export interface ValidateOptions {
  /** Check only what a participant may edit (their own profile); other fields are left alone. */
  onlyEditableByParticipant?: boolean;
  /** Leave out fields that are empty (null): a new participant has nothing to clear. */
  dropEmpty?: boolean;
}

export interface ValidatedCustomFields {
  /** The API's values by field id (null clears a field). */
  values: Record<string, CustomFieldValue | null>;
  /** Messages by field id; empty when every value is fine. */
  errors: CustomFieldErrors;
}

/**
 * The form's values checked with the domain's `checkCustomFieldValues`, so the messages are the
 * API's and the spec's: a required field without a value 'Required field'; an empty required or a
 * wrong value 'Please enter value' ('Please select value' for ENUM); TIME and PROFILE_LINK their
 * own messages. Every field of `fields` is checked (an absent required one is an error); empty
 * optional values become null (cleared).
 */
export function validateCustomFieldValues(
  fields: readonly CustomFieldInputField[],
  values: CustomFieldDraft,
  options: ValidateOptions = {},
): ValidatedCustomFields {
  const checked = options.onlyEditableByParticipant ? fields.filter(isEditableByParticipant) : fields;
  const ids = new Set(checked.map((f) => f.id));
  const input: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(values)) {
    // Absent and undefined are the same to a form: no value.
    if (ids.has(id) && value !== undefined) input[id] = value;
  }
  const result = checkCustomFieldValues(checked, input, 'create');
  const out: ValidatedCustomFields = { values: {}, errors: customFieldErrorsFromApi(result.fields) };
  for (const [id, value] of Object.entries(result.values)) {
    if (value === null && options.dropEmpty) continue;
    out.values[id] = value;
  }
  return out;
}

/** The API's `fields` (`customFields.<id>` → message) as messages by field id; other keys are left out. */
export function customFieldErrorsFromApi(
  fields: Readonly<Record<string, string>> | undefined,
): CustomFieldErrors {
  const out: CustomFieldErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    if (key.startsWith(PREFIX)) out[key.slice(PREFIX.length)] = message;
  }
  return out;
}

/** A form's starting values: the record's values for the given fields (absent ones stay absent). */
export function draftFrom(
  fields: readonly CustomFieldInputField[],
  stored: Readonly<Record<string, CustomFieldValue | null | undefined>> | undefined,
): CustomFieldDraft {
  const draft: CustomFieldDraft = {};
  for (const f of fields) {
    const v = stored?.[f.id];
    if (v !== undefined && v !== null) draft[f.id] = v;
  }
  return draft;
}

// ── TIME: the API's 'hh:mm AM/PM' ↔ the time picker's 24-hour 'HH:mm' ─────────────────────

/** '09:30 PM' → '21:30'; '' for anything else. */
export function timeTo24h(value: unknown): string {
  if (typeof value !== 'string') return '';
  const m = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])$/.exec(value.trim());
  if (!m) return '';
  const h = Number(m[1]) % 12;
  const pm = m[3]!.toUpperCase() === 'PM';
  return `${String(pm ? h + 12 : h).padStart(2, '0')}:${m[2]}`;
}

/** '21:30' (or '21:30:00') → '09:30 PM'; '' for an empty or partial time. */
export function timeFrom24h(value: string): string {
  const m = /^(\d{2}):(\d{2})(:\d{2})?$/.exec(value);
  if (!m) return '';
  const h = Number(m[1]);
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${String(h12).padStart(2, '0')}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}
