import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { createThrottle, installRetryAfter, ThrottledError } from '../../platform/throttle.js';

/** Per-user limits on what the feed accepts (the platform throttle: Redis, or the database). Over: 429. */
export const FEED_LIMITS = {
  post: { limit: 10, windowSec: 60 },
  image: { limit: 20, windowSec: 60 },
  comment: { limit: 30, windowSec: 60 },
  like: { limit: 120, windowSec: 60 },
  report: { limit: 20, windowSec: 60 },
} as const;
export type FeedLimitKind = keyof typeof FEED_LIMITS;

export interface FeedLimiter {
  enforce(kind: FeedLimitKind, who: string): Promise<void>;
}

/** One limiter per app scope, closed with the app. */
export function feedLimiter(app: FastifyInstance, deps: Pick<AppDeps, 'config' | 'db'>): FeedLimiter {
  const throttle = createThrottle(deps.config, deps.db, {
    onError: (err) => app.log.warn({ err }, 'Redis throttle unavailable, using the database'),
  });
  installRetryAfter(app);
  app.addHook('onClose', () => throttle.close());
  return {
    async enforce(kind, who) {
      const { limit, windowSec } = FEED_LIMITS[kind];
      const result = await throttle.hit(`feed:${kind}:${who}`, limit, windowSec);
      if (!result.allowed) throw new ThrottledError(result.retryAfterSec, MESSAGES.tooManyAttempts);
    },
  };
}
