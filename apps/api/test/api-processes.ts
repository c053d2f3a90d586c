import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openPostgres } from '../src/platform/db/index.js';
import { serverDatabaseUrl } from './database.js';

/**
 * Real API processes (`node --import tsx src/main.ts`, as deployed) for tests that need more than
 * one process on one PostgreSQL database, or a process to kill. PostgreSQL only: PGlite is a file
 * that one process at a time can open.
 */
const MAIN = resolve(import.meta.dirname, '../src/main.ts');
const API_ROOT = resolve(import.meta.dirname, '..');

export interface ApiProcess {
  child: ChildProcess;
  base: string;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

/** A new, empty database on `server` (not migrated) and its URL; `drop` removes it. */
export async function createServerDatabase(
  server: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `plenary_test_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(server, 1);
  await admin.execScript(`CREATE DATABASE ${name}`);
  await admin.close();
  return {
    url: serverDatabaseUrl(server, name),
    async drop() {
      const cleanup = openPostgres(server, 1);
      await cleanup.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.close();
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Starts an API process on its own port, resolved once it answers HTTP. `dataDir` defaults to a
 * new empty directory (removed by `stopApi`); `env` adds to or overrides the defaults.
 */
export async function startApi(opts: {
  databaseUrl: string;
  jwtSecret: string;
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<ApiProcess> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'plenary-process-')));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    JWT_SECRET: opts.jwtSecret,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: join(dataDir, 'no-web-app'),
    ...opts.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: API_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`API process exited (${String(code)}) before answering:\n${output}`);
  });
  await Promise.race([untilAnswering(`${base}/api/v1/brand`), exited]);
  exited.catch(() => undefined);
  return { child, base, dataDir, output: () => output };
}

async function untilAnswering(url: string): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Resolves once the process has written `text` (to stdout or stderr); rejects if it exits first. */
export async function untilOutput(api: ApiProcess, text: string): Promise<void> {
  while (!api.output().includes(text)) {
    if (api.child.exitCode !== null || api.child.signalCode !== null)
      throw new Error(`API process exited before writing '${text}':\n${api.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** SIGKILL, as a crash or the OOM killer would: no shutdown hook runs. Resolves once it is gone. */
export async function killApi(api: ApiProcess): Promise<void> {
  if (api.child.exitCode !== null || api.child.signalCode !== null) return;
  const exit = once(api.child, 'exit');
  api.child.kill('SIGKILL');
  await exit;
}

/** SIGTERM (a graceful stop), then the data directory goes unless `keepDataDir`. */
export async function stopApi(api: ApiProcess, keepDataDir = false): Promise<void> {
  if (api.child.exitCode === null && api.child.signalCode === null) {
    const exit = once(api.child, 'exit');
    api.child.kill('SIGTERM');
    await exit;
  }
  if (!keepDataDir) await rm(api.dataDir, { recursive: true, force: true });
}
