import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { createThrottle, installRetryAfter, ThrottledError } from '../../platform/throttle.js';

/**
 * Per-participant limit on card requests sent (the platform throttle: Redis, or the database): a
 * badge is scanned in person, so a burst beyond this is a script going through the directory.
 * Over the limit: 429 with Retry-After.
 */
export const CARD_LIMITS = { request: { limit: 30, windowSec: 60 } } as const;

export interface CardLimiter {
  enforce(participantId: string): Promise<void>;
}

/** One limiter per app scope, closed with the app. */
export function cardLimiter(app: FastifyInstance, deps: Pick<AppDeps, 'config' | 'db'>): CardLimiter {
  const throttle = createThrottle(deps.config, deps.db, {
    onError: (err) => app.log.warn({ err }, 'Redis throttle unavailable, using the database'),
  });
  installRetryAfter(app);
  app.addHook('onClose', () => throttle.close());
  return {
    async enforce(participantId) {
      const { limit, windowSec } = CARD_LIMITS.request;
      const result = await throttle.hit(`cards:request:${participantId}`, limit, windowSec);
      if (!result.allowed) throw new ThrottledError(result.retryAfterSec, MESSAGES.tooManyAttempts);
    },
  };
}
