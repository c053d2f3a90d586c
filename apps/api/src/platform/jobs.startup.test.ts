import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from '../../test/api-processes.js';
import { openPostgres, type DatabaseHandle } from './db/index.js';
import { migrate } from './db/migrate.js';
import { createJobs, type Jobs } from './jobs.js';

/**
 * API processes starting at the same moment on a fresh database each create the queues they
 * define. pg-boss's `create_queue` used to deadlock there (40P01) and the loser's start failed.
 * PostgreSQL only: PGlite is a file that one process at a time can open, so it has no such race;
 * CI runs the API tests a second time with DATABASE_URL set.
 */
const serverUrl = process.env.DATABASE_URL;
const PROCESSES = 4;
const QUEUES = [
  'startup.a',
  'startup.b',
  'startup.c',
  'startup.d',
  'startup.e',
  'startup.f',
  'startup.g',
  'startup.h',
];

let dropDatabase: (() => Promise<void>) | undefined;
let url: string;
const handles: DatabaseHandle[] = [];
const instances: Jobs[] = [];
const errors: unknown[] = [];

describe.skipIf(!serverUrl)('jobs start-up on a fresh PostgreSQL database', () => {
  beforeAll(async () => {
    const created = await createServerDatabase(serverUrl!);
    dropDatabase = created.drop;
    url = created.url;
    const migrating = openPostgres(url, 2);
    await migrate(migrating);
    await migrating.close();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map((jobs) => jobs.stop()));
    await Promise.all(handles.map((h) => h.close()));
    await dropDatabase?.();
  }, 60_000);

  it(`${PROCESSES} instances (each with its own pool, as processes) defining the same queues start together; each queue exists once and takes work`, async () => {
    for (let i = 0; i < PROCESSES; i++) {
      const database = openPostgres(url, 3);
      handles.push(database);
      const jobs = createJobs(database, { error: (obj) => errors.push(obj) });
      for (const queue of QUEUES) jobs.define(queue, async () => undefined);
      instances.push(jobs);
    }
    const started = await Promise.allSettled(instances.map((jobs) => jobs.start()));
    expect(started.filter((r) => r.status === 'rejected')).toEqual([]);

    const { rows } = await handles[0]!.executeSql(
      `SELECT name, count(*)::int AS n FROM pgboss.queue WHERE name LIKE 'startup.%' GROUP BY name ORDER BY name`,
    );
    expect(rows).toEqual(QUEUES.map((name) => ({ name, n: 1 })));

    // The queues work: a job sent through one instance is done by one of them.
    const jobId = await handles[1]!.db
      .transaction()
      .execute((tx) => instances[1]!.enqueue(tx, 'startup.h', { n: 1 }));
    for (;;) {
      const { rows: state } = await handles[0]!.executeSql(
        `SELECT state::text AS state FROM pgboss.job WHERE name = 'startup.h' AND id = $1`,
        [jobId],
      );
      if (state[0]?.state === 'completed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(errors).toEqual([]);
  }, 60_000);
});
