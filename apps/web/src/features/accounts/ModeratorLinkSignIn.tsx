import { useParams } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { loginFailure, loginRequest, loginSuccess, logout } from '../../shared/session/auth';
import { storeRedirectUrl } from '../../shared/session/redirect';
import { selectEvent } from '../../shared/session/userStore';
import { currentHost } from '../../shared/surface';
import { LinkSignIn } from './LinkSignIn';
import { createMagicLinkSignIn, type MagicLinkAnswer, type MagicLinkOutcome } from './magicLink';

/** The moderator's page of a session (features/moderation), where the link lands. */
export const moderatePath = (sessionId: string) => `/moderate/${encodeURIComponent(sessionId)}`;

const signers = new Map<string, (token: string) => Promise<MagicLinkOutcome>>();

/**
 * The magic-link cycle (shared with participants' links, `magicLink.ts`) for a moderator
 * invitation: any current session ends first, login type CMS, success selects the link's event and
 * lands on the session's moderator page. One signer per session, so each token is sent once.
 */
function moderatorSignIn(sessionId: string) {
  let signer = signers.get(sessionId);
  if (!signer) {
    signer = createMagicLinkSignIn({
      endSession: logout,
      begin: () => loginRequest('CMS'),
      exchange: (token) =>
        apiFetch<MagicLinkAnswer>(`moderate/${encodeURIComponent(sessionId)}/sign-in`, {
          method: 'POST',
          body: { token, host: currentHost() },
        }),
      succeed: (answer) => {
        storeRedirectUrl(moderatePath(sessionId));
        loginSuccess(answer);
        selectEvent(answer.eventId);
      },
      fail: loginFailure,
    });
    signers.set(sessionId, signer);
  }
  return signer;
}

/**
 * `/moderate/:sessionId/:token` on the console host (spec part 2): signs in with the moderator
 * invitation link (over any current session) and lands on `/moderate/:sessionId`, the session's
 * moderation page (features/moderation).
 */
export function ModeratorLinkPage() {
  const { sessionId = '', token = '' } = useParams();
  return (
    <LinkSignIn
      token={token}
      signIn={moderatorSignIn(sessionId)}
      texts="moderatorLink"
      passwordPath="/login"
    />
  );
}
