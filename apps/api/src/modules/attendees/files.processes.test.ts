import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactories } from '../../../test/factories.js';
import { startLocalS3, type LocalS3 } from '../../../test/s3.js';
import { loadConfig } from '../../platform/config.js';
import { openPostgres, type DatabaseHandle } from '../../platform/db/index.js';
import { migrate } from '../../platform/db/migrate.js';
import type { AppDeps } from '../../platform/deps.js';

/**
 * Three API processes (`node src/main.ts`, as deployed) on one PostgreSQL database, one Redis and
 * one S3-compatible bucket, each with its own empty DATA_DIR: a file uploaded through one is
 * served by the others. PostgreSQL only (PGlite is one process's embedded database); CI's second
 * run sets DATABASE_URL and REDIS_URL.
 */
const serverUrl = process.env.DATABASE_URL;
const JWT_SECRET = 'three-processes-secret-three-processes';
const MAIN = resolve(import.meta.dirname, '../../main.ts');

let s3: LocalS3;
let database: DatabaseHandle;
let dropDatabase: () => Promise<void>;
const processes: Array<{ child: ChildProcess; base: string; dataDir: string }> = [];

describe.skipIf(!serverUrl)('files across three API processes (PostgreSQL + Redis + S3)', () => {
  beforeAll(async () => {
    s3 = await startLocalS3();
    const url = await createDatabase(serverUrl!);
    database = openPostgres(url, 2);
    await migrate(database);
    // One after another: three pg-boss instances creating their queues at the same moment can
    // deadlock in PostgreSQL (a start-up race of platform/jobs, reported separately).
    for (let i = 0; i < 3; i++) processes.push(await startApi(url));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map(stopApi));
    await database?.close();
    await dropDatabase?.();
    await s3?.close();
  }, 60_000);

  it('serves a photo uploaded through one process from the others: same bytes, ranges, ETag, 304, HEAD, deletion', async () => {
    const [a, b, c] = processes as [(typeof processes)[0], (typeof processes)[0], (typeof processes)[0]];
    // Rows and tokens written straight into the shared database, signed with the processes' secret.
    const config = { ...loadConfig({ DATA_DIR: a.dataDir, JWT_SECRET, LOG_LEVEL: 'silent' }), DATABASE_URL: serverUrl };
    const f = createFactories({ db: database.db, config } as AppDeps, undefined as never);
    const tenant = await f.tenant();
    const participantId = (await database.db.selectFrom('participants').select('id').where('eventId', '=', tenant.event.id).executeTakeFirstOrThrow()).id;
    const auth = { authorization: `Bearer ${tenant.tokens.eventAdmin}` };

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2255aa' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${a.base}/api/v1/events/${tenant.event.id}/participants/${participantId}/photo`, { method: 'POST', headers: auth, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const photoUrl = ((await uploaded.json()) as { photoUrl: string }).photoUrl;
    const key = photoUrl.split('/').at(-1)!;

    const fromA = await fetch(`${a.base}${photoUrl}`);
    const whole = Buffer.from(await fromA.arrayBuffer());
    expect(fromA.status).toBe(200);
    for (const other of [b, c]) {
      const res = await fetch(`${other.base}${photoUrl}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('etag')).toBe(`"${key}"`);
      expect(res.headers.get('etag')).toBe(fromA.headers.get('etag'));
      expect(Buffer.from(await res.arrayBuffer()).equals(whole)).toBe(true);
    }

    const range = await fetch(`${b.base}${photoUrl}`, { headers: { range: 'bytes=8-23' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 8-23/${whole.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(whole.subarray(8, 24))).toBe(true);
    const notModified = await fetch(`${c.base}${photoUrl}`, { headers: { 'if-none-match': `"${key}"` } });
    expect(notModified.status).toBe(304);
    const head = await fetch(`${c.base}${photoUrl}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(whole.length));

    // Removed through the third process: gone for all three.
    expect((await fetch(`${c.base}/api/v1/events/${tenant.event.id}/participants/${participantId}/photo`, { method: 'DELETE', headers: auth })).status).toBe(200);
    for (const any of [a, b, c]) expect((await fetch(`${any.base}${photoUrl}`)).status).toBe(404);
  });
});

async function createDatabase(server: string): Promise<string> {
  const name = `plenary_test_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(server, 1);
  await admin.execScript(`CREATE DATABASE ${name}`);
  await admin.close();
  dropDatabase = async () => {
    const cleanup = openPostgres(server, 1);
    await cleanup.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.close();
  };
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** `node --import tsx src/main.ts` on its own port, resolved once it answers HTTP. */
async function startApi(databaseUrl: string) {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'plenary-process-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...s3.config,
    JWT_SECRET,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: join(dataDir, 'no-web-app'),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: resolve(import.meta.dirname, '../../..'), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`API process exited (${String(code)}) before answering:\n${output}`);
  });
  await Promise.race([untilAnswering(`${base}/api/v1/brand`), exited]);
  exited.catch(() => undefined);
  return { child, base, dataDir };
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

async function stopApi({ child, dataDir }: { child: ChildProcess; dataDir: string }): Promise<void> {
  if (child.exitCode === null) {
    const exit = once(child, 'exit');
    child.kill('SIGTERM');
    await exit;
  }
  await rm(dataDir, { recursive: true, force: true });
}
