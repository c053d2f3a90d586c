import type { CustomFieldRecord, CustomFieldValue } from '@plenary/domain';

/**
 * A custom field as the API sends it (`GET events/{id}/custom-fields`): `createdAt` / `updatedAt`
 * are ISO strings, as JSON carries them. The domain's CustomFieldRecord is the decoded shape (Dates);
 * its z.input is no fit either: the settings' defaults make them optional there, while the API
 * always sends them.
 */
export type CustomFieldRow = Omit<CustomFieldRecord, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};

/**
 * What the inputs need of a custom field: the admin API's record (`GET events/{id}/custom-fields`)
 * or the participant's own profile (`GET …/user-profile`, which adds `editable`).
 */
export type CustomFieldInputField = Pick<
  CustomFieldRow,
  'id' | 'name' | 'dataType' | 'settings' | 'currencyCode'
> &
  Partial<Pick<CustomFieldRow, 'editableByParticipant' | 'showInProfile'>> & {
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
