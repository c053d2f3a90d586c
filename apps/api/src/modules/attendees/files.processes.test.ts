import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase, startApi, stopApi, type ApiProcess } from '../../../test/api-processes.js';
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

let s3: LocalS3;
let database: DatabaseHandle;
let dropDatabase: () => Promise<void>;
const processes: ApiProcess[] = [];

describe.skipIf(!serverUrl)('files across three API processes (PostgreSQL + Redis + S3)', () => {
  beforeAll(async () => {
    s3 = await startLocalS3();
    const created = await createServerDatabase(serverUrl!);
    dropDatabase = created.drop;
    database = openPostgres(created.url, 2);
    await migrate(database);
    processes.push(
      ...(await Promise.all(
        [0, 1, 2].map(() => startApi({ databaseUrl: created.url, jwtSecret: JWT_SECRET, env: s3.config })),
      )),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => stopApi(p)));
    await database?.close();
    await dropDatabase?.();
    await s3?.close();
  }, 60_000);

  it('serves a photo uploaded through one process from the others: same bytes, ranges, ETag, 304, HEAD, deletion', async () => {
    const [a, b, c] = processes as [ApiProcess, ApiProcess, ApiProcess];
    // Rows and tokens written straight into the shared database, signed with the processes' secret.
    const config = {
      ...loadConfig({ DATA_DIR: a.dataDir, JWT_SECRET, LOG_LEVEL: 'silent' }),
      DATABASE_URL: serverUrl,
    };
    const f = createFactories({ db: database.db, config } as AppDeps, undefined as never);
    const tenant = await f.tenant();
    const participantId = (
      await database.db
        .selectFrom('participants')
        .select('id')
        .where('eventId', '=', tenant.event.id)
        .executeTakeFirstOrThrow()
    ).id;
    const auth = { authorization: `Bearer ${tenant.tokens.eventAdmin}` };

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2255aa' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(
      `${a.base}/api/v1/events/${tenant.event.id}/participants/${participantId}/photo`,
      { method: 'POST', headers: auth, body: form },
    );
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
    expect(
      (
        await fetch(`${c.base}/api/v1/events/${tenant.event.id}/participants/${participantId}/photo`, {
          method: 'DELETE',
          headers: auth,
        })
      ).status,
    ).toBe(200);
    for (const any of [a, b, c]) expect((await fetch(`${any.base}${photoUrl}`)).status).toBe(404);
  });
});
