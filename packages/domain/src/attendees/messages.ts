/**
 * Texts of the attendees area that the spec does not quote (ours). The spec's own texts
 * ('Required field', 'Please enter value', 'Please select value', 'Max length exceeded',
 * 'Time format should be like: hh:mm AM/PM') stay in MESSAGES.
 */
export const ATTENDEE_MESSAGES = {
  alreadyParticipant: 'This e-mail address is already a participant of this event',
  notParticipant: 'You are not a participant of this event',
  noUser: 'No account uses this e-mail address',
  unknownField: 'Unknown field',
  unknownLabel: 'Unknown label',
  operatorNotAllowed: 'This operator cannot be used with this field',
  notEditable: 'This field cannot be edited',
  fieldNameTaken: 'A custom field with this name already exists',
  labelNameTaken: 'A label with this name already exists',
  typeChangeRefused:
    'The type cannot be changed while participants have values for this field or label rules use it',
  fieldUsedByLabels: 'Label rules use this field. Change those labels first',
  specialField: 'This field is built in and cannot be deleted',
  enumValuesInUse: 'Participants have values that would be removed. Change those participants first',
  enumNotSingle: 'Some participants have several values, so the field must stay multiple select',
  enumValuesRequired: 'Add at least one value',
  enumValuesDuplicate: 'Each value may appear only once',
  enumOnly: 'Only fields of type ENUM have values to select',
  currencyCode: 'Please enter a three-letter currency code, like EUR',
  ruleLabelMembers: 'The members of a rule label follow from its rules and cannot be set by hand',
  rulesRequired: 'Add at least one rule',
  manualHasNoRules: 'A manual label has no rules',
  reorderMismatch: 'List every custom field of the event exactly once',
  patchEmpty: 'Choose at least one change',
  selectionTooLarge: 'Too many participants selected',
  selectionRequired: 'Select participants by id or by filter',
  invalidFilter: 'The filter is not valid',
  photoType: 'Please upload a JPEG or PNG image',
  photoTooLarge: 'The photo must be at most 10 MB',
  photoUnreadable: 'The image could not be read',
  photoMissing: 'Please attach an image in the field "file"',
  sourceSameEvent: 'This participant already belongs to this event',
} as const;
