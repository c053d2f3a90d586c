// Recovery of jobs whose process died (platform/job-recovery.ts). Every API process beats in
// `worker_processes` every few seconds; a handler that starts a job records the run in
// `job_owners` (pg-boss's job id and retry count: one row per run). An active job whose owner
// stopped beating, or that has no owner long after it started, is failed back to pg-boss at once
// instead of waiting for its expiry. No foreign keys: pg-boss moves job rows between its tables.
export const up = `
  CREATE TABLE worker_processes (
    id uuid PRIMARY KEY,
    started_at timestamptz NOT NULL DEFAULT now(),
    beat_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE job_owners (
    job_id uuid PRIMARY KEY,
    queue text NOT NULL,
    retry_count integer NOT NULL,
    process_id uuid NOT NULL,
    started_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX job_owners_process_idx ON job_owners (process_id);
`;
