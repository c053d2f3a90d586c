import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, apiUrl, newIdempotencyKey } from './client';

describe('apiUrl', () => {
  it('prefixes /api/v1 and trims leading slashes', () => {
    expect(apiUrl('users/1/events')).toBe('/api/v1/users/1/events');
    expect(apiUrl('/auth')).toBe('/api/v1/auth');
  });
  it('encodes the query, repeats arrays and drops empty values', () => {
    expect(
      apiUrl('events', {
        page: 2,
        search: 'a b',
        status: ['OPEN', 'CLOSED'],
        sort: undefined,
        x: null,
        y: '',
      }),
    ).toBe('/api/v1/events?page=2&search=a+b&status=OPEN&status=CLOSED');
  });
});

describe('Idempotency-Key', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is sent when the request has one, and only then', async () => {
    const fetch = vi.fn(async () => new Response('{"id":"1"}', { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    await apiFetch('labels', { method: 'POST', body: { name: 'x' }, idempotencyKey: 'key-1' });
    await apiFetch('labels', { method: 'POST', body: { name: 'y' } });
    const headersOf = (call: number) =>
      (fetch.mock.calls[call] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headersOf(0)['Idempotency-Key']).toBe('key-1');
    expect(headersOf(1)['Idempotency-Key']).toBeUndefined();
  });

  it('new keys are UUID v4, also without crypto.randomUUID (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    const a = newIdempotencyKey();
    expect(a).toMatch(uuid);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
