import PgBoss from 'pg-boss';

// Background jobs (platform/jobs.ts): pg-boss's own schema `pgboss`, as its version 10 builds it.
// Its script brings BEGIN/COMMIT of its own; the migrator runs every migration in one transaction,
// so they are taken off. Later pg-boss versions migrate their schema themselves (`migrate` checks).
export const up = PgBoss.getConstructionPlans('pgboss')
  .trim()
  .replace(/^BEGIN;/, '')
  .replace(/COMMIT;$/, '');
