import { AGENDA_MESSAGES, MESSAGES } from '@plenary/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import type { Tenant } from '../attendees/attendees.test-utils.js';

/** GET /geo/timezone (offline data: no MAPS_API_KEY in tests) and the event update that derives its zone. */
let t: TestContext;
let a: Tenant;

beforeAll(async () => {
  t = await createTestContext();
  a = await t.f.tenant();
});
afterAll(() => t.close());

const lookup = (token: string | undefined, address: string) =>
  t.as(token, { method: 'GET', url: `/api/v1/geo/timezone?${new URLSearchParams({ address })}` });

describe('GET /geo/timezone', () => {
  it('answers the zone, coordinates and what the address was read as', async () => {
    const res = await lookup(a.tokens.eventAdmin, 'Damrak 1, 1012 LG Amsterdam, Netherlands');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ timezone: 'Europe/Amsterdam', label: 'Amsterdam, Netherlands' });
    expect(res.json().latitude).toBeCloseTo(52.37, 1);
  });

  it('no match is a 422 with the message on the address field', async () => {
    const res = await lookup(a.tokens.eventAdmin, 'qwertyuiop asdfghjkl');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: AGENDA_MESSAGES.addressNotFound,
      fields: { address: AGENDA_MESSAGES.addressNotFound },
    });
  });

  it('refuses a missing, empty or too long address with the field messages', async () => {
    const missing = await t.as(a.tokens.eventAdmin, { method: 'GET', url: '/api/v1/geo/timezone' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ address: MESSAGES.required });
    expect((await lookup(a.tokens.eventAdmin, '  ')).json().fields).toEqual({ address: MESSAGES.required });
    const long = await lookup(a.tokens.eventAdmin, 'Amsterdam '.repeat(60));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ address: MESSAGES.maxLength });
  });

  it('admins only: super, organisation, hub and event admins; moderators and participants 403; no token 401', async () => {
    for (const role of ['superadmin', 'orgAdmin', 'hubAdmin', 'eventAdmin'] as const)
      expect((await lookup(a.tokens[role], 'Sydney, Australia')).statusCode, role).toBe(200);
    for (const role of ['moderator', 'participant'] as const)
      expect((await lookup(a.tokens[role], 'Sydney, Australia')).statusCode, role).toBe(403);
    expect((await lookup(undefined, 'Sydney, Australia')).statusCode).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(doc.paths['/api/v1/geo/timezone']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '422']),
    );
  });
});

describe('PATCH /events/:id derives the time zone from a new address', () => {
  const patch = (body: Record<string, unknown>) =>
    t.as(a.tokens.eventAdmin, { method: 'PATCH', url: `/api/v1/events/${a.event.id}`, payload: body });

  it('a new address alone sets the zone; a zone in the same request wins; no match keeps the zone', async () => {
    let res = await patch({ address: 'Portland, Oregon, USA' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ address: 'Portland, Oregon, USA', timezone: 'America/Los_Angeles' });

    res = await patch({ address: 'Portland, Maine', timezone: 'Europe/Berlin' });
    expect(res.json()).toMatchObject({ address: 'Portland, Maine', timezone: 'Europe/Berlin' });

    res = await patch({ address: 'qwertyuiop asdfghjkl' });
    expect(res.json()).toMatchObject({ address: 'qwertyuiop asdfghjkl', timezone: 'Europe/Berlin' });

    res = await patch({ address: 'Sydney, Australia' });
    expect(res.json().timezone).toBe('Australia/Sydney');
  });

  it('an unchanged address does not touch a zone set by hand', async () => {
    await patch({ timezone: 'Asia/Tokyo' });
    const res = await patch({ address: 'Sydney, Australia', name: 'Renamed' });
    expect(res.json()).toMatchObject({ timezone: 'Asia/Tokyo', name: 'Renamed' });
  });
});
