import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, multipart, type Tenant } from '../attendees/attendees.test-utils.js';
import { committed, fixture, uploaded, verified } from './imports.test-utils.js';

/**
 * Every imports endpoint × every role of f.tenant() (and no token) × the caller's own event and
 * another tenant's: event admins and the hub, organisation and super admins above manage imports;
 * moderators and participants 403; no role in the event 404 (super admins reach every event); no token 401.
 */
const ROLES = [
  'superadmin',
  'orgAdmin',
  'hubAdmin',
  'eventAdmin',
  'moderator',
  'participant',
  'anonymous',
] as const;
type Role = (typeof ROLES)[number];

interface Target {
  tenant: Tenant;
}
interface Req {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  ok: number;
  request: (x: Target) => Promise<Req>;
}

let t: TestContext;
let a: Target;
let b: Target;

const ev = (x: Target, path: string) => `/api/v1/events/${x.tenant.event.id}/imports${path}`;
const admin = (x: Target) => client(t, x.tenant.tokens.eventAdmin, x.tenant.event.id);
const upload = async (x: Target) => uploaded(admin(x), 'User', 'participants-good.csv');
const verifiedImport = async (x: Target) => verified(admin(x), (await upload(x)).id);
const invalidImport = async (x: Target) =>
  verified(admin(x), (await uploaded(admin(x), 'User', 'participants-bad-emails.csv')).id);

const CASES: Case[] = [
  { name: 'tables', method: 'GET', ok: 200, request: async (x) => ({ url: ev(x, '/tables') }) },
  { name: 'history', method: 'GET', ok: 200, request: async (x) => ({ url: ev(x, '') }) },
  {
    name: 'template',
    method: 'GET',
    ok: 200,
    request: async (x) => ({ url: ev(x, '/User/template?format=csv') }),
  },
  {
    name: 'upload',
    method: 'POST',
    ok: 201,
    request: async (x) => {
      const body = multipart('participants-good.csv', fixture('participants-good.csv'));
      return { url: ev(x, '/User'), payload: body.payload, headers: body.headers };
    },
  },
  { name: 'get', method: 'GET', ok: 200, request: async (x) => ({ url: ev(x, `/${(await upload(x)).id}`) }) },
  {
    name: 'map',
    method: 'PATCH',
    ok: 200,
    request: async (x) => ({ url: ev(x, `/${(await upload(x)).id}`), payload: { mapping: { bio: null } } }),
  },
  {
    name: 'verify',
    method: 'POST',
    ok: 202,
    request: async (x) => ({ url: ev(x, `/${(await upload(x)).id}/verify`), payload: {} }),
  },
  {
    name: 'errors',
    method: 'GET',
    ok: 200,
    request: async (x) => ({ url: ev(x, `/${(await invalidImport(x)).id}/errors`) }),
  },
  {
    name: 'errors file',
    method: 'GET',
    ok: 200,
    request: async (x) => ({ url: ev(x, `/${(await invalidImport(x)).id}/errors/file`) }),
  },
  {
    name: 'commit',
    method: 'POST',
    ok: 202,
    request: async (x) => ({ url: ev(x, `/${(await verifiedImport(x)).id}/commit`), payload: {} }),
  },
  {
    name: 'discard',
    method: 'DELETE',
    ok: 200,
    request: async (x) => ({ url: ev(x, `/${(await upload(x)).id}`) }),
  },
];

function expected(role: Role, own: boolean, ok: number): number {
  if (role === 'anonymous') return 401;
  if (!own && role !== 'superadmin') return 404;
  return role === 'moderator' || role === 'participant' ? 403 : ok;
}

beforeAll(async () => {
  t = await createTestContext();
  a = { tenant: await t.f.tenant() };
  b = { tenant: await t.f.tenant() };
});
afterAll(() => t.close());

describe('imports permission matrix', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const got: string[] = [];
    const want: string[] = [];
    for (const [own, x] of [
      [true, a],
      [false, b],
    ] as const) {
      for (const role of ROLES) {
        const token = role === 'anonymous' ? undefined : a.tenant.tokens[role];
        const req = await c.request(x);
        const res = await t.as(token, {
          method: c.method,
          url: req.url,
          ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
          ...(req.headers ? { headers: req.headers } : {}),
        });
        got.push(`${own ? 'own' : 'other'} ${role}: ${res.statusCode}`);
        want.push(`${own ? 'own' : 'other'} ${role}: ${expected(role, own, c.ok)}`);
      }
    }
    expect(got).toEqual(want);
  });

  it("another tenant's import is not found through one's own event either", async () => {
    const theirs = await committed(admin(b), (await verifiedImport(b)).id);
    const mine = client(t, a.tenant.tokens.eventAdmin, a.tenant.event.id);
    expect((await mine.get(`imports/${theirs.id}`)).statusCode).toBe(404);
    expect((await mine.get(`imports/${theirs.id}/errors`)).statusCode).toBe(404);
    expect((await mine.delete(`imports/${theirs.id}`)).statusCode).toBe(404);
    expect((await mine.get('imports')).json().records.map((r: { id: string }) => r.id)).not.toContain(
      theirs.id,
    );
  });
});
