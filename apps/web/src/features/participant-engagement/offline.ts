import { isApiError } from '../../shared/api/errors';

/**
 * The answer was not sent because the device is offline or the request did not reach the API.
 * Answers are never queued: the form stays as it was and the participant is told.
 */
export class OfflineError extends Error {
  constructor() {
    super('offline');
    this.name = 'OfflineError';
  }
}

/** Whether an error means "not reached the API" (no HTTP answer, or a gateway that could not reach it). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof OfflineError) return true;
  if (!isApiError(error)) return error instanceof TypeError;
  return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
}

/** Sends a change, refusing at once when offline; a network failure becomes an OfflineError. */
export async function sendOnline<T>(send: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) throw new OfflineError();
  try {
    return await send();
  } catch (error) {
    if (isNetworkFailure(error)) throw new OfflineError();
    throw error;
  }
}
