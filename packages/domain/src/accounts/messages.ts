/**
 * Texts of the accounts area that the spec does not quote (ours). The spec's own texts
 * (notAuthorizedCms, loginFailed, tokenExpired, invalidCredentials, …) stay in MESSAGES.
 */
export const ACCOUNT_MESSAGES = {
  invalidHost: 'Please enter a valid host name',
  registered: 'Check your inbox: we have sent you a link to confirm your e-mail address.',
  resetRequested: 'If an account exists for this address, we have sent it a link to reset the password.',
  linkInvalid: 'This link is not valid. Please request a new one.',
  linkUsed: 'This link has already been used. Please request a new one.',
  linkExpired: 'This link has expired. Please request a new one.',
  ssoNotConfigured: 'Single sign-on is not set up for this address',
  ssoStateInvalid: 'The single sign-on attempt has expired or was already used. Please sign in again.',
  ssoFailed: 'Single sign-on failed. Please try again.',
  ssoProviderUnreachable: 'The single sign-on provider could not be reached. Please try again later.',
  ssoEmailNotVerified: 'Your identity provider did not confirm your e-mail address',
  ssoAccountElsewhere:
    'This account cannot sign in with this single sign-on provider. Please sign in with your e-mail and password.',
  sessionEnded: 'Session ended',
} as const;
