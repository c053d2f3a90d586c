import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type ImportRecord } from '@plenary/domain';
import {
  createServerDatabase,
  killApi,
  startApi,
  untilOutput,
  type ApiProcess,
} from '../../../test/api-processes.js';
import { createFactories } from '../../../test/factories.js';
import { TestMailbox } from '../../../test/harness.js';
import { buildApp } from '../../app.js';
import { loadBrands } from '../../platform/brands.js';
import { HOLD_ENV } from '../../platform/crash-test-hold.js';
import { loadConfig } from '../../platform/config.js';
import { openPostgres, type DatabaseHandle } from '../../platform/db/index.js';
import { migrate } from '../../platform/db/migrate.js';
import { client, type Client, type Tenant } from '../attendees/attendees.test-utils.js';
import { committed, settled, uploaded, verified } from './imports.test-utils.js';

/**
 * Finding 5 of issue 9, as it was found: `kill -9` of the API process running an import. A real
 * process (`node src/main.ts`) commits import A and verifies import B, both held half-way by the
 * crash-test pause points (platform/crash-test-hold.ts: A's participant rows are written in its
 * open transaction), and is SIGKILLed. An app started afterwards on the same database must release
 * both at once (job recovery), not after the jobs' 30-minute expiry.
 *
 * PostgreSQL only: PGlite is a file that one process at a time can open, so the killed process and
 * the one after it can not share it. CI runs the API tests a second time with DATABASE_URL set.
 */
const serverUrl = process.env.DATABASE_URL;
const JWT_SECRET = 'crash-test-secret-crash-test-secret-1234';
const HEARTBEAT_SECONDS = '0.5';
const ROWS = 40;

const emails = (prefix: string) => Array.from({ length: ROWS }, (_, i) => `${prefix}${i + 1}@example.com`);
const csv = (prefix: string) =>
  Buffer.from(
    ['E-mail,First name,Last name', ...emails(prefix).map((e, i) => `${e},Crash,Row ${i + 1}`)].join('\n'),
  );

let database: DatabaseHandle;
let dropDatabase: (() => Promise<void>) | undefined;
let dataDir: string;
let app: FastifyInstance | undefined;
let killed: ApiProcess | undefined;

/** The API in this test process on the shared database and data directory (its stored uploads). */
async function inProcessApp(): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    JOBS_HEARTBEAT_SECONDS: HEARTBEAT_SECONDS,
  });
  const built = await buildApp({
    config,
    database,
    db: database.db,
    mailer: new TestMailbox(),
    brands: loadBrands(resolve(import.meta.dirname, '../../../../../config/brands.json')),
  });
  await built.ready();
  return built;
}

const clientOf = (a: FastifyInstance, token: string, eventId: string): Client =>
  client(
    {
      as: (tok, opts) => a.inject({ ...opts, headers: { authorization: `Bearer ${tok}`, ...opts.headers } }),
    },
    token,
    eventId,
  );

