import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { inject } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/platform/db/index.js';

export const PGLITE_TEMPLATE = resolve(import.meta.dirname, '../../../.tmp/pglite-template.tgz');

/** `serverUrl` with its database replaced by `name`. */
export function serverDatabaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file: a new database on the server when DATABASE_URL is
 * set (a copy of the run's migrated template), otherwise an in-memory PGlite copied from the
 * migrated dump. Both made by test/global-setup.ts.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const blob = new Blob([readFileSync(PGLITE_TEMPLATE)]);
    return openPglite(undefined, blob);
  }
  const name = `plenary_test_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(serverUrl, 1);
  await admin.execScript(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.close();
  const handle = openPostgres(serverDatabaseUrl(serverUrl, name), 5);
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
