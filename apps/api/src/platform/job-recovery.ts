import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db, DatabaseHandle } from './db/index.js';
import * as repo from './job-recovery.repo.js';

/**
 * Jobs whose process died are recovered at once, not after their expiry (migration 0013).
 *
 * Every API process has an id and beats (`worker_processes.beat_at`, the database's clock) every
 * `heartbeatSeconds`; a handler records its run in `job_owners` before it starts. On start-up and
 * after each beat, an active job is abandoned when its owner has not beaten for
 * `staleAfterSeconds` (or retired), or when no process claimed it `staleAfterSeconds` after the
 * fetch. Such a job is failed through pg-boss (`fail`: retried while retries are left, else
 * failed) with its retry due now, and its queue's `onAbandoned(tx, data)` runs in the same
 * transaction (the imports mark the import re-runnable). A live process's jobs are never taken:
 * it keeps beating while its handlers work. On PGlite the database is one process's file, so at
 * start-up every other process is gone and its active jobs are abandoned at once.
 */
export interface RecoveryOptions {
  heartbeatSeconds: number;
  staleAfterSeconds: number;
  /** The database can be opened by one process only (PGlite): at start-up every other owner is gone. */
  exclusiveDatabase: boolean;
}

export type AbandonedHook = (
  tx: Db,
  data: object,
  job: { id: string; retryCount: number },
) => Promise<(() => Promise<void>) | void>;

export interface RecoveryQueues {
  names(): string[];
  onAbandoned(queue: string): AbandonedHook | undefined;
  wake(queue: string): void;
}

/** Prune ended owners and silent processes every this many beats. */
const PRUNE_EVERY = 12;

/** An executeSql over a Kysely transaction: pg-boss's statements run on the transaction's connection. */
export function transactionAdapter(tx: Db) {
  const raw = tx.withoutPlugins();
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await raw.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as Array<Record<string, unknown>> };
    },
  };
}

export function createRecovery(
  database: DatabaseHandle,
  boss: PgBoss,
  queues: RecoveryQueues,
  log: { error(obj: unknown, msg?: string): void },
  opts: RecoveryOptions,
) {
  const processId = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let beats = 0;

  async function recover(job: repo.AbandonedJob): Promise<void> {
    const hook = queues.onAbandoned(job.name);
    const run = async (withHook: boolean) =>
      database.db.transaction().execute(async (tx) => {
        const adapter = transactionAdapter(tx);
        if (!(await repo.lockRun(adapter, job))) return undefined;
        await boss.fail(
          job.name,
          job.id,
          { message: 'The process running this job stopped; retried at once' },
          { db: adapter },
        );
        await repo.retryNow(adapter, job);
        return withHook && hook
          ? ((await hook(tx, (job.data ?? {}) as object, job)) ?? undefined)
          : undefined;
      });
    let after: (() => Promise<void>) | undefined;
    try {
      after = await run(true);
    } catch (err) {
      // A hook that fails must not keep the job active for ever: the job is recovered without it.
      log.error({ err, jobId: job.id, queue: job.name }, 'job recovery hook failed');
      after = await run(false);
    }
    queues.wake(job.name);
    await after?.().catch((err: unknown) =>
      log.error({ err, jobId: job.id }, 'job recovery follow-up failed'),
    );
  }

  async function sweep(ownerStale: number, unownedStale: number): Promise<number> {
    const jobs = await repo.abandoned(database, processId, queues.names(), ownerStale, unownedStale);
    for (const job of jobs) await recover(job);
    return jobs.length;
  }

  const tick = async () => {
    try {
      await repo.beat(database, processId);
      await sweep(opts.staleAfterSeconds, opts.staleAfterSeconds);
      if (++beats % PRUNE_EVERY === 0) await repo.sweepOwners(database);
    } catch (err) {
      log.error({ err }, 'job heartbeat failed');
    }
  };

  return {
    processId,
    /** Called by the worker before a handler runs. */
    own: (queue: string, jobs: ReadonlyArray<{ id: string; retryCount: number }>) =>
      repo.own(database, processId, queue, jobs),
    /** One heartbeat and sweep now (tests; the timer does the same). */
    tick: () => (running = running.then(tick)),
    /** Beats, recovers what earlier processes left (before this process fetches anything), then beats on. */
    async start(): Promise<void> {
      await repo.beat(database, processId);
      const gone = opts.exclusiveDatabase ? 0 : opts.staleAfterSeconds;
      await sweep(gone, gone);
      timer = setInterval(() => void (running = running.then(tick)), opts.heartbeatSeconds * 1000);
      timer.unref();
    },
    /** After the workers stopped (their runs finished or were failed by pg-boss): no more beats. */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
      await repo.retire(database, processId);
    },
  };
}
