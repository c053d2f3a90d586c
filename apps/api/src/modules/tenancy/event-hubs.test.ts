import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@plenary/domain';
import { readCsv, readXlsx } from '../../../test/exports.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let ten: Awaited<ReturnType<TestContext['f']['tenant']>>;
let other: Awaited<ReturnType<TestContext['f']['tenant']>>;
let su: string;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  other = await t.f.tenant();
  su = ten.tokens.superadmin;
});
afterAll(() => t.close());

const url = '/api/v1/event-hubs';

describe('event hubs', () => {
  it('creates, reads, renames and deletes within the organisation', async () => {
    const created = await t.as(ten.tokens.orgAdmin, {
      method: 'POST',
      url,
      payload: { name: 'Spring Series', organizationId: ten.organization.id },
    });
    expect(created.statusCode).toBe(201);
    const hub = created.json();
    expect(hub).toMatchObject({
      name: 'Spring Series',
      organizationId: ten.organization.id,
      organizationName: ten.organization.name,
      updatedBy: { firstName: ten.users.orgAdmin.firstName, lastName: ten.users.orgAdmin.lastName },
    });
    expect((await t.as(ten.tokens.orgAdmin, { method: 'GET', url: `${url}/${hub.id}` })).json()).toEqual(hub);
    const renamed = await t.as(ten.tokens.orgAdmin, {
      method: 'PATCH',
      url: `${url}/${hub.id}`,
      payload: { name: 'Summer Series' },
    });
    expect(renamed.json()).toMatchObject({ id: hub.id, name: 'Summer Series' });
    expect((await t.as(ten.tokens.orgAdmin, { method: 'DELETE', url: `${url}/${hub.id}` })).statusCode).toBe(
      204,
    );
    expect((await t.as(ten.tokens.orgAdmin, { method: 'GET', url: `${url}/${hub.id}` })).statusCode).toBe(
      404,
    );
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', hub.id)
      .orderBy('createdAt')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('moves a hub, with its events, to another organisation (super admin)', async () => {
    const tenant = await t.f.tenant();
    const res = await t.as(su, {
      method: 'PATCH',
      url: `${url}/${tenant.hub.id}`,
      payload: { organizationId: other.organization.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      organizationId: other.organization.id,
      organizationName: other.organization.name,
    });
    const event = await t.deps.db
      .selectFrom('events')
      .select('organizationId')
      .where('id', '=', tenant.event.id)
      .executeTakeFirstOrThrow();
    expect(event.organizationId).toBe(other.organization.id);
    // The old organisation's admin no longer sees the hub; the new one does.
    expect(
      (await t.as(tenant.tokens.orgAdmin, { method: 'GET', url: `${url}/${tenant.hub.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.as(other.tokens.orgAdmin, { method: 'GET', url: `${url}/${tenant.hub.id}` })).statusCode,
    ).toBe(200);
  });

  it('keeps organisation admins inside their organisations', async () => {
    const foreign = await t.as(ten.tokens.orgAdmin, {
      method: 'POST',
      url,
      payload: { name: 'Sneaky', organizationId: other.organization.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().fields).toEqual({ organizationId: MESSAGES.notFound });
    const move = await t.as(ten.tokens.orgAdmin, {
      method: 'PATCH',
      url: `${url}/${ten.hub.id}`,
      payload: { organizationId: other.organization.id },
    });
    expect(move.statusCode).toBe(404);
    expect(move.json().fields).toEqual({ organizationId: MESSAGES.notFound });
    const unknownOrg = await t.as(su, {
      method: 'POST',
      url,
      payload: { name: 'Nowhere', organizationId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknownOrg.statusCode).toBe(404);
  });

  it('lets a hub admin read their hub but not change it', async () => {
    expect((await t.as(ten.tokens.hubAdmin, { method: 'GET', url: `${url}/${ten.hub.id}` })).statusCode).toBe(
      200,
    );
    expect(
      (
        await t.as(ten.tokens.hubAdmin, {
          method: 'PATCH',
          url: `${url}/${ten.hub.id}`,
          payload: { name: 'Mine now' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.as(ten.tokens.hubAdmin, { method: 'GET', url: `${url}/${other.hub.id}` })).statusCode,
    ).toBe(404);
    const list = await t.as(ten.tokens.hubAdmin, { method: 'GET', url });
    expect(list.json()).toEqual({ total: 1, records: [expect.objectContaining({ id: ten.hub.id })] });
  });
});

describe('event hubs: list and export', () => {
  let org: { id: string; name: string };
  beforeAll(async () => {
    org = await t.f.organization({ name: 'Hub Holder' });
    for (const name of ['Gamma Circuit', 'alpha circuit', 'Beta Circuit', '@cmd circuit'])
      await t.f.hub({ organizationId: org.id, name });
  });

  it('searches, filters by organisation, sorts and pages', async () => {
    const res = await t.as(su, {
      method: 'GET',
      url: `${url}?search=circuit&organizationId=${org.id}&sort=name:asc&limit=2`,
    });
    expect(res.json()).toMatchObject({
      total: 4,
      records: [{ name: '@cmd circuit' }, { name: 'alpha circuit' }],
    });
    const page2 = await t.as(su, {
      method: 'GET',
      url: `${url}?search=circuit&organizationId=${org.id}&sort=name:asc&limit=2&page=2`,
    });
    expect(page2.json().records.map((r: { name: string }) => r.name)).toEqual([
      'Beta Circuit',
      'Gamma Circuit',
    ]);
    const twoOrgs = await t.as(su, {
      method: 'GET',
      url: `${url}?organizationId=${org.id},${ten.organization.id}&limit=300`,
    });
    expect(twoOrgs.json().total).toBe(5);
    const byOrg = await t.as(su, { method: 'GET', url: `${url}?sort=organizationName:desc&limit=300` });
    const orgNames = byOrg
      .json()
      .records.map((r: { organizationName: string }) => r.organizationName.toLowerCase());
    expect(orgNames).toEqual([...orgNames].sort().reverse());
    expect((await t.as(su, { method: 'GET', url: `${url}?organizationId=nope` })).statusCode).toBe(400);
    expect((await t.as(su, { method: 'GET', url: `${url}?sort=organizationId:asc` })).statusCode).toBe(400);
  });

  it('exports CSV and XLSX', async () => {
    const csv = readCsv(
      (await t.as(su, { method: 'GET', url: `${url}/export?organizationId=${org.id}&sort=name:desc` })).body,
    );
    expect(csv[0]).toEqual(['Name', 'Organization', 'Created at', 'Updated at', 'Last modified by']);
    expect(csv.slice(1).map((r) => r[0])).toEqual([
      'Gamma Circuit',
      'Beta Circuit',
      'alpha circuit',
      "'@cmd circuit",
    ]);
    const xlsx = await readXlsx(
      (
        await t.as(su, {
          method: 'GET',
          url: `${url}/export?format=xlsx&organizationId=${org.id}&search=cmd&columns=name,organizationName`,
        })
      ).rawPayload,
    );
    expect(xlsx).toEqual([
      ['Name', 'Organization'],
      ["'@cmd circuit", 'Hub Holder'],
    ]);
  });
});

describe('event hubs: bad input', () => {
  it('answers 400 for bad bodies and ids, 404 for unknown ids', async () => {
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ organizationId: ten.organization.id }, { name: MESSAGES.required }],
      [{ name: 'x'.repeat(301), organizationId: ten.organization.id }, { name: MESSAGES.maxLength }],
      [{ name: 'Hub' }, { organizationId: MESSAGES.required }],
      [{ name: 'Hub', organizationId: 'abc' }, { organizationId: expect.any(String) as unknown as string }],
      [{ name: 7, organizationId: ten.organization.id }, { name: expect.any(String) as unknown as string }],
    ];
    for (const [payload, fields] of cases) {
      const res = await t.as(su, { method: 'POST', url, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
    expect(
      (await t.as(su, { method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{' }))
        .statusCode,
    ).toBe(400);
    expect((await t.as(su, { method: 'GET', url: `${url}/123` })).statusCode).toBe(400);
    expect(
      (await t.as(su, { method: 'DELETE', url: `${url}/00000000-0000-4000-8000-000000000000` })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(su, {
          method: 'PATCH',
          url: `${url}/00000000-0000-4000-8000-000000000000`,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
