import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { verifyBearer } from '../../platform/auth.js';
import { countingDb } from '../../../test/counting.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { eventAccess } from '../../platform/event-access.js';
import { eventAccessWithFields } from './participants.access.js';
import { client, field, participant, type Tenant } from './attendees.test-utils.js';

/**
 * What a participants-list request costs the database: the list is the API's busiest read (issue
 * 3: 100,000 participants, 200 concurrent requests), so its statements are counted here.
 */
let t: TestContext;
let tenant: Tenant;
let counted: ReturnType<typeof countingDb>;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestContext();
  tenant = await t.f.tenant();
  // A second app on the same database whose queries are counted.
  counted = countingDb(t.deps.db);
  app = await buildApp({
    config: t.deps.config,
    database: t.deps.database,
    db: counted.db,
    mailer: t.mail,
    brands: t.deps.brands,
  });
  await app.ready();
  const c = client(t, tenant.tokens.eventAdmin, tenant.event.id);
  const city = await field(c, { name: 'City', dataType: 'STRING' });
  const vip = (await c.post('labels', { name: 'VIP' })).json() as { id: string };
  for (let i = 0; i < 5; i++)
    await participant(c, {
      lastName: `Cost ${i}`,
      customFields: { [city.id]: 'Lisbon' },
      labelIds: i % 2 ? [vip.id] : [],
    });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** Statements run while `fn` runs. */
async function statementsOf(fn: () => Promise<unknown>): Promise<number> {
  const before = counted.statements();
  await fn();
  return counted.statements() - before;
}

describe('participants list: statements per request', () => {
  it('runs three: session with roles, event with custom fields, count with the page and its labels', async () => {
    const get = (query: string) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/events/${tenant.event.id}/participants?${query}`,
        headers: { authorization: `Bearer ${tenant.tokens.eventAdmin}` },
      });
    let res = await get('');
    expect(
      await statementsOf(async () => (res = await get('search=cost&sort=lastName:asc&limit=2&page=2'))),
    ).toBe(3);
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      total: number;
      records: Array<{ lastName: string; labels: Array<{ name: string }>; emailVerified: boolean }>;
    };
    expect(body.total).toBe(5);
    expect(body.records.map((r) => [r.lastName, r.labels.map((l) => l.name)])).toEqual([
      ['Cost 2', []],
      ['Cost 3', ['VIP']],
    ]);
    // Nothing on the page: the count still comes back.
    expect(await statementsOf(async () => (res = await get('search=cost&limit=20&page=9')))).toBe(3);
    expect(res.json()).toEqual({ total: 5, records: [] });
  });

  it('runs without JIT on PostgreSQL (compiling a 1,000-row window with its labels cost more than running it)', async () => {
    const { rows } = await sql<{ jit: string }>`SHOW jit`.execute(t.deps.db);
    // PGlite is built without a JIT provider: the setting exists but compiles nothing.
    expect(rows[0]!.jit).toBe(t.deps.database.kind === 'postgres' ? 'off' : 'on');
  });

  it('reads an event once per request, however often access to it is checked', async () => {
    const { actor } = await verifyBearer(t.deps.db, t.deps.config, tenant.tokens.moderator);
    const request = {
      auth: { sid: 's', claims: {}, actor, principal: actor, impersonating: false },
      id: 'r1',
      host: 'cms.localhost',
    } as unknown as FastifyRequest;
    expect(
      await statementsOf(async () => {
        await eventAccess(counted.db, request, tenant.event.id, 'read');
        await eventAccess(counted.db, request, tenant.event.id, 'member');
        await expect(eventAccess(counted.db, request, tenant.event.id, 'admin')).rejects.toMatchObject({
          statusCode: 403,
        });
      }),
    ).toBe(1);
    const next = { ...request, id: 'r2' } as FastifyRequest;
    expect(
      await statementsOf(async () => {
        const first = await eventAccessWithFields(counted.db, next, tenant.event.id, 'read');
        expect(first.fields.map((f) => f.name)).toEqual(['City']);
        await eventAccess(counted.db, next, tenant.event.id, 'read');
      }),
    ).toBe(1);
    // Another tenant's event: 404, read once too.
    const elsewhere = await t.f.event();
    const third = { ...request, id: 'r3' } as FastifyRequest;
    expect(
      await statementsOf(async () => {
        await expect(eventAccessWithFields(counted.db, third, elsewhere.id, 'read')).rejects.toMatchObject({
          statusCode: 404,
        });
        await expect(eventAccess(counted.db, third, elsewhere.id, 'member')).rejects.toMatchObject({
          statusCode: 404,
        });
      }),
    ).toBe(1);
  });
});
