import PgBoss from 'pg-boss';
import type { Db, DatabaseHandle } from './db/index.js';
import type { Foreground } from './foreground.js';
import { createRecovery, transactionAdapter, type AbandonedHook } from './job-recovery.js';

/**
 * Background jobs: pg-boss 10 in the application's own database (schema `pgboss`, created by
 * migration 0005), on PostgreSQL and on PGlite alike through `DatabaseHandle.executeSql`.
 *
 *   jobs.define('imports.verify', async (data) => { … });        // at route registration
 *   await db.transaction().execute(async (tx) => {               // the write and its job commit together
 *     await importsRepo.save(tx, row);                           // its repo's write
 *     await jobs.enqueue(tx, 'imports.verify', { importId });
 *   });
 *   jobs.wake('imports.verify');                                  // run now, not at the next poll
 *
 * Workers run in every API process (`start` on app ready, `stop` on close: running jobs get
 * `STOP_TIMEOUT_MS` to finish, then count as failed and are retried). A job whose process died
 * (kill -9, power loss) is failed and retried at once by the next process that starts or beats
 * (platform/job-recovery.ts: heartbeats and job owners), its queue's `onAbandoned` running in the
 * same transaction; `expireInSeconds` stays the limit of a run that hangs in a live process.
 * Handlers must be safe to run again (the import jobs start over from the stored file).
 *
 * Recurring work: `jobs.schedule('x.purge', '17 * * * *')` after `define`; pg-boss's timekeeper
 * (one process wins each minute, through the database) sends the job at those times (UTC).
 */
export interface JobInfo {
  id: string;
  /** 0 on the first run, then 1, 2… on retries. */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface QueueOptions {
  /** Retries after a failure or expiry (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 0). */
  retryDelay?: number;
  /** Doubles the delay on each retry, with jitter: retryDelay × 2^n … × 2^(n+1) / 2 (default false). */
  retryBackoff?: boolean;
  /** A run longer than this is failed (and retried): the longest a job may take (default 900). */
  expireInSeconds?: number;
  /** How often idle workers look for jobs (default 2 s; `wake` skips the wait). */
  pollingIntervalSeconds?: number;
  /**
   * Jobs taken at once when there is a backlog (default 1): one fetch, one ownership row and one
   * completion per batch instead of per job. Each job still runs, fails and retries on its own.
   */
  batchSize?: number;
}

export interface DefineOptions<T> extends QueueOptions {
  /**
   * Runs when a run of this queue was abandoned by a process that died, in the transaction that
   * fails the job back to pg-boss (the job is retried at once while retries are left). May return
   * work to do after that commit.
   */
  onAbandoned?: (tx: Db, data: T, job: JobInfo) => Promise<(() => Promise<void>) | void>;
}

export interface JobsOptions {
  /** How often this process beats (default 5 s); a process silent for 3 beats is gone. */
  heartbeatSeconds?: number;
  /** This process's requests: a batch waits for its turn behind them (platform/foreground.ts). */
  foreground?: Foreground;
}

export interface Jobs {
  /** Registers the handler of a queue; call before `start`. */
  define<T extends object>(queue: string, handler: JobHandler<T>, opts?: DefineOptions<T>): void;
  /** Adds a job inside the caller's transaction: it exists once `tx` commits, and never if it rolls back. */
  enqueue<T extends object>(tx: Db, queue: string, data: T): Promise<string>;
  /** Like `enqueue` for many jobs of one queue, in as few statements as possible. */
  enqueueMany<T extends object>(tx: Db, queue: string, data: T[]): Promise<void>;
  /** Like `enqueueMany` for jobs of several queues: one statement for them all (up to a thousand). */
  enqueueAcross(tx: Db, jobs: ReadonlyArray<{ queue: string; data: object }>): Promise<void>;
  /** Runs a defined queue's job on a cron (UTC, minute precision); call between `define` and `start`. */
  schedule(queue: string, cron: string): void;
  /** Makes this process's worker of `queue` fetch now (call after the enqueuing transaction commits). */
  wake(queue: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** This process's id in `worker_processes`. */
  readonly processId: string;
  /** Beats and recovers abandoned jobs now instead of at the next heartbeat (tests). */
  heartbeat(): Promise<void>;
}

export const STOP_TIMEOUT_MS = 10_000;

interface Queue {
  handler: JobHandler<object>;
  opts: QueueOptions;
  onAbandoned?: AbandonedHook;
  workerId?: string;
  cron?: string;
  /** A wake waiting to gather the jobs enqueued right after it into the same fetch. */
  wakeTimer?: NodeJS.Timeout;
}

/** One multi-row INSERT of pg-boss per this many jobs (its JSON parameter stays a few MB at most). */
const INSERT_CHUNK = 1000;

/** How long a wake waits for more jobs to fetch together with (see `wake`). */
const WAKE_GATHER_MS = 20;

const sendOptions = (opts: QueueOptions) => ({
  retryLimit: opts.retryLimit ?? 2,
  retryDelay: opts.retryDelay ?? 0,
  retryBackoff: opts.retryBackoff ?? false,
  expireInSeconds: opts.expireInSeconds ?? 900,
});

/**
 * Creates the queues that do not exist yet. pg-boss's `create_queue` inserts the queue row and
 * attaches a partition to `pgboss.job`: processes starting at the same moment on a fresh database
 * deadlocked there (40P01) and the loser exited. Creation therefore runs under the database-wide
 * start-up lock (the one migrations take), and only when a queue is missing: a restart with every
 * queue in place takes no lock. One deadlock remains possible, with pg-boss's own queue: retried.
 */
async function createMissingQueues(
  database: DatabaseHandle,
  boss: PgBoss,
  names: readonly string[],
): Promise<void> {
  const missing = async () =>
    (await Promise.all(names.map(async (name) => ((await boss.getQueue(name)) ? [] : [name])))).flat();
  if ((await missing()).length === 0) return;
  await database.withLock(async () => {
    for (const name of await missing()) await createQueueDespiteDeadlocks(boss, name);
  });
}

/**
 * pg-boss's timekeeper creates its own queue (`__pgboss__send-it`) inside `boss.start()`, outside
 * our lock: on a fresh database another process doing so can deadlock with the queue created here.
 * PostgreSQL then aborts one of the two; ours tries again (the timekeeper ignores its own failure).
 */
async function createQueueDespiteDeadlocks(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name);
      return;
    } catch (error) {
      const deadlock = (error as { code?: unknown }).code === '40P01';
      if (!deadlock || attempt >= 5) throw error;
      if (await boss.getQueue(name)) return;
    }
  }
}

