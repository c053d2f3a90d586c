import { isCmsHost } from '@plenary/domain';

export type Surface = 'console' | 'participant';

/** The host decides the surface: a `cms.` host serves the admin console. */
export function isConsoleHost(hostname: string = window.location.hostname): boolean {
  return isCmsHost(hostname);
}

/** The request's host as the API wants it in sign-in bodies. */
export function currentHost(): string {
  return window.location.host;
}

/** On the cms host an admin may switch to participant view, which shows the participant app. */
export function surfaceFor(hostname: string, participantView: boolean): Surface {
  return isConsoleHost(hostname) && !participantView ? 'console' : 'participant';
}
