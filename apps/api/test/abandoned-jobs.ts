import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../src/platform/db/index.js';
import type { Jobs } from '../src/platform/jobs.js';

/**
 * A job as a process left it when it died mid-run: fetched (active since `startedSecondsAgo`) and
 * owned by a process whose last heartbeat was `beatSecondsAgo` (0 = a live process). Enqueued and
 * made active in one transaction, so no worker can fetch it first.
 */
export async function runningJob(
  db: Db,
  jobs: Jobs,
  queue: string,
  data: object,
  opts: { beatSecondsAgo: number; startedSecondsAgo?: number; owned?: boolean },
): Promise<{ jobId: string; processId: string }> {
  const processId = randomUUID();
  const jobId = await db.transaction().execute(async (tx) => {
    const id = await jobs.enqueue(tx, queue, data);
    await sql`UPDATE pgboss.job SET state = 'active', started_on = now() - make_interval(secs => ${opts.startedSecondsAgo ?? opts.beatSecondsAgo}) WHERE name = ${queue} AND id = ${id}`.execute(
      tx,
    );
    if (opts.owned !== false) {
      await sql`INSERT INTO worker_processes (id, started_at, beat_at) VALUES (${processId}, now() - interval '1 hour', now() - make_interval(secs => ${opts.beatSecondsAgo}))`.execute(
        tx,
      );
      await sql`INSERT INTO job_owners (job_id, queue, retry_count, process_id) VALUES (${id}, ${queue}, 0, ${processId})`.execute(
        tx,
      );
    }
    return id;
  });
  return { jobId, processId };
}

/** Inside the enqueuing transaction: its new jobs of `queue` as a process that died mid-run left them. */
export async function abandonNew(tx: Db, queue: string): Promise<void> {
  const processId = randomUUID();
  await sql`INSERT INTO worker_processes (id, started_at, beat_at) VALUES (${processId}, now() - interval '1 hour', now() - interval '1 minute')`.execute(
    tx,
  );
  const { rows } = await sql<{
    id: string;
  }>`UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 minute' WHERE name = ${queue} AND state = 'created' RETURNING id`.execute(
    tx,
  );
  for (const { id } of rows)
    await sql`INSERT INTO job_owners (job_id, queue, retry_count, process_id) VALUES (${id}, ${queue}, 0, ${processId})`.execute(
      tx,
    );
}

export async function jobState(db: Db, queue: string, jobId: string): Promise<string | undefined> {
  const { rows } = await sql<{
    state: string;
  }>`SELECT state::text AS state FROM pgboss.job WHERE name = ${queue} AND id = ${jobId}`.execute(db);
  return rows[0]?.state;
}

/**
 * Until the returned function is called, every job `jobs` enqueues on `queue` is left, in the
 * enqueuing transaction, as a process that died right after fetching it would leave it (see
 * `abandonNew`): the real route starts the run, and no worker ever runs it.
 */
export function abandonEnqueued(jobs: Jobs, queue: string): () => void {
  const enqueue = jobs.enqueue;
  jobs.enqueue = async (tx, name, data) => {
    const id = await enqueue(tx, name, data);
    if (name === queue) await abandonNew(tx, queue);
    return id;
  };
  return () => {
    jobs.enqueue = enqueue;
  };
}