/** Counts unsettled promises; `drained` resolves when none is left or the time is up. */
function createInFlight() {
  let pending = 0;
  return {
    track<T>(work: Promise<T>): Promise<T> {
      pending++;
      return work.finally(() => pending--);
    },
    async drained(timeoutMs: number): Promise<void> {
      const until = Date.now() + timeoutMs;
      // A macrotask per check: a handler's end and the completion pg-boss chains onto it are
      // microtasks apart, so the completion is counted before the next check.
      while (pending > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

export function createJobs(
  database: DatabaseHandle,
  log: { error(obj: unknown, msg?: string): void },
  options: JobsOptions = {},
): Jobs {
  const queues = new Map<string, Queue>();
  // pg-boss completes a job without awaiting it, and a fetch sent before stop() still delivers its
  // jobs: stop() waits for both, so nothing reaches the pool after its owner has closed it.
  const inFlight = createInFlight();
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) => inFlight.track(database.executeSql(text, values)),
    },
    schema: 'pgboss',
    // The schema is a migration of ours (0005); pg-boss only checks its version.
    migrate: false,
    supervise: true,
    schedule: true,
  });
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  let started = false;
  const queueOf = (name: string) => {
    const q = queues.get(name);
    if (!q) throw new Error(`jobs: unknown queue '${name}'`);
    return q;
  };
  const heartbeatSeconds = options.heartbeatSeconds ?? 5;
  const recovery = createRecovery(
    database,
    boss,
    {
      names: () => [...queues.keys()],
      onAbandoned: (name) => queues.get(name)?.onAbandoned,
      wake: (name) => {
        const workerId = queues.get(name)?.workerId;
        if (workerId && started) boss.notifyWorker(workerId);
      },
    },
    log,
    {
      heartbeatSeconds,
      staleAfterSeconds: 3 * heartbeatSeconds,
      exclusiveDatabase: database.kind === 'pglite',
    },
  );

  async function enqueueAcross(tx: Db, items: ReadonlyArray<{ queue: string; data: object }>) {
    const db = transactionAdapter(tx);
    for (let at = 0; at < items.length; at += INSERT_CHUNK) {
      const chunk = items.slice(at, at + INSERT_CHUNK);
      await boss.insert(
        chunk.map(({ queue, data }) => ({ name: queue, data, ...sendOptions(queueOf(queue).opts) })),
        { db },
      );
    }
  }

  return {
    processId: recovery.processId,
    heartbeat: () => recovery.tick(),
    define(queue, handler, opts = {}) {
      if (started) throw new Error(`jobs: define '${queue}' before start`);
      const { onAbandoned, ...queueOpts } = opts;
      queues.set(queue, {
        handler: handler as JobHandler<object>,
        opts: queueOpts,
        onAbandoned: onAbandoned as AbandonedHook | undefined,
      });
    },
    async enqueue(tx, queue, data) {
      const id = await boss.send(queue, data, {
        ...sendOptions(queueOf(queue).opts),
        db: transactionAdapter(tx),
      });
      if (!id) throw new Error(`jobs: '${queue}' refused the job`);
      return id;
    },
    enqueueMany(tx, queue, data) {
      return enqueueAcross(
        tx,
        data.map((d) => ({ queue, data: d })),
      );
    },
    enqueueAcross,
    schedule(queue, cron) {
      if (started) throw new Error(`jobs: schedule '${queue}' before start`);
      queueOf(queue).cron = cron;
    },
    wake(queue) {
      const q = queues.get(queue);
      if (!q?.workerId || !started || q.wakeTimer) return;
      // Writes arriving a few milliseconds apart (100 enrolments a second) would each wake a fetch
      // of one job; a short gathering wait lets one fetch take them together (batchSize).
      q.wakeTimer = setTimeout(() => {
        q.wakeTimer = undefined;
        if (started && q.workerId) boss.notifyWorker(q.workerId);
      }, WAKE_GATHER_MS).unref();
    },
    async start() {
      if (started) return;
      await boss.start();
      started = true;
      await createMissingQueues(database, boss, [...queues.keys()]);
      // What dead processes left is recovered before this one fetches anything.
      await recovery.start();
      for (const [name, q] of queues) {
        q.workerId = await boss.work<object>(
          name,
          {
            pollingIntervalSeconds: q.opts.pollingIntervalSeconds ?? 2,
            batchSize: q.opts.batchSize ?? 1,
            includeMetadata: true,
          },
          async (batch) => {
            try {
              await inFlight.track(options.foreground?.turn() ?? Promise.resolve());
              await inFlight.track(recovery.own(name, batch));
              if (batch.length === 1) {
                const job = batch[0]!;
                await inFlight.track(q.handler(job.data, { id: job.id, retryCount: job.retryCount }));
                return;
              }
              // pg-boss fails a whole batch when its callback throws: each job fails on its own
              // instead, and completing the batch afterwards leaves the failed ones alone (it only
              // completes active jobs).
              for (const job of batch) {
                await inFlight.track(
                  q
                    .handler(job.data, { id: job.id, retryCount: job.retryCount })
                    .catch((err: unknown) =>
                      boss.fail(
                        name,
                        job.id,
                        err instanceof Error ? { message: err.message, stack: err.stack } : { err },
                      ),
                    ),
                );
              }
            } finally {
              // pg-boss waits a polling interval after every fetch, even one that found work: a
              // backlog (a thousand e-mails) would go at one job per interval. Found work: fetch again
              // now (jobs a handler enqueues for its own queue, or retries due at once, wake no one).
              if (q.workerId) boss.notifyWorker(q.workerId);
            }
          },
        );
        if (q.cron) await boss.schedule(name, q.cron, {}, { ...sendOptions(q.opts), tz: 'UTC' });
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      for (const q of queues.values()) {
        clearTimeout(q.wakeTimer);
        q.wakeTimer = undefined;
      }
      const stopping = Date.now();
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS, close: false });
      await inFlight.drained(Math.max(0, STOP_TIMEOUT_MS - (Date.now() - stopping)));
      await recovery.stop();
    },
  };
}
