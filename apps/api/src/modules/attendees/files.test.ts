import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { startLocalS3, type LocalS3 } from '../../../test/s3.js';
import { privateStorageFor, storageFor, type Storage } from '../../platform/storage.js';

/**
 * The storage contract, as the files route serves it: the same answers from the disk store and
 * from an S3-compatible bucket (a real s3rver on loopback, started here).
 */
describe.each(['disk', 's3'] as const)('%s storage', (backend) => {
  let t: TestContext;
  let s3: LocalS3 | undefined;
  let storage: Storage;
  let bytes: Buffer;
  let key: string;
  let url: string;
  const SIZE = 1000;

  beforeAll(async () => {
    s3 = backend === 's3' ? await startLocalS3() : undefined;
    t = await createTestContext(s3?.config ?? {});
    storage = storageFor(t.deps.config);
    bytes = randomBytes(SIZE);
    key = await storage.put(bytes, 'video/mp4');
    url = storage.url(key);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET', path = url) =>
    t.as(undefined, { method, url: path, headers });

  describe('GET /files/:key', () => {
    it('answers the whole file with its type, ETag, Accept-Ranges and the safety headers', async () => {
      const res = await get();
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'video/mp4',
        'content-length': String(SIZE),
        'accept-ranges': 'bytes',
        etag: `"${key}"`,
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
      expect(res.headers['content-range']).toBeUndefined();
    });

    it.each([
      ['bytes=0-0', 0, 0],
      ['bytes=0-99', 0, 99],
      ['bytes=100-199', 100, 199],
      ['bytes=990-5000', 990, SIZE - 1],
      ['bytes=0-', 0, SIZE - 1],
      ['bytes=500-', 500, SIZE - 1],
      ['bytes=999-999', 999, 999],
      ['bytes=-1', SIZE - 1, SIZE - 1],
      ['bytes=-300', SIZE - 300, SIZE - 1],
      ['bytes=-5000', 0, SIZE - 1],
      ['Bytes = 10-19', 10, 19],
    ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
      const res = await get({ range });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${SIZE}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers.etag).toBe(`"${key}"`);
      expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    });

    it.each(['bytes=1000-', `bytes=${SIZE}-${SIZE + 10}`, 'bytes=5000-6000', 'bytes=-0'])(
      'answers %s (nothing of the file) with 416 and the size',
      async (range) => {
        const res = await get({ range });
        expect(res.statusCode).toBe(416);
        expect(res.headers['content-range']).toBe(`bytes */${SIZE}`);
        expect(res.json()).toMatchObject({ statusCode: 416 });
        // An error is not cached as the file.
        expect(res.headers['cache-control']).toBeUndefined();
      },
    );

    it.each([
      'bytes=5-2',
      'bytes=abc',
      'bytes=-',
      'bytes=1-2-3',
      'bytes 0-10',
      'items=0-10',
      'bytes=0-1,5-6',
      'bytes=0-1, 0-1',
      'bytes=99999999999999999999-',
    ])('ignores a malformed or multi-range header (%s) and answers the whole file', async (range) => {
      const res = await get({ range });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.rawPayload.equals(bytes)).toBe(true);
    });

    it('answers HEAD with the headers of a GET and no body (a Range is ignored for HEAD)', async () => {
      for (const headers of [{}, { range: 'bytes=0-9' }] as Record<string, string>[]) {
        const res = await get(headers, 'HEAD');
        expect(res.statusCode).toBe(200);
        expect(res.headers).toMatchObject({
          'content-type': 'video/mp4',
          'content-length': String(SIZE),
          'accept-ranges': 'bytes',
          etag: `"${key}"`,
        });
        expect(res.rawPayload.length).toBe(0);
      }
      expect((await get({}, 'HEAD', '/api/v1/files/0123456789abcdef0123456789abcdef.mp4')).statusCode).toBe(
        404,
      );
    });

    it('answers 304 when the client holds the file (If-None-Match), before any range', async () => {
      for (const tag of [`"${key}"`, `W/"${key}"`, `"other", "${key}"`, '*']) {
        for (const headers of [
          { 'if-none-match': tag },
          { 'if-none-match': tag, range: 'bytes=0-9' },
          { 'if-none-match': tag, range: 'bytes=5000-' },
        ] as Record<string, string>[]) {
          const res = await get(headers);
          expect(res.statusCode, JSON.stringify(headers)).toBe(304);
          expect(res.rawPayload.length).toBe(0);
          expect(res.headers.etag).toBe(`"${key}"`);
          expect(res.headers['cache-control']).toContain('immutable');
        }
      }
      expect((await get({}, 'HEAD')).statusCode).toBe(200);
      expect((await get({ 'if-none-match': `"${key}"` }, 'HEAD')).statusCode).toBe(304);
      const stale = await get({ 'if-none-match': '"0123456789abcdef0123456789abcdef.mp4"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(bytes)).toBe(true);
    });

    it('honours a range only while If-Range names this file', async () => {
      expect((await get({ range: 'bytes=0-9', 'if-range': `"${key}"` })).statusCode).toBe(206);
      for (const ifRange of ['"someone-else"', 'Sun, 22 Nov 2026 00:00:00 GMT', `W/"${key}"`]) {
        const res = await get({ range: 'bytes=0-9', 'if-range': ifRange });
        expect(res.statusCode, ifRange).toBe(200);
        expect(res.rawPayload.equals(bytes)).toBe(true);
      }
    });

    it('answers 404 for unknown, removed, malformed and climbing keys', async () => {
      expect((await get({}, 'GET', '/api/v1/files/0123456789abcdef0123456789abcdef.mp4')).statusCode).toBe(
        404,
      );
      expect(
        (await get({ range: 'bytes=0-1' }, 'GET', '/api/v1/files/0123456789abcdef0123456789abcdef.mp4'))
          .statusCode,
      ).toBe(404);
      expect((await get({}, 'GET', '/api/v1/files/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
      expect((await get({}, 'GET', '/api/v1/files/0123456789ABCDEF0123456789abcdef.mp4')).statusCode).toBe(
        404,
      );
      expect((await get({}, 'GET', '/api/v1/files/0123456789abcdef0123456789abcdef.exe')).statusCode).toBe(
        404,
      );
      const gone = await storage.put(Buffer.from('short-lived'), 'application/pdf');
      expect((await get({}, 'GET', storage.url(gone))).statusCode).toBe(200);
      await storage.delete(gone);
      expect((await get({}, 'GET', storage.url(gone))).statusCode).toBe(404);
    });

    it('streams a large file over a real connection, whole and by ranges', async () => {
      const big = randomBytes(20 * 1024 * 1024);
      const bigKey = await storage.put(big, 'video/mp4');
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const at = `http://127.0.0.1:${port}${storage.url(bigKey)}`;
      const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

      const whole = await fetch(at);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-length')).toBe(String(big.length));
      // Streamed: the length is known up front and the bytes are not chunk-encoded.
      expect(whole.headers.get('transfer-encoding')).toBeNull();
      expect(sha(Buffer.from(await whole.arrayBuffer()))).toBe(sha(big));

      const start = 7 * 1024 * 1024 + 3;
      const tail = await fetch(at, { headers: { range: `bytes=${start}-` } });
      expect(tail.status).toBe(206);
      expect(tail.headers.get('content-range')).toBe(`bytes ${start}-${big.length - 1}/${big.length}`);
      expect(sha(Buffer.from(await tail.arrayBuffer()))).toBe(sha(big.subarray(start)));

      const middle = await fetch(at, { headers: { range: 'bytes=1048576-2097151' } });
      expect(middle.status).toBe(206);
      expect(Buffer.from(await middle.arrayBuffer()).equals(big.subarray(1048576, 2097152))).toBe(true);
      await storage.delete(bigKey);
    });
  });

  describe('storage.open', () => {
    it('gives the size and type without reading, and streams a range of the bytes', async () => {
      const file = await storage.open(key);
      expect(file).toMatchObject({ size: SIZE, contentType: 'video/mp4' });
      const chunks: Buffer[] = [];
      for await (const chunk of (await file!.stream({ start: 10, end: 19 }))!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes.subarray(10, 20))).toBe(true);
      expect(await storage.open('../../etc/passwd')).toBeUndefined();
      expect(await storage.open('0123456789abcdef0123456789abcdef.mp4')).toBeUndefined();
    });

    it('streams nothing for a file deleted after it was looked up, and keeps an opened one readable', async () => {
      const gone = await storage.put(bytes, 'video/mp4');
      const looked = await storage.open(gone);
      await storage.delete(gone);
      expect(await looked!.stream()).toBeUndefined();

      const kept = await storage.put(bytes, 'video/mp4');
      const opened = (await (await storage.open(kept))!.stream())!;
      await storage.delete(kept);
      const chunks: Buffer[] = [];
      for await (const chunk of opened) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    });
  });

  describe('the private store', () => {
    it('keeps import uploads apart from the public store: stored, read, never served, deleted', async () => {
      const privateStorage = privateStorageFor(t.deps.config);
      const csv = Buffer.from('email,firstName\nada@example.com,Ada\n');
      const hidden = await privateStorage.put(csv, 'text/csv');
      expect((await privateStorage.get(hidden))?.bytes.equals(csv)).toBe(true);
      expect(await storage.open(hidden)).toBeUndefined();
      expect((await get({}, 'GET', storage.url(hidden))).statusCode).toBe(404);
      await privateStorage.delete(hidden);
      expect(await privateStorage.get(hidden)).toBeUndefined();
      // A public file is not in the private store either.
      expect(await privateStorage.get(key)).toBeUndefined();
    });
  });
});
