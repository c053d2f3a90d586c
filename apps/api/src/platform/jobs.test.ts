import { createHook } from 'node:async_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import type { DatabaseHandle } from './db/index.js';
import type { Foreground } from './foreground.js';
import { createJobs, type Jobs } from './jobs.js';

let database: DatabaseHandle;
const quiet = { error: () => undefined };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * Timers created from here on that are still pending. The database pool's own idle-client timers
 * (pg-pool, on PostgreSQL) are left out: how many idle clients the pool keeps is the pool's
 * business, and counting every `Timeout` made the test depend on it.
 */
function trackTimers(): { pending(): string[]; dispose(): void } {
  const live = new Map<number, string>();
  const hook = createHook({
    init(id, type) {
      if (type !== 'Timeout') return;
      const creator = (new Error().stack ?? '')
        .split('\n')
        .slice(2)
        .find((line) => !line.includes('node:'));
      if (creator !== undefined && !/[\\/]pg-pool[\\/]/.test(creator)) live.set(id, creator.trim());
    },
    destroy(id) {
      live.delete(id);
    },
  }).enable();
  return { pending: () => [...live.values()], dispose: () => void hook.disable() };
}

describe('platform/jobs (pg-boss in the application database)', () => {
  it('runs a job enqueued in a committed transaction, never one whose transaction rolled back, and stops without leaving timers', async () => {
    const timers = trackTimers();
    const jobs: Jobs = createJobs(database, quiet);
    const seen: string[] = [];
    jobs.define<{ name: string }>('test.echo', async (data) => {
      seen.push(data.name);
    });
    await jobs.start();

    await database.db.transaction().execute(async (tx) => {
      await jobs.enqueue(tx, 'test.echo', { name: 'committed' });
    });
    await expect(
      database.db.transaction().execute(async (tx) => {
        await jobs.enqueue(tx, 'test.echo', { name: 'rolled back' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    jobs.wake('test.echo');
    await until(() => seen.length > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual(['committed']);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.echo'`.execute(database.db);
    expect(rows[0]!.n).toBe(1);

    await jobs.stop();
    await new Promise((r) => setImmediate(r));
    expect(timers.pending()).toEqual([]);
    timers.dispose();
  });

  it('works through a backlog without waiting a polling interval after each job', async () => {
    const jobs: Jobs = createJobs(database, quiet);
    const seen: number[] = [];
    // A 30 s interval: were it waited after every job found, five jobs would take two minutes.
    jobs.define<{ n: number }>(
      'test.backlog',
      async (data) => {
        seen.push(data.n);
      },
      { pollingIntervalSeconds: 30 },
    );
    await jobs.start();
    await database.db.transaction().execute((tx) =>
      jobs.enqueueMany(
        tx,
        'test.backlog',
        [1, 2, 3, 4, 5].map((n) => ({ n })),
      ),
    );
    jobs.wake('test.backlog');
    await until(() => seen.length === 5);
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5]);
    await jobs.stop();
  });

  it('runs a batch only when the foreground gives it its turn', async () => {
    let giveTurn = () => {};
    let asked = 0;
    const foreground: Foreground = {
      begin: () => () => {},
      inFlight: 1,
      oldestWaitMs: () => 0,
      turn: () => {
        asked++;
        return new Promise<void>((resolve) => (giveTurn = resolve));
      },
    };
    const jobs: Jobs = createJobs(database, quiet, { foreground });
    const seen: string[] = [];
    jobs.define<{ name: string }>('test.behind', async (data) => {
      seen.push(data.name);
    });
    await jobs.start();
    await database.db.transaction().execute((tx) => jobs.enqueue(tx, 'test.behind', { name: 'later' }));
    jobs.wake('test.behind');
    await until(() => asked > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([]);
    giveTurn();
    await until(() => seen.length > 0);
    expect(seen).toEqual(['later']);
    await jobs.stop();
  });

  it('retries a job whose handler failed', async () => {
    const jobs = createJobs(database, quiet);
    let runs = 0;
    jobs.define(
      'test.flaky',
      async (_data, job) => {
        runs++;
        if (job.retryCount === 0) throw new Error('first run fails');
      },
      { retryLimit: 1, pollingIntervalSeconds: 0.5 },
    );
    await jobs.start();
    await database.db.transaction().execute((tx) => jobs.enqueue(tx, 'test.flaky', {}));
    jobs.wake('test.flaky');
    await until(() => runs >= 2);
    const { rows } = await sql<{
      state: string;
    }>`SELECT state::text FROM pgboss.job WHERE name = 'test.flaky'`.execute(database.db);
    await until(() => true);
    expect(runs).toBe(2);
    expect(['active', 'completed']).toContain(rows[0]!.state);
    await jobs.stop();
  });

  it('runs a batch job by job: one failure is retried on its own, the others complete once, every run owned', async () => {
    const jobs = createJobs(database, quiet);
    const runs: string[] = [];
    jobs.define<{ name: string }>(
      'test.batch',
      async (data, job) => {
        runs.push(`${data.name}#${job.retryCount}`);
        if (data.name === 'b' && job.retryCount === 0) throw new Error('b fails once');
      },
      { retryLimit: 1, batchSize: 3, pollingIntervalSeconds: 0.5 },
    );
    await jobs.start();
    // Committed together, so the fetch that finds them takes all three.
    await database.db
      .transaction()
      .execute((tx) => jobs.enqueueMany(tx, 'test.batch', [{ name: 'a' }, { name: 'b' }, { name: 'c' }]));
    jobs.wake('test.batch');
    await until(() => runs.includes('b#1'));
    const states = async () =>
      (
        await sql<{
          name: string;
          state: string;
          retryCount: number;
        }>`SELECT data->>'name' AS name, state::text, retry_count FROM pgboss.job WHERE name = 'test.batch' ORDER BY 1`.execute(
          database.db,
        )
      ).rows;
    await until(() => runs.length >= 4);
    await expect
      .poll(async () => (await states()).map((r) => r.state), { timeout: 5_000 })
      .toEqual(['completed', 'completed', 'completed']);
    expect([...runs].sort()).toEqual(['a#0', 'b#0', 'b#1', 'c#0']);
    expect((await states()).map((r) => [r.name, r.retryCount])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 0],
    ]);
    const owners = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM job_owners o JOIN pgboss.job j ON j.id = o.job_id WHERE j.name = 'test.batch'`.execute(
      database.db,
    );
    expect(owners.rows[0]!.n).toBe(3);
    await jobs.stop();
  });

  it("enqueueMany adds every job in the transaction (none on rollback) with the queue's retry options", async () => {
    const jobs = createJobs(database, quiet);
    jobs.define('test.many', async () => undefined, {
      retryLimit: 4,
      retryDelay: 7,
      retryBackoff: true,
      pollingIntervalSeconds: 30,
    });
    await jobs.start();
    await expect(
      database.db.transaction().execute(async (tx) => {
        await jobs.enqueueMany(tx, 'test.many', [{ n: 1 }, { n: 2 }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await database.db.transaction().execute((tx) =>
      jobs.enqueueMany(
        tx,
        'test.many',
        Array.from({ length: 1005 }, (_, n) => ({ n })),
      ),
    );
    const { rows } = await sql<{ n: number; limits: string }>`
      SELECT count(*)::int AS n, string_agg(DISTINCT retry_limit || '/' || retry_delay || '/' || retry_backoff, ',') AS limits
      FROM pgboss.job WHERE name = 'test.many'`.execute(database.db);
    expect(rows[0]).toEqual({ n: 1005, limits: '4/7/true' });
    await jobs.stop();
  });

  it("enqueueAcross adds jobs of several queues in one go, each with its own queue's retry options", async () => {
    const jobs = createJobs(database, quiet);
    jobs.define('test.across-a', async () => undefined, { retryLimit: 3, pollingIntervalSeconds: 30 });
    jobs.define('test.across-b', async () => undefined, { retryLimit: 5, pollingIntervalSeconds: 30 });
    await jobs.start();
    await database.db.transaction().execute((tx) =>
      jobs.enqueueAcross(tx, [
        { queue: 'test.across-a', data: { n: 1 } },
        { queue: 'test.across-b', data: { n: 2 } },
        { queue: 'test.across-b', data: { n: 3 } },
      ]),
    );
    const { rows } = await sql<{ name: string; n: number; retryLimit: number }>`
      SELECT name, count(*)::int AS n, min(retry_limit) AS retry_limit FROM pgboss.job
      WHERE name LIKE 'test.across-%' GROUP BY name ORDER BY name`.execute(database.db);
    expect(rows).toEqual([
      { name: 'test.across-a', n: 1, retryLimit: 3 },
      { name: 'test.across-b', n: 2, retryLimit: 5 },
    ]);
    await jobs.stop();
  });

  it('schedules a queue on a cron (UTC) when it starts', async () => {
    const jobs = createJobs(database, quiet);
    jobs.define('test.cron', async () => undefined);
    jobs.schedule('test.cron', '17 * * * *');
    await jobs.start();
    const { rows } = await sql<{
      name: string;
      cron: string;
      timezone: string;
    }>`SELECT name, cron, timezone FROM pgboss.schedule WHERE name = 'test.cron'`.execute(database.db);
    expect(rows).toEqual([{ name: 'test.cron', cron: '17 * * * *', timezone: 'UTC' }]);
    expect(() => jobs.schedule('test.cron', '* * * * *')).toThrow(/before start/);
    expect(() => createJobs(database, quiet).schedule('nope', '* * * * *')).toThrow(/unknown queue/);
    await jobs.stop();
  });

  it('refuses an unknown queue and a define after start', async () => {
    const jobs = createJobs(database, quiet);
    await jobs.start();
    await expect(database.db.transaction().execute((tx) => jobs.enqueue(tx, 'nope', {}))).rejects.toThrow(
      /unknown queue/,
    );
    expect(() => jobs.define('late', async () => undefined)).toThrow(/before start/);
    await jobs.stop();
  });
  it('stop() waits for a fetch already sent: its job runs and completes before stop resolves', async () => {
    // The fetch is held back until stop() has begun, so it is in flight while pg-boss sees no work.
    let stopping = false;
    let stopped = false;
    const lateQueries: string[] = [];
    const held: DatabaseHandle = {
      ...database,
      async executeSql(text, values) {
        if (stopped) lateQueries.push(text.trim().slice(0, 60));
        if (/SKIP LOCKED/.test(text) && values?.[0] === 'test.late-fetch') await until(() => stopping);
        return database.executeSql(text, values);
      },
    };
    const jobs = createJobs(held, quiet);
    const seen: string[] = [];
    jobs.define<{ name: string }>('test.late-fetch', async (data) => {
      seen.push(data.name);
    });
    await jobs.start();
    await database.db.transaction().execute((tx) => jobs.enqueue(tx, 'test.late-fetch', { name: 'late' }));
    jobs.wake('test.late-fetch');
    await new Promise((r) => setTimeout(r, 100));
    stopping = true;
    await jobs.stop();
    stopped = true;
    await new Promise((r) => setTimeout(r, 300));

    expect(seen).toEqual(['late']);
    expect(lateQueries).toEqual([]);
    const { rows } = await sql<{
      state: string;
    }>`SELECT state FROM pgboss.job WHERE name = 'test.late-fetch'`.execute(database.db);
    expect(rows).toEqual([{ state: 'completed' }]);
  });
});
