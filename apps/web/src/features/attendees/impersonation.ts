import { impersonate, setParticipantView } from '../../shared/session/auth';
import { commonStore, type ImpersonatedUser } from '../../shared/session/commonStore';
import { participantEventPath } from '../events/paths';

/** Where Stop leads back to (the profile the admin started from), for this tab only. */
const RETURN_KEY = 'plenary.impersonation.return';

/**
 * Spec part 6: the admin acts as `user` (stored, sent as the `impersonate` header) and sees the
 * participant app as them, at the event's home.
 */
export function startImpersonation(user: ImpersonatedUser, eventId: string, returnTo: string): void {
  sessionStorage.setItem(RETURN_KEY, returnTo);
  impersonate(user);
  setParticipantView(true, participantEventPath(eventId));
}

/** Ends the impersonation and goes back to the console page it started from. */
export function stopImpersonation(): void {
  const back = sessionStorage.getItem(RETURN_KEY) ?? '/';
  sessionStorage.removeItem(RETURN_KEY);
  impersonate(null);
  if (commonStore.getState().participantView) setParticipantView(false, back);
}
