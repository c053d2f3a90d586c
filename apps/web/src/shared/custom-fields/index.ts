/** Custom fields in forms and on screens (admin participant profile, participant's own profile). See README.md. */
export { useCustomFields, customFieldsKey } from './useCustomFields';
export {
  CustomFieldInputs,
  ReadOnlyField,
  customFieldName,
  type CustomFieldInputsProps,
} from './CustomFieldInputs';
export { CustomFieldValue, type CustomFieldValueProps } from './CustomFieldValue';
export { formatCustomFieldValue, hasValue } from './format';
export {
  validateCustomFieldValues,
  customFieldErrorsFromApi,
  draftFrom,
  isEditableByParticipant,
  timeTo24h,
  timeFrom24h,
  type ValidateOptions,
  type ValidatedCustomFields,
} from './validation';
export type * from './types';
