import { MESSAGES } from '@plenary/domain';

/** Texts shared by every surface. `messages` holds the spec's quoted texts word for word. */
export default {
  messages: MESSAGES,
  actions: {
    save: 'Save',
    saving: 'Saving…',
    cancel: 'Cancel',
    close: 'Close',
    back: 'Back',
    retry: 'Try again',
    search: 'Search',
    goHome: 'Go to start page',
    signIn: 'Sign in',
    signOut: 'Sign out',
  },
  // The shared confirmation dialog (shared/ui/ConfirmDialog, ConfirmDelete).
  confirm: {
    failed: 'That did not work. Please try again.',
    deleteFailed: 'This could not be deleted. Please try again.',
    deleteRefused: 'Not deleted',
  },
  states: {
    loading: 'Loading…',
    loadFailed: 'This could not be loaded.',
    notFoundTitle: 'Page not found',
    notFoundText: 'The address may be mistyped, or the page has moved.',
    noMatches: 'Nobody matches',
  },
  // The file field's own refusals (shared/ui/FileDropZone), where a screen has no words of its own.
  fileDrop: {
    oneFile: 'Please choose one file',
    tooLarge: 'The file is too large: at most {{size}}',
    typeRefused: 'This type of file cannot be uploaded. Accepted: {{types}}',
  },
  a11y: {
    skipToContent: 'Skip to main content',
    togglePassword: 'Show or hide the password',
  },
  dates: {
    range: '{{start}} – {{end}}',
    timezone: 'Time zone: {{timezone}}',
    // The date-and-time picker (shared/ui/DateTimeField).
    pickDateTime: 'Pick date and time',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    previousYear: 'Previous year',
    nextYear: 'Next year',
    previousDecade: 'Previous decade',
    nextDecade: 'Next decade',
    chooseMonth: 'Choose another month',
    chooseYear: 'Choose another year',
    hours: 'Hours',
    minutes: 'Minutes',
    amPm: 'AM or PM',
    confirm: 'Done',
  },
};
