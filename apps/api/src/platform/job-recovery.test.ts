import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { abandonNew, jobState, runningJob } from '../../test/abandoned-jobs.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { DatabaseHandle } from './db/index.js';
import { createJobs, type Jobs } from './jobs.js';

let database: DatabaseHandle;
let jobs: Jobs;
const runs: Array<{ n: number; retryCount: number }> = [];
const abandoned: number[] = [];
const quiet = { error: () => undefined };

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

beforeAll(async () => {
  database = await createTestDatabase();
  // The queue exists (as an earlier process created it) before the process under test starts.
  const earlier = createJobs(database, quiet);
  earlier.define('test.work', async () => undefined);
  await earlier.start();
  await earlier.stop();
  // Beats every 5 s: a process silent for 15 s is gone. The tests also beat by hand (`jobs.heartbeat()`).
  jobs = createJobs(database, quiet, { heartbeatSeconds: 5 });
  jobs.define<{ n: number }>(
    'test.work',
    async (data, job) => {
      runs.push({ n: data.n, retryCount: job.retryCount });
    },
    {
      retryLimit: 2,
      retryDelay: 3600,
      onAbandoned: async (_tx, data) => {
        abandoned.push(data.n);
      },
    },
  );
});
afterAll(async () => {
  await jobs.stop();
  await database.close();
});

describe('job recovery (heartbeats and job owners)', () => {
  it('on start-up, recovers a run whose process stopped beating: retried at once (not after the retry delay), onAbandoned once', async () => {
    const { jobId } = await runningJob(database.db, jobs, 'test.work', { n: 1 }, { beatSecondsAgo: 60 });
    await jobs.start();
    await until(() => runs.some((r) => r.n === 1));
    expect(runs.filter((r) => r.n === 1)).toEqual([{ n: 1, retryCount: 1 }]);
    expect(abandoned).toEqual([1]);
    await until(async () => (await jobState(database.db, 'test.work', jobId)) === 'completed');
  });

  it('on a heartbeat, recovers a run of a silent process, and one no process claimed long after its fetch', async () => {
    const silent = await runningJob(database.db, jobs, 'test.work', { n: 2 }, { beatSecondsAgo: 20 });
    const unclaimed = await runningJob(
      database.db,
      jobs,
      'test.work',
      { n: 3 },
      { beatSecondsAgo: 0, startedSecondsAgo: 60, owned: false },
    );
    await jobs.heartbeat();
    await until(() => runs.some((r) => r.n === 2) && runs.some((r) => r.n === 3));
    expect([...abandoned].sort()).toEqual([1, 2, 3]);
    for (const { jobId } of [silent, unclaimed])
      await until(async () => (await jobState(database.db, 'test.work', jobId)) === 'completed');
  });

  it('never takes the run of a live process (recent heartbeat), nor one fetched a moment ago', async () => {
    const live = await runningJob(
      database.db,
      jobs,
      'test.work',
      { n: 4 },
      { beatSecondsAgo: 1, startedSecondsAgo: 3600 },
    );
    const fetching = await runningJob(
      database.db,
      jobs,
      'test.work',
      { n: 5 },
      { beatSecondsAgo: 0, owned: false },
    );
    await jobs.heartbeat();
    await jobs.heartbeat();
    expect(await jobState(database.db, 'test.work', live.jobId)).toBe('active');
    expect(await jobState(database.db, 'test.work', fetching.jobId)).toBe('active');
    expect(runs.some((r) => r.n === 4 || r.n === 5)).toBe(false);
    expect([...abandoned].sort()).toEqual([1, 2, 3]);
  });

  it('fails a run that had no retries left instead of running it again', async () => {
    const { jobId } = await runningJob(database.db, jobs, 'test.work', { n: 6 }, { beatSecondsAgo: 60 });
    await database.executeSql(
      `UPDATE pgboss.job SET retry_count = retry_limit WHERE name = 'test.work' AND id = $1`,
      [jobId],
    );
    await database.executeSql(
      `UPDATE job_owners SET retry_count = (SELECT retry_limit FROM pgboss.job WHERE name = 'test.work' AND id = $1) WHERE job_id = $1`,
      [jobId],
    );
    await jobs.heartbeat();
    expect(await jobState(database.db, 'test.work', jobId)).toBe('failed');
    expect(abandoned).toContain(6);
    expect(runs.some((r) => r.n === 6)).toBe(false);
  });
});

describe('an e-mail abandoned mid-send', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('is sent by the retry as soon as a heartbeat finds its process gone', async () => {
    await t.deps.db.transaction().execute(async (tx) => {
      await t.deps.mail.enqueue(tx, { to: 'late@example.com', subject: 'Hello', text: 'Body' });
      await abandonNew(tx, 'mail.send');
    });
    // Without recovery the job would stay active until its expiry (5 min) and drainJobs would time out.
    await t.deps.jobs.heartbeat();
    await t.drainJobs();
    expect(t.mail.lastTo('late@example.com')).toMatchObject({ subject: 'Hello', text: 'Body' });
  });
});
