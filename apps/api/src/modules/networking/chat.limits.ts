import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { createThrottle, installRetryAfter, ThrottledError } from '../../platform/throttle.js';

/**
 * Per-participant limits on what the chat accepts (the platform throttle: Redis, or the database).
 * Over the limit: 429 with Retry-After; the web keeps the message as failed, with Retry.
 */
export const CHAT_LIMITS = {
  message: { limit: 30, windowSec: 10 },
  conversation: { limit: 30, windowSec: 60 },
  report: { limit: 20, windowSec: 60 },
} as const;
export type ChatLimitKind = keyof typeof CHAT_LIMITS;

export interface ChatLimiter {
  enforce(kind: ChatLimitKind, participantId: string): Promise<void>;
}

/** One limiter per app scope, closed with the app. */
export function chatLimiter(app: FastifyInstance, deps: Pick<AppDeps, 'config' | 'db'>): ChatLimiter {
  const throttle = createThrottle(deps.config, deps.db, {
    onError: (err) => app.log.warn({ err }, 'Redis throttle unavailable, using the database'),
  });
  installRetryAfter(app);
  app.addHook('onClose', () => throttle.close());
  return {
    async enforce(kind, participantId) {
      const { limit, windowSec } = CHAT_LIMITS[kind];
      const result = await throttle.hit(`chat:${kind}:${participantId}`, limit, windowSec);
      if (!result.allowed) throw new ThrottledError(result.retryAfterSec, MESSAGES.tooManyAttempts);
    },
  };
}
