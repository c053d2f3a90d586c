import type { CustomFieldRecord, CustomFieldValue } from '@plenary/domain';

/**
 * What the inputs need of a custom field: the admin API's record (`GET events/{id}/custom-fields`)
 * or the participant's own profile (`GET …/user-profile`, which adds `editable`).
 */
export type CustomFieldInputField = Pick<CustomFieldRecord, 'id' | 'name' | 'dataType' | 'settings' | 'currencyCode'> &
  Partial<Pick<CustomFieldRecord, 'editableByParticipant' | 'showInProfile'>> & {
    /** From `user-profile`: this participant may edit the field. */
    editable?: boolean;
  };

/**
 * A form's custom-field values, by field id, as the inputs hold them: the stored value, or what the
 * user is typing (a NumberInput gives '' or a half-typed '1.'). `validateCustomFieldValues` turns
 * them into the API's values.
 */
export type CustomFieldDraft = Record<string, unknown>;

/** Messages by custom field id. */
export type CustomFieldErrors = Record<string, string>;

export type { CustomFieldValue };
