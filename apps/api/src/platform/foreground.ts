import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Requests before background work. A worker about to run a batch of jobs first asks `turn()`: with
 * no request in flight it goes at once; while requests are in flight it goes once the event loop
 * has had spare time over a short window, or at the latest after `maxWaitMs`. On a saturated
 * process a backlog (a thousand confirmation e-mails, a campaign) thus runs in the gaps between
 * requests instead of beside them, and still moves at least a batch per queue every `maxWaitMs`.
 */
export interface Foreground {
  /** A request started; the answer ends it (exactly once). */
  begin(): () => void;
  /** Resolves when background work may run now. */
  turn(): Promise<void>;
  /** Requests in flight in this process. */
  readonly inFlight: number;
  /** How long the oldest request still in flight has been waiting (ms; 0 with none). */
  oldestWaitMs(): number;
}

export interface ForegroundOptions {
  /** The event loop's busy share (0–1) at or above which background work waits (default 0.75). */
  busyShare?: number;
  /** The window the busy share is measured over (default 50 ms). */
  windowMs?: number;
  /** The longest a batch waits (default 1 s). */
  maxWaitMs?: number;
}

export function createForeground(options: ForegroundOptions = {}): Foreground {
  const busyShare = options.busyShare ?? 0.75;
  const windowMs = options.windowMs ?? 50;
  const maxWaitMs = options.maxWaitMs ?? 1000;
  // Arrival times by request, in arrival order (a Map keeps insertion order): the first is the oldest.
  const arrivals = new Map<object, number>();
  return {
    begin() {
      const request = {};
      arrivals.set(request, performance.now());
      return () => void arrivals.delete(request);
    },
    async turn() {
      const until = performance.now() + maxWaitMs;
      while (arrivals.size > 0 && performance.now() < until) {
        const before = performance.eventLoopUtilization();
        await new Promise((resolve) => setTimeout(resolve, windowMs));
        if (performance.eventLoopUtilization(before).utilization < busyShare) return;
      }
    },
    get inFlight() {
      return arrivals.size;
    },
    oldestWaitMs() {
      const oldest = arrivals.values().next();
      return oldest.done ? 0 : performance.now() - oldest.value;
    },
  };
}

/** Counts the app's requests, from their arrival to their answer (or the client's abort). */
export function installForeground(app: FastifyInstance, options?: ForegroundOptions): Foreground {
  const foreground = createForeground(options);
  const ends = new WeakMap<FastifyRequest, () => void>();
  const end = async (request: FastifyRequest) => ends.get(request)?.();
  app.addHook('onRequest', async (request) => {
    ends.set(request, foreground.begin());
  });
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', end);
  return foreground;
}
