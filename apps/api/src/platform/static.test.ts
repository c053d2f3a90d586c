import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

/** The web build as the API serves it (app.ts): hashed assets, the SPA fallback, compression. */
let t: TestContext;
let webDist: string;
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'plenary-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(webDist, 'assets', 'index-AbC123.js'), script);
  writeFileSync(join(webDist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
  t = await createTestContext({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('lets browsers keep hashed assets for good, precompressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('keeps unhashed files an hour and never caches index.html', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('public, max-age=3600');
    for (const url of ['/', '/event/some-event/agenda']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBeUndefined();
    }
  });

  it('answers a missing hashed asset with 404, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Old999.js' });
    expect(res.statusCode).toBe(404);
  });

  it('compresses JSON answers for clients that accept it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });
});
