/** Sign-in, registration, e-mail verification and passwords. */
export default {
  fields: {
    email: 'E-mail',
    password: 'Password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    passwordHint:
      'At least 8 characters, with an uppercase letter, a lowercase letter, a digit and a special character.',
    firstName: 'First name',
    lastName: 'Last name',
  },
  errors: {
    network: 'The server could not be reached. Check your connection and try again.',
  },
  signIn: {
    adminTitle: 'Sign in to the console',
    adminIntro: 'Manage your events, attendees and content.',
    participantTitle: 'Sign in',
    participantIntro: 'Welcome back! Sign in to see your events.',
    submit: 'Sign in',
    forgotPassword: 'Forgot password?',
    or: 'or',
    sso: 'Sign in with SSO',
    failedTitle: 'Sign-in failed',
    noAccount: 'New here?',
    createAccount: 'Create an account',
  },
  callback: {
    title: 'Signing you in',
    working: 'Completing single sign-on…',
    missingCode: 'The sign-in link is incomplete. Please start again.',
    backToSignIn: 'Back to sign in',
  },
  logout: {
    title: 'Signing out',
    working: 'Signing you out…',
  },
  registration: {
    title: 'Create your account',
    intro: 'One account for all the events you attend.',
    submit: 'Create account',
    haveAccount: 'Already have an account?',
    checkEmailTitle: 'Check your e-mail',
    checkEmailText:
      'We sent a confirmation link to <b>{{email}}</b>. Open it to activate your account, then sign in.',
  },
  verifyEmail: {
    title: 'Confirm your e-mail',
    working: 'Confirming your e-mail address…',
    doneTitle: 'E-mail confirmed',
    doneText: 'Your address is confirmed. You can sign in now.',
    failedTitle: 'This link did not work',
  },
  forgotPassword: {
    title: 'Forgot your password?',
    intro: 'Enter your e-mail address and we will send you a link to choose a new password.',
    submit: 'Send reset link',
    sentTitle: 'Check your e-mail',
    sentText: 'If an account exists for <b>{{email}}</b>, a link to reset the password is on its way.',
    backToSignIn: 'Back to sign in',
  },
  setPassword: {
    title: {
      reset: 'Reset your password',
      create: 'Create your password',
      createNew: 'Choose a new password',
    },
    intro: 'Choose a strong password you do not use anywhere else.',
    submit: 'Save password',
    mismatch: 'The passwords do not match',
    doneTitle: 'Password saved',
    doneText: 'You can now sign in with your new password.',
    noTokenTitle: 'This link is incomplete',
    noTokenText: 'Open the link from your e-mail again, or ask for a new one.',
    requestNewLink: 'Request a new link',
  },
  magicLink: {
    title: 'Signing you in',
    working: 'Opening your event…',
    failedTitle: 'This sign-in link did not work',
    alternatives:
      'Sign in with your e-mail and password instead, or ask the event organiser to send you a new link.',
    withPassword: 'Sign in with password',
  },
  moderatorLink: {
    title: 'Signing you in',
    working: 'Opening the session you moderate…',
    failedTitle: 'This moderator link did not work',
    alternatives:
      'Sign in with your e-mail and password instead, or ask the event organiser to invite you again: a new e-mail brings a new link.',
    withPassword: 'Sign in with password',
  },
  noEventAccess: {
    title: 'No access to this event',
    text: 'Your account is not registered for this event. If you think this is a mistake, contact the organiser.',
    switchAccount: 'Sign in with another account',
  },
};
