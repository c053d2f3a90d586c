import {
  deriveRole,
  LOGIN_FAILURE_LOGOUT_DELAY_MS,
  MESSAGES,
  tokenClaimsSchema,
  type LoginType,
  type RoleClaims,
} from '@plenary/domain';
import { jwtDecode } from 'jwt-decode';
import { apiFetch } from '../api/client';
import i18n from '../i18n';
import { isApiError } from '../api/errors';
import { queryClient } from '../api/queryClient';
import { isTokenExpired } from '../api/token';
import type { UserProfile } from '../api/types';
import { navigateTo } from '../navigation/navigator';
import { clearOfflineApiCaches } from '../offline/caches';
import { surfaceFor } from '../surface';
import { toast } from '../ui/toast';
import { commonStore, type ImpersonatedUser } from './commonStore';
import { homeStore } from './homeStore';
import { takeRedirectUrl } from './redirect';
import { writeString } from './storage';
import { EMPTY_BASIC_DETAILS, userStore } from './userStore';

export const START_PAGE = '/';

export interface AuthAnswer {
  token: string;
  tokenData: unknown;
}

export type SignInBody =
  | { email: string; password: string; host: string }
  | { sso: true; token: string; state: string; iss?: string; host: string };

let failureLogoutTimer: ReturnType<typeof setTimeout> | null = null;

function cancelFailureLogout(): void {
  if (failureLogoutTimer !== null) clearTimeout(failureLogoutTimer);
  failureLogoutTimer = null;
}

/** Clears the stored access token, role, user id, user data and participant-view flag. */
function clearSessionData(): void {
  userStore.setState({ token: null, role: null, tokenData: null, userData: null, authenticated: false });
  commonStore.setState({ participantView: false });
}

export function loginRequest(loginType: LoginType): void {
  cancelFailureLogout();
  clearSessionData();
  writeString('loginType', loginType);
}

interface SessionClaims extends RoleClaims {
  userId: string;
  eventHubId: string | null;
}

/** The answer's tokenData, or else the token's own claims. */
function readClaims(answer: AuthAnswer): SessionClaims {
  const fromAnswer = tokenClaimsSchema.safeParse(answer.tokenData);
  if (fromAnswer.success) return fromAnswer.data;
  return tokenClaimsSchema.parse(jwtDecode(answer.token));
}

async function loadBasicDetails(userId: string): Promise<void> {
  try {
    const user = await apiFetch<UserProfile>(`users/${encodeURIComponent(userId)}`);
    userStore.setState({
      basicDetails: {
        firstName: user.firstName ?? '',
        lastName: user.lastName ?? '',
        photoURL: user.photoURL ?? user.photoUrl ?? null,
      },
    });
  } catch {
    // the names are decoration: the session works without them
  }
}

export function loginSuccess(answer: AuthAnswer): void {
  const claims = readClaims(answer);
  // The service worker keeps API answers by URL, not by person: a new sign-in starts without them.
  void clearOfflineApiCaches();
  userStore.setState((s) => ({
    token: answer.token,
    role: deriveRole(claims),
    authenticated: true,
    tokenData: { userId: claims.userId, eventHubId: claims.eventHubId },
    userData: { eventHubId: claims.eventHubId, selectedEventId: null, basicDetails: s.basicDetails },
  }));
  void loadBasicDetails(claims.userId);
  navigateTo(takeRedirectUrl() ?? START_PAGE, { replace: true });
}

/** The message a failed login shows: the server's, or the spec's fallback. */
export function loginFailureMessage(error: unknown): string {
  if (isApiError(error) && error.status < 500 && error.message) return error.message;
  return MESSAGES.loginFailed;
}

export function loginFailure(error: unknown): string {
  clearSessionData();
  const message = loginFailureMessage(error);
  toast.error(message, i18n.t('accounts:signIn.failedTitle'));
  cancelFailureLogout();
  failureLogoutTimer = setTimeout(() => {
    failureLogoutTimer = null;
    void logout();
  }, LOGIN_FAILURE_LOGOUT_DELAY_MS);
  return message;
}

/** Runs the whole login cycle; answers the error message shown, or null on success. */
export async function signIn(body: SignInBody, loginType: LoginType): Promise<string | null> {
  loginRequest(loginType);
  try {
    const answer = await apiFetch<AuthAnswer>('auth', { method: 'POST', body });
    loginSuccess(answer);
    return null;
  } catch (error) {
    return loginFailure(error);
  }
}

/** Clears the session data and the basic details, and revokes the token on the server. */
export async function logout(): Promise<void> {
  const { token } = userStore.getState();
  clearSessionData();
  userStore.setState({ basicDetails: EMPTY_BASIC_DETAILS });
  commonStore.setState({ impersonatedUser: null });
  homeStore.setState({ events: [], total: 0, selectedEvent: null });
  // Forget everything fetched for this user; the host's brand stays.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'brand' });
  void clearOfflineApiCaches(); // and the service worker's copies of them (participant app offline)
  if (token && !isTokenExpired(token)) {
    try {
      await fetch('/api/v1/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    } catch {
      // offline: the token still expires on its own
    }
  }
}

/**
 * Spec part 4: the participant-view choice is stored and navigation goes to '/' (or `to`: impersonation
 * opens the event's home and returns to the profile). The address changes
 * first, outside the router: the other surface's router is created from the address when the flag
 * re-renders the app, while a navigation through the showing router would still be pending then
 * (lazy routes) and die with that router, leaving the new surface on the old path until a reload.
 */
export function setParticipantView(on: boolean, to = '/'): void {
  const surfaceChanges =
    surfaceFor(window.location.hostname, commonStore.getState().participantView) !==
    surfaceFor(window.location.hostname, on);
  if (!surfaceChanges) {
    commonStore.setState({ participantView: on });
    navigateTo(to);
    return;
  }
  window.history.pushState(null, '', to);
  commonStore.setState({ participantView: on });
}

/** Spec part 6: the chosen user is stored and sent as the `impersonate` header. */
export function impersonate(user: ImpersonatedUser | null): void {
  commonStore.setState({ impersonatedUser: user });
  void clearOfflineApiCaches();
  void queryClient.invalidateQueries();
}
