/**
 * The e-mail log's copy of a message (platform/email-log.repo.ts) must not hand out the one-time
 * secrets of system e-mails: whoever reads the log could otherwise sign in as the recipient. The
 * links of magic-link, verification, reset, create-password, invitation and moderator-link mails
 * carry them either as a query parameter (`?token=`, `?magic=`) or as the last path segment
 * (`/verify-email/<secret>`, `/moderate/<sessionId>/<secret>`). The sent message is untouched.
 */
export const REDACTED = '…';

const SECRET_PARAMS = /([?&](?:amp;)?(?:token|magic|code|secret)=)[A-Za-z0-9_%-]+/gi;
const SECRET_PATHS = /(\/(?:verify-email|moderate\/[0-9a-f-]{36})\/)[A-Za-z0-9_%-]+/gi;

/** The text with every one-time secret of a link replaced by `…`. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAMS, `$1${REDACTED}`).replace(SECRET_PATHS, `$1${REDACTED}`);
}