/** The same routes on the spawned process, over HTTP. */
const post = (api: ApiProcess, token: string, path: string, body: unknown) =>
  fetch(`${api.base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const participantsWith = async (prefix: string) =>
  Number(
    (
      await database.executeSql(`SELECT count(*)::int AS n FROM participants WHERE email LIKE $1`, [
        `${prefix}%`,
      ])
    ).rows[0]!.n,
  );
const accountsWith = async (prefix: string) =>
  Number(
    (await database.executeSql(`SELECT count(*)::int AS n FROM users WHERE email LIKE $1`, [`${prefix}%`]))
      .rows[0]!.n,
  );

describe.skipIf(!serverUrl)(
  'an API process killed (SIGKILL) during an import commit and a verify (PostgreSQL)',
  () => {
    let tenant: Tenant;
    let a: ImportRecord;
    let b: ImportRecord;

    beforeAll(async () => {
      const created = await createServerDatabase(serverUrl!);
      dropDatabase = created.drop;
      database = openPostgres(created.url, 5);
      await migrate(database);
      dataDir = await mkdtemp(join(tmpdir(), 'plenary-crash-'));

      // Both imports uploaded and verified by an app that then stops: the killed process starts their jobs.
      app = await inProcessApp();
      tenant = await createFactories(app.deps, app).tenant();
      const c = clientOf(app, tenant.tokens.eventAdmin, tenant.event.id);
      a = await verified(c, (await uploaded(c, 'User', 'crash-a.csv', csv('crash-a-'))).id);
      b = await verified(c, (await uploaded(c, 'User', 'crash-b.csv', csv('crash-b-'))).id);
      expect([a.status, b.status]).toEqual(['VERIFIED', 'VERIFIED']);
      await app.close();
      app = undefined;

      killed = await startApi({
        databaseUrl: created.url,
        jwtSecret: JWT_SECRET,
        dataDir,
        env: { [HOLD_ENV]: 'imports.commit,imports.verify', JOBS_HEARTBEAT_SECONDS: HEARTBEAT_SECONDS },
      });
    }, 180_000);

    afterAll(async () => {
      if (killed) await killApi(killed);
      await app?.close();
      await database?.close();
      await dropDatabase?.();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('a fresh app releases both at once: the commit left no row and runs again exactly once, the verify is FAILED and can be cancelled', async () => {
      const events = `/api/v1/events/${tenant.event.id}`;
      const token = tenant.tokens.eventAdmin;
      expect((await post(killed!, token, `${events}/imports/${a.id}/commit`, {})).status).toBe(202);
      expect((await post(killed!, token, `${events}/imports/${b.id}/verify`, {})).status).toBe(202);
      await untilOutput(killed!, 'plenary-test-hold imports.commit');
      await untilOutput(killed!, 'plenary-test-hold imports.verify');
      await killApi(killed!);

      // What the crash left: both runs still marked as running, their jobs active.
      const statuses = await database.executeSql(
        `SELECT id, status FROM imports WHERE id = ANY($1::uuid[]) ORDER BY file_name`,
        [[a.id, b.id]],
      );
      expect(statuses.rows.map((r) => r.status)).toEqual(['IMPORTING', 'VERIFYING']);
      expect(await participantsWith('crash-a-')).toBe(0);

      app = await inProcessApp();
      const c = clientOf(app, token, tenant.event.id);
      // Released within a few heartbeats of the dead process going silent (polled; no fixed time).
      const afterA = (await settled(c, a.id)).record;
      const afterB = (await settled(c, b.id)).record;
      expect(afterA).toMatchObject({ status: 'VERIFIED', message: IMPORT_MESSAGES.interrupted });
      expect(afterB).toMatchObject({ status: 'FAILED', message: IMPORT_MESSAGES.interrupted });
      expect(await participantsWith('crash-a-')).toBe(0);
      expect(await accountsWith('crash-a-')).toBe(0);

      // Cancellable: B (no 409).
      const cancelled = await c.delete(`imports/${b.id}`);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'CANCELLED' });

      // Re-runnable: A commits, once — the killed run's retry found its run superseded and did nothing.
      const done = await committed(c, a.id);
      expect(done).toMatchObject({ status: 'COMPLETED', counts: { created: ROWS, updated: 0 } });
      for (;;) {
        const { rows } = await database.executeSql(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name LIKE 'imports.%' AND state IN ('created', 'retry', 'active')`,
        );
        if (rows[0]!.n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await participantsWith('crash-a-')).toBe(ROWS);
      expect(await accountsWith('crash-a-')).toBe(ROWS);
      expect(await participantsWith('crash-b-')).toBe(0);
      expect((await c.get(`imports/${a.id}`)).json()).toMatchObject({
        status: 'COMPLETED',
        counts: { created: ROWS },
      });
    }, 180_000);
  },
);
