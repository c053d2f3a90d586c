/** Engagement texts of ours (the spec quotes only 'No response' and 'Copied: ', in MESSAGES / copied()). */
export const ENGAGEMENT_MESSAGES = {
  invalidCorrectAnswer: 'Please mark correct answers among the options (one for a single choice)',
  notOpen: 'This is not open for answers',
  alreadyAnswered: 'You have already answered',
  tooLate: 'Time is up for this question',
  notCurrentQuestion: 'This question is not being asked now',
  unknownOption: 'Please select one of the options',
  scaleOutOfRange: 'Please select a value on the scale',
  anonymousNotAllowed: 'Anonymous answers are not allowed here',
  offline: 'You are offline. Your answer was not sent; please try again when you are connected.',
  wordTooLong: 'Please enter one word or a short phrase',
  invalidTransition: 'This change of status is not allowed',
  scheduleRequired: 'Please enter when it opens',
  closesBeforeOpens: 'It must close after it opens',
  sessionNotAttached: 'The tool is not attached to this session',
  notQa: 'Questions can only be asked in a Q&A',
  notApproved: 'Please approve the question first',
} as const;
