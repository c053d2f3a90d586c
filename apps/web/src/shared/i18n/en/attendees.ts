/** Texts of the attendee screens (features/attendees) and the custom-field inputs (shared/custom-fields). */
export default {
  customFieldInput: {
    yes: 'Yes',
    no: 'No',
    select: 'Select',
    notSet: 'Not set',
    amPm: 'AM or PM',
    clearTime: 'Clear {{name}}',
    currencyLabel: '{{name}} ({{code}})',
  },
};
