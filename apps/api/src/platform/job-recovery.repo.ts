import type { DatabaseHandle } from './db/index.js';

/** The SQL of job recovery (platform/job-recovery.ts), over pg-boss's tables and migration 0013's. */
type Sql = Pick<DatabaseHandle, 'executeSql'>;

export interface AbandonedJob {
  id: string;
  name: string;
  data: unknown;
  retryCount: number;
}

export async function beat(db: Sql, processId: string): Promise<void> {
  await db.executeSql(
    'INSERT INTO worker_processes (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET beat_at = now()',
    [processId],
  );
}

export async function retire(db: Sql, processId: string): Promise<void> {
  await db.executeSql('DELETE FROM worker_processes WHERE id = $1', [processId]);
}

/** Records that this process runs these runs (the retry count tells runs of one job apart). */
export async function own(
  db: Sql,
  processId: string,
  queue: string,
  jobs: ReadonlyArray<{ id: string; retryCount: number }>,
): Promise<void> {
  if (jobs.length === 0) return;
  await db.executeSql(
    `INSERT INTO job_owners (job_id, queue, retry_count, process_id)
     SELECT x.id, $2, x.retry_count, $3 FROM unnest($1::uuid[], $4::int[]) AS x(id, retry_count)
     ON CONFLICT (job_id) DO UPDATE SET retry_count = EXCLUDED.retry_count, process_id = EXCLUDED.process_id, started_at = now()`,
    [jobs.map((j) => j.id), queue, processId, jobs.map((j) => j.retryCount)],
  );
}

/**
 * Active jobs of `queues` whose run is owned by another process that has not beaten for
 * `ownerStaleSeconds` (or whose row is gone), or that no process claimed within
 * `unownedStaleSeconds` of being fetched (the process died between fetch and claim).
 * This process's own runs are never listed.
 */
export async function abandoned(
  db: Sql,
  processId: string,
  queues: readonly string[],
  ownerStaleSeconds: number,
  unownedStaleSeconds: number,
): Promise<AbandonedJob[]> {
  const { rows } = await db.executeSql(
    `SELECT j.id, j.name, j.data, j.retry_count
       FROM pgboss.job j
       LEFT JOIN job_owners o ON o.job_id = j.id AND o.retry_count = j.retry_count
       LEFT JOIN worker_processes p ON p.id = o.process_id
      WHERE j.state = 'active' AND j.name = ANY($1::text[])
        AND ((o.job_id IS NULL AND j.started_on <= now() - make_interval(secs => $3))
          OR (o.process_id <> $2::uuid AND (p.id IS NULL OR p.beat_at <= now() - make_interval(secs => $4))))
      ORDER BY j.started_on
      LIMIT 100`,
    [queues, processId, unownedStaleSeconds, ownerStaleSeconds],
  );
  return rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    data: r.data,
    retryCount: Number(r.retry_count),
  }));
}

/** Locks the job's row if it is still that run, active: only one process recovers it. */
export async function lockRun(db: Sql, job: AbandonedJob): Promise<boolean> {
  const { rows } = await db.executeSql(
    `SELECT id FROM pgboss.job WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3 FOR UPDATE`,
    [job.name, job.id, job.retryCount],
  );
  return rows.length > 0;
}

/** A crash is no failure of the job's own: its retry starts now, not after the queue's retry delay. */
export async function retryNow(db: Sql, job: AbandonedJob): Promise<void> {
  await db.executeSql(
    `UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND id = $2 AND state = 'retry'`,
    [job.name, job.id],
  );
  await db.executeSql('DELETE FROM job_owners WHERE job_id = $1', [job.id]);
}

/** Rows no longer needed: owners of runs that ended, processes silent for a day. */
export async function sweepOwners(db: Sql): Promise<void> {
  await db.executeSql(
    `DELETE FROM job_owners o WHERE NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = o.queue AND j.id = o.job_id AND j.state = 'active')`,
  );
  await db.executeSql(`DELETE FROM worker_processes WHERE beat_at < now() - interval '1 day'`);
}
