import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { MESSAGES } from '@plenary/domain';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import { HttpError } from './errors.js';
import { countHit, deleteCounter, deleteOldWindows, uncountHit } from './throttle.repo.js';

/**
 * Fixed-window counters for rate limits (sign-in attempts, reset and registration e-mails).
 *
 * `hit` counts one attempt and says whether it is within `limit` for the current window of
 * `windowSec` seconds; `retryAfterSec` is the time left in that window. Counting and checking is a
 * single atomic step (an upsert in the database, a Lua script in Redis), so parallel requests can
 * not all slip under the limit together. Keys are hashed before they are stored: they contain
 * e-mail addresses and IPs.
 */
export interface ThrottleResult {
  allowed: boolean;
  retryAfterSec: number;
  /** Hits in the current window, this one included. */
  count: number;
}

export interface Throttle {
  hit(key: string, limit: number, windowSec: number): Promise<ThrottleResult>;
  /** Gives one hit back (an attempt that turned out fine), keeping the window. */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** `signin:pair:a@b.c|10.0.0.1` → `signin:pair:<sha256>`: the readable part stays for operators. */
export function storedKey(key: string): string {
  const prefix = /^([a-z-]+(?::[a-z-]+)?):/.exec(key)?.[1] ?? 'throttle';
  return `${prefix}:${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

/** Counters in the `throttle` table: right for one process on PGlite and for N processes on PostgreSQL. */
export class DbThrottle implements Throttle {
  constructor(private readonly db: Db) {}

  async hit(key: string, limit: number, windowSec: number): Promise<ThrottleResult> {
    const row = await countHit(this.db, storedKey(key), Math.max(1, Math.floor(windowSec)));
    if (!row) throw new Error('throttle upsert returned no row');
    // Now and then, drop windows that ended long ago so the table stays small.
    if (Math.random() < 0.01) await deleteOldWindows(this.db);
    return { allowed: row.count <= limit, retryAfterSec: row.retryAfter, count: row.count };
  }

  async undo(key: string): Promise<void> {
    await uncountHit(this.db, storedKey(key));
  }

  async reset(key: string): Promise<void> {
    await deleteCounter(this.db, storedKey(key));
  }

  async close(): Promise<void> {}
}

// INCR, and EXPIRE when the key is new (or lost its TTL), atomically; answers { count, ttl }.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;
// DECR only an existing key: DECR on a missing one would create it without a TTL.
const UNDO_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0
`;

/**
 * Counters in Redis (INCR + EXPIRE), shared by every API process. When Redis does not answer,
 * the database counters take over, so an outage neither locks everybody out nor lifts the limits.
 */
export class RedisThrottle implements Throttle {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly fallback: Throttle,
    private readonly prefix = 'plenary:throttle:',
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      connectTimeout: 2000,
      lazyConnect: true,
    });
    // Connection errors surface on the commands (and are logged there); do not crash on the event.
    this.redis.on('error', () => undefined);
  }

  async hit(key: string, limit: number, windowSec: number): Promise<ThrottleResult> {
    const w = Math.max(1, Math.floor(windowSec));
    try {
      const answer = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + storedKey(key), w)) as [
        number,
        number,
      ];
      const [count, ttl] = answer;
      return { allowed: count <= limit, retryAfterSec: Math.max(1, ttl), count };
    } catch (err) {
      this.onError(err);
      return this.fallback.hit(key, limit, windowSec);
    }
  }

  async undo(key: string): Promise<void> {
    try {
      await this.redis.eval(UNDO_SCRIPT, 1, this.prefix + storedKey(key));
    } catch (err) {
      this.onError(err);
      await this.fallback.undo(key);
    }
  }

  async reset(key: string): Promise<void> {
    try {
      await this.redis.del(this.prefix + storedKey(key));
    } catch (err) {
      this.onError(err);
      await this.fallback.reset(key);
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
    await this.fallback.close();
  }
}

/** Redis when REDIS_URL is set (several API processes share the limits), else the database. */
export function createThrottle(
  config: Pick<Config, 'REDIS_URL'>,
  db: Db,
  opts: { prefix?: string; onError?: (err: unknown) => void } = {},
): Throttle {
  const inDb = new DbThrottle(db);
  return config.REDIS_URL ? new RedisThrottle(config.REDIS_URL, inDb, opts.prefix, opts.onError) : inDb;
}

/** A 429 that carries its Retry-After (see `installRetryAfter`). */
export class ThrottledError extends HttpError {
  constructor(
    readonly retryAfterSec: number,
    message: string = MESSAGES.tooManyAttempts,
  ) {
    super(429, message);
  }
}

/** Adds the Retry-After header to ThrottledError answers of the routes in `app`'s scope. */
export function installRetryAfter(app: FastifyInstance): void {
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof ThrottledError) reply.header('retry-after', String(error.retryAfterSec));
  });
}

/** Throws ThrottledError when the hit is over its limit. */
export async function enforce(
  throttle: Throttle,
  key: string,
  limit: number,
  windowSec: number,
): Promise<void> {
  const result = await throttle.hit(key, limit, windowSec);
  if (!result.allowed) throw new ThrottledError(result.retryAfterSec);
}
