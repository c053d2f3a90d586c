import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { loginFailure, loginRequest, loginSuccess, logout } from '../../shared/session/auth';
import { storeRedirectUrl } from '../../shared/session/redirect';
import { currentHost } from '../../shared/surface';
import { participantEventPath } from '../events';
import { LinkSignIn } from './LinkSignIn';
import { createMagicLinkSignIn, type MagicLinkAnswer } from './magicLink';

/** The query parameter of the link the magic-link e-mail carries (`/event/login?magic=<token>`). */
export const MAGIC_PARAM = 'magic';

/**
 * The whole login cycle of a password sign-in (spec part 4), with the link in place of the
 * password: any current session ends first (its token revoked), so a link for another account
 * never mixes two people's data; login type EVENT_WEBSITE; success goes into the link's event.
 */
const signInWithMagicLink = createMagicLinkSignIn({
  endSession: logout,
  begin: () => loginRequest('EVENT_WEBSITE'),
  exchange: (token) =>
    apiFetch<MagicLinkAnswer>('auth/magic-link', { method: 'POST', body: { token, host: currentHost() } }),
  succeed: (answer) => {
    storeRedirectUrl(participantEventPath(answer.eventId));
    loginSuccess(answer);
  },
  fail: loginFailure,
});

/** `/event/login?magic=<token>`: signs the participant in with the link from their e-mail. */
export function MagicLinkSignIn({ token }: { token: string }) {
  return (
    <LinkSignIn token={token} signIn={signInWithMagicLink} texts="magicLink" passwordPath="/event/login" />
  );
}

/** `/event/login`: with `?magic=` the link signs in (even over a current session); else `children`. */
export function MagicLinkOr({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  return params.has(MAGIC_PARAM) ? <MagicLinkSignIn token={params.get(MAGIC_PARAM) ?? ''} /> : children;
}
