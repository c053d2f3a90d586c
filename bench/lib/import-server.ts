/**
 * The API alone in its own process, for bench/imports.ts (so the import's peak memory is the
 * server's, not the bench's): serves BENCH_DB_URL on 127.0.0.1, prints `{"port": n}` on stdout,
 * closes on SIGTERM.
 */
import { resolve } from 'node:path';
import { buildApp } from '../../apps/api/src/app.js';
import { loadBrands } from '../../apps/api/src/platform/brands.js';
import { loadConfig } from '../../apps/api/src/platform/config.js';
import { openPostgres } from '../../apps/api/src/platform/db/index.js';
import { createMailer } from '../../apps/api/src/platform/mail.js';

const root = resolve(import.meta.dirname, '../..');
const database = openPostgres(process.env.BENCH_DB_URL!, 10);
const config = loadConfig({
  DATA_DIR: resolve(root, '.tmp/bench-data'),
  LOG_LEVEL: 'silent',
  JWT_SECRET: process.env.BENCH_JWT_SECRET,
  SEED_DEMO: 'false',
});
const app = await buildApp({
  config,
  database,
  db: database.db,
  mailer: createMailer(database.db, { from: config.MAIL_FROM }),
  brands: loadBrands(resolve(root, 'config/brands.json')),
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
);
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
