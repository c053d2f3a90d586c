/**
 * Every user-facing text of the product. Texts quoted by the spec are copied word for word;
 * the others (invalidSizeValue, invalidDate, linearScale, meetingInterval, emailNotVerified,
 * forbidden, tooManyAttempts, disallowedCharacters and the validator texts) are ours.
 */
export const MESSAGES = {
  required: 'Required field',
  pleaseEnterValue: 'Please enter value',
  pleaseSelectValue: 'Please select value',
  startDateAfterEndDate: 'Start date can not be greater than end date',
  endDateBeforeStartDate: 'End date can not be less than start date',
  startTimeAfterEndTime: 'Start time can not be greater than end time',
  endTimeBeforeStartTime: 'End time can not be less than start time',
  timeFormat: 'Time format should be like: hh:mm AM/PM',
  maxLength: 'Max length exceeded',
  notAuthorizedCms: 'You are not authorized to access cms',
  loginFailed: 'An error occurred when logging in.',
  tokenExpired: 'Token expired',
  noRecords:
    'We can not find any records matching your search or filter criteria. Please change criteria and try again.',
  noAttendees: 'No attendees',
  noResponse: 'No response',
  noOptions: 'No options',
  locationImportConflict: 'Only one of "Pdf Map" or "Map Location Url" can be updated.',
  invalidEmail: 'Please enter a valid e-mail address',
  invalidPassword:
    'Password must be at least 8 characters and include an uppercase letter, a lowercase letter, a digit and a special character',
  invalidUrl: 'Please enter a valid URL starting with http:// or https://',
  invalidInteger: 'Please enter a whole number of 0 or more',
  invalidSizeValue: 'Please enter 1 to 4 sizes separated by spaces, like: 10px 20px',
  invalidDate: 'Please enter a valid date',
  linearScale: 'Linear scale must be between 2 and 10',
  meetingInterval: 'Meeting interval must be 5 to 120 minutes in steps of 5',
  invalidCredentials: 'Invalid e-mail or password',
  emailNotVerified: 'Please verify your e-mail address before signing in',
  notFound: 'Not found',
  forbidden: 'You do not have permission to do this',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again',
  continueOnApp: 'Continue On App',
  downloadOurApp: 'Download Our App',
  continueOnWeb: 'Continue On Web',
  viewAll: 'View All',
  disallowedCharacters: 'Contains characters that are not allowed',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Spec part 8: 'No attendees', or the count of attendees (singular for one, not 'attendee(s)'). */
export function attendeeCount(n: number): string {
  if (n === 0) return MESSAGES.noAttendees;
  return n === 1 ? '1 attendee' : `${n} attendees`;
}

/** Spec part 8: 'Copied: ' followed by the label. */
export function copied(label: string): string {
  return `Copied: ${label}`;
}

/** Spec part 5 breakout message. */
export function breakoutEnrollable(name: string): string {
  return `This session is used in breakout "${name}" which is enrollable. So, rules will be applied from breakout`;
}
