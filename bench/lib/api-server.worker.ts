/**
 * Runs the API in a worker thread of the bench process: database (a fresh PostgreSQL database on
 * the server, or in-memory PGlite), migrations, seed, then listen on loopback. The load generator
 * stays on the main thread, so both do not share one event loop.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { buildApp } from '../../apps/api/src/app.js';
import { loadBrands } from '../../apps/api/src/platform/brands.js';
import { loadConfig } from '../../apps/api/src/platform/config.js';
import { openPglite, openPostgres, type DatabaseHandle } from '../../apps/api/src/platform/db/index.js';
import { migrate } from '../../apps/api/src/platform/db/migrate.js';
import { createMailer } from '../../apps/api/src/platform/mail.js';
import { hashPassword } from '../../apps/api/src/platform/passwords.js';
import { createUser, SYSTEM_ACTOR } from '../../apps/api/src/platform/users.repo.js';
import { seedEventsSql } from './seed.js';

export interface ServerInput {
  kind: 'postgres' | 'pglite';
  /** Server to create the bench database on (kind postgres). */
  serverUrl: string;
  events: number;
  email: string;
  password: string;
}

const input = workerData as ServerInput;
const root = resolve(import.meta.dirname, '../..');
let database: DatabaseHandle;
let dropDatabase: (() => Promise<void>) | undefined;

if (input.kind === 'postgres') {
  const name = `plenary_bench_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(input.serverUrl, 1);
  await admin.execScript(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(input.serverUrl);
  url.pathname = `/${name}`;
  database = openPostgres(url.toString(), 10);
  dropDatabase = async () => {
    const cleanup = openPostgres(input.serverUrl, 1);
    await cleanup.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.close();
  };
} else {
  database = await openPglite();
}

try {
  await migrate(database);
  const seedStart = performance.now();
  await createUser(database.db, SYSTEM_ACTOR, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: 'Bench',
    lastName: 'Admin',
    userRole: 'superadmin',
    emailVerifiedAt: new Date(),
  });
  await database.execScript(seedEventsSql(input.events));
  const seedMs = performance.now() - seedStart;

  const config = {
    ...loadConfig({
      DATA_DIR: resolve(root, '.tmp/bench-data'),
      LOG_LEVEL: 'silent',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
    }),
  };
  const app = await buildApp({
    config,
    database,
    db: database.db,
    mailer: createMailer(database.db, { from: config.MAIL_FROM }),
    brands: loadBrands(resolve(root, 'config/brands.json')),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  parentPort!.postMessage({ ready: true, port, seedMs });

  parentPort!.on('message', async (message: unknown) => {
    if (message !== 'stop') return;
    let error: string | undefined;
    try {
      await app.close();
      await database.close();
      await dropDatabase?.();
    } catch (err) {
      error = err instanceof Error ? (err.stack ?? err.message) : String(err);
    }
    parentPort!.postMessage({ stopped: true, error });
  });
} catch (err) {
  await database.close().catch(() => undefined);
  await dropDatabase?.().catch(() => undefined);
  throw err;
}
