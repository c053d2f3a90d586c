import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { createThrottle, installRetryAfter, ThrottledError, type Throttle } from '../../platform/throttle.js';

/**
 * Per-participant rate limits on what participants send to live tools (issue 12 item 9): votes and
 * survey submissions, quiz answers, Q&A questions and upvotes. The platform's fixed-window
 * throttle (platform/throttle.ts) does the counting: in Redis when REDIS_URL is set (shared by
 * every API process, the database taking over if Redis fails), else in the database — the same
 * atomic counting `rate-limiter-flexible` would give, without a second mechanism. Over the limit:
 * 429 with Retry-After (seconds left in the window).
 */
export const ENGAGEMENT_LIMITS = {
  /** Poll votes and survey submissions (a changed vote counts too). */
  vote: { limit: 30, windowSec: 60 },
  quizAnswer: { limit: 60, windowSec: 60 },
  question: { limit: 10, windowSec: 60 },
  upvote: { limit: 60, windowSec: 60 },
} as const;
export type EngagementLimitKind = keyof typeof ENGAGEMENT_LIMITS;

export interface EngagementLimiter {
  /**
   * Counts one action of a participant (`who`: their participant id, or `<eventId>:<userId>` where
   * the count runs beside the access reads); throws a 429 (with Retry-After) when over the limit.
   */
  enforce(kind: EngagementLimitKind, who: string): Promise<void>;
}

const limiters = new WeakMap<FastifyInstance, EngagementLimiter>();

/**
 * The engagement routes' limiter: one per app scope (the engagement plugin), whoever asks first
 * creates it and installs the Retry-After header; closed with the app.
 */
export function engagementLimiter(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'config' | 'db'>,
): EngagementLimiter {
  const existing = limiters.get(app);
  if (existing) return existing;
  const throttle: Throttle = createThrottle(deps.config, deps.db, {
    onError: (err) => app.log.warn({ err }, 'Redis throttle unavailable, using the database'),
  });
  installRetryAfter(app);
  app.addHook('onClose', () => throttle.close());
  const limiter: EngagementLimiter = {
    async enforce(kind, who) {
      const { limit, windowSec } = ENGAGEMENT_LIMITS[kind];
      const result = await throttle.hit(`engagement:${kind}:${who}`, limit, windowSec);
      if (!result.allowed) throw new ThrottledError(result.retryAfterSec, MESSAGES.tooManyAttempts);
    },
  };
  limiters.set(app, limiter);
  return limiter;
}
