import { ACCOUNT_MESSAGES } from '@plenary/domain';
import { isApiError } from '../../shared/api/errors';

/** `POST auth/magic-link` answers like `POST auth`, plus the event the link is for. */
export interface MagicLinkAnswer {
  token: string;
  tokenData: unknown;
  eventId: string;
}

export type MagicLinkOutcome =
  | { ok: true; eventId: string }
  /** `retryable`: trying the same link again may help (offline, throttled, server trouble). */
  | { ok: false; message: string; retryable: boolean };

/** The session steps a magic-link sign-in goes through (the real ones live in shared/session). */
export interface MagicLinkSteps {
  /** Ends whatever session this browser has (another account's, or the same one's). */
  endSession(): Promise<void>;
  /** Login request: clears the stored session data and records the login type. */
  begin(): void;
  /** Uses the link once. */
  exchange(token: string): Promise<MagicLinkAnswer>;
  /** Login success: stores the session and goes into the link's event. */
  succeed(answer: MagicLinkAnswer): void;
  /** Login failure: clears the session data, shows the message; answers the message. */
  fail(error: unknown): string;
}

/** A spent link (used, expired, unknown: 410) or a refusal is final; the others may pass later. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 429 || error.status >= 500;
}

/**
 * The magic-link sign-in: ends the current session, uses the link, and signs in to its event.
 * A link is single use, so each token is sent once per page life even when React mounts the page
 * twice or re-renders: callers of the same token share one outcome. Only a retryable failure
 * forgets the token, so 'Try again' sends it again.
 */
export function createMagicLinkSignIn(steps: MagicLinkSteps): (token: string) => Promise<MagicLinkOutcome> {
  const runs = new Map<string, Promise<MagicLinkOutcome>>();

  async function run(token: string): Promise<MagicLinkOutcome> {
    await steps.endSession();
    steps.begin();
    let answer: MagicLinkAnswer;
    try {
      answer = await steps.exchange(token);
    } catch (error) {
      const retryable = isRetryable(error);
      if (retryable) runs.delete(token);
      return { ok: false, message: steps.fail(error), retryable };
    }
    steps.succeed(answer);
    return { ok: true, eventId: answer.eventId };
  }

  return (raw: string) => {
    const token = raw.trim();
    if (token === '')
      return Promise.resolve({ ok: false, message: ACCOUNT_MESSAGES.linkInvalid, retryable: false });
    let outcome = runs.get(token);
    if (!outcome) {
      outcome = run(token);
      runs.set(token, outcome);
    }
    return outcome;
  };
}
