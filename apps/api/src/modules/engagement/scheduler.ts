import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';
import { closeDue, openDue } from './instances.repo.js';
import { announce } from './instances.service.js';

/** How often each API process looks for instances due to open or close (the promise: within 5 s). */
export const SCHEDULER_INTERVAL_MS = 1000;

/**
 * SCHEDULED instances open at `opens_at`, OPEN ones with `closes_at` close at it, with no operator
 * action. Every API process ticks (the pattern of the job heartbeats, platform/job-recovery.ts: a
 * timer per process, started when the app is ready and stopped before it closes). Each tick is two
 * UPDATE … RETURNING statements: a row changes in exactly one process's statement, and only that
 * process announces it (`engagement.instance` on the session's room, after the statement committed).
 */
export function createScheduler(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  intervalMs = SCHEDULER_INTERVAL_MS,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      for (const t of await openDue(deps.db)) announce(deps, t);
      for (const t of await closeDue(deps.db)) announce(deps, t);
    } catch (err) {
      log.error({ err }, 'engagement scheduler tick failed');
    }
  };

  return {
    /** One tick now (tests; the timer does the same), after any tick under way. */
    tick: () => (running = running.then(tick)),
    start(): void {
      if (timer) return;
      timer = setInterval(() => void (running = running.then(tick)), intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/** Starts the scheduler once the app is ready; stops it (waiting for a tick under way) before it closes. */
export function startScheduler(app: ZodApp, deps: Pick<AppDeps, 'db' | 'realtime'>): void {
  const scheduler = createScheduler(deps, app.log);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
}
