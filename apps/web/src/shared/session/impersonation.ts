import { impersonate, setParticipantView } from './auth';
import { commonStore, type ImpersonatedUser } from './commonStore';

/** Where Stop leads back to (the console page the admin started from), for this tab only. */
const RETURN_KEY = 'plenary.impersonation.return';

/**
 * Spec part 6: the admin acts as `user` (stored, sent as the `impersonate` header) and sees the
 * participant app as them, opened at `to`; Stop returns to `returnTo`.
 */
export function startImpersonation(user: ImpersonatedUser, to: string, returnTo: string): void {
  sessionStorage.setItem(RETURN_KEY, returnTo);
  impersonate(user);
  setParticipantView(true, to);
}

/** Ends the impersonation and goes back to the console page it started from. */
export function stopImpersonation(): void {
  const back = sessionStorage.getItem(RETURN_KEY) ?? '/';
  sessionStorage.removeItem(RETURN_KEY);
  impersonate(null);
  if (commonStore.getState().participantView) setParticipantView(false, back);
}
