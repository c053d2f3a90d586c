import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('serves a valid OpenAPI 3 document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.0.3');
    expect(Object.keys(res.json().paths)).toContain('/api/v1/health');
  });

  it('answers unknown API routes with the error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route not found' });
  });

  it('refuses a forged token and names an expired one', async () => {
    const forged = await t.as('not.a.jwt', { method: 'GET', url: '/api/v1/health' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Invalid token');
  });

  it('answers the brand of the requesting host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brand',
      headers: { host: 'cms.summit.localhost:3000' },
    });
    expect(res.json().id).toBe('summit');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brand',
      headers: { host: 'unknown.example' },
    });
    expect(other.json().id).toBe('plenary');
  });
});
