import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/platform/db/index.js';
import { migrate } from '../src/platform/db/migrate.js';

export const PGLITE_TEMPLATE = resolve(import.meta.dirname, '../../../.tmp/pglite-template.tgz');

/**
 * A fresh, migrated database for one test file: a new database on the server when DATABASE_URL is
 * set, otherwise an in-memory PGlite copied from the migrated template.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const blob = new Blob([readFileSync(PGLITE_TEMPLATE)]);
    return openPglite(undefined, blob);
  }
  const name = `plenary_test_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(serverUrl, 1);
  await admin.execScript(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 5);
  await migrate(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = openPostgres(serverUrl, 1);
      await cleanup.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.close();
    },
  };
}
