import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

/** Security headers (headers.ts) and 405 for a path of the API with another method (methods.ts). */

let t: TestContext;
beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), 'plenary-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  t = await createTestContext({ WEB_DIST: web });
});
afterAll(() => t.close());

const directives = (policy: string | undefined) =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers', () => {
  it('gives the web app a strict Content-Security-Policy, nosniff, DENY and a referrer policy', async () => {
    for (const url of ['/', '/events/some/agenda']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'cms.localhost:3000' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('connect-src')).toEqual([
        "'self'",
        'ws://cms.localhost:3000',
        'wss://cms.localhost:3000',
      ]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
    }
  });

  it('names no host it can not vouch for in connect-src', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: "evil.example 'unsafe-eval'" },
    });
    expect(directives(res.headers['content-security-policy'] as string).get('connect-src')).toEqual([
      "'self'",
    ]);
  });

  it('sends nosniff, DENY and a no-document policy on API answers, errors included', async () => {
    for (const url of ['/api/v1/health', '/api/v1/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('lets the app frame uploaded files (PDF previews), and nobody else', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/files/0123456789abcdef0123456789abcdef.pdf',
    });
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives the API docs (Swagger UI) a policy of their own: scripts from our origin only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui-bundle.js');
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('405 Method Not Allowed', () => {
  it('answers a path of the API with another method 405, the Allow header and the error body', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/health' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toEqual({
      statusCode: 405,
      error: 'Method Not Allowed',
      message: 'Method DELETE not allowed; allowed: GET, HEAD',
    });
  });

  it('lists every method of a path with parameters', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/organizations/00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('DELETE, GET, HEAD, PATCH');
  });

  it('still answers 404 for a path no route has', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/no-such-route' });
    expect(res.statusCode).toBe(404);
  });
});
