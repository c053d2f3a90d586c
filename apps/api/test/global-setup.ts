import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/platform/db/index.js';
import { migrate } from '../src/platform/db/migrate.js';
import { PGLITE_TEMPLATE, serverDatabaseUrl } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database every test file's database is copied from (DATABASE_URL runs). */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database and lets every test file start from a copy of it: a dump of an embedded
 * one (≈1 s instead of ≈5 s), or with DATABASE_URL a template database on the server (CREATE
 * DATABASE … TEMPLATE: ≈70 ms instead of migrating each file's database, ≈0.5 s).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) return postgresTemplate(project, serverUrl);
  const handle = await openPglite();
  await migrate(handle);
  const dump = await handle.pglite.dumpDataDir('gzip');
  mkdirSync(dirname(PGLITE_TEMPLATE), { recursive: true });
  // Written aside and renamed: another test run on this machine may be reading the template.
  const aside = `${PGLITE_TEMPLATE}.${process.pid}`;
  writeFileSync(aside, Buffer.from(await dump.arrayBuffer()));
  renameSync(aside, PGLITE_TEMPLATE);
  await handle.close();
  return undefined;
}

async function postgresTemplate(project: TestProject, serverUrl: string): Promise<() => Promise<void>> {
  // Named for this run: runs side by side on one server keep theirs.
  const name = `plenary_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  // Two connections: migrate holds one for its advisory lock while it works on the other.
  const template = openPostgres(serverDatabaseUrl(serverUrl, name), 2);
  await migrate(template);
  // No connection may stay open on a template while it is copied.
  await template.close();
  project.provide('postgresTemplate', name);
  return () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** One statement on the server's own database, on a connection closed right after it. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = openPostgres(serverUrl, 1);
  try {
    await admin.execScript(statement);
  } finally {
    await admin.close();
  }
}
