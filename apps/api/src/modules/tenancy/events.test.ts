import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TENANCY_MESSAGES } from '@plenary/domain';
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

const url = '/api/v1/events';
const body = () => ({
  name: 'Harbour Summit',
  description: 'Talks by the water',
  eventHubId: ten.hub.id,
  startAt: '2026-06-01T08:00:00+02:00',
  endAt: '2026-06-03T18:00:00+02:00',
  timezone: 'Europe/Lisbon',
  address: 'Doca de Alcântara, Lisbon',
  primaryColor: '#1A2B3C',
});

describe('events', () => {
  it('creates, reads, updates and deletes', async () => {
    const created = await t.as(ten.tokens.hubAdmin, { method: 'POST', url, payload: body() });
    expect(created.statusCode).toBe(201);
    const event = created.json();
    expect(event).toEqual({
      id: expect.any(String),
      name: 'Harbour Summit',
      description: 'Talks by the water',
      eventHubId: ten.hub.id,
      eventHubName: ten.hub.name,
      organizationId: ten.organization.id,
      organizationName: ten.organization.name,
      startAt: '2026-06-01T06:00:00.000Z',
      endAt: '2026-06-03T16:00:00.000Z',
      timezone: 'Europe/Lisbon',
      address: 'Doca de Alcântara, Lisbon',
      primaryColor: '#1a2b3c',
      secondaryColor: '#000000',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await t.as(ten.tokens.hubAdmin, { method: 'GET', url: `${url}/${event.id}` })).json()).toEqual(
      event,
    );
    const patched = await t.as(ten.tokens.hubAdmin, {
      method: 'PATCH',
      url: `${url}/${event.id}`,
      payload: { endAt: '2026-06-04T18:00:00Z', secondaryColor: '#FFFFFF' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      endAt: '2026-06-04T18:00:00.000Z',
      secondaryColor: '#ffffff',
      name: 'Harbour Summit',
    });
    const row = await t.deps.db
      .selectFrom('events')
      .select('updatedBy')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(row.updatedBy).toBe(ten.users.hubAdmin.id);
    expect(
      (await t.as(ten.tokens.hubAdmin, { method: 'DELETE', url: `${url}/${event.id}` })).statusCode,
    ).toBe(204);
    expect((await t.as(ten.tokens.hubAdmin, { method: 'GET', url: `${url}/${event.id}` })).statusCode).toBe(
      404,
    );
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'actorId'])
      .where('entityId', '=', event.id)
      .orderBy('createdAt')
      .execute();
    expect(audit).toEqual(
      ['create', 'update', 'delete'].map((action) => ({ action, actorId: ten.users.hubAdmin.id })),
    );
  });

  it('checks the date order against the stored dates too', async () => {
    const both = { startAt: MESSAGES.startDateAfterEndDate, endAt: MESSAGES.endDateBeforeStartDate };
    const create = await t.as(su, {
      method: 'POST',
      url,
      payload: { ...body(), startAt: '2026-06-05T00:00:00Z' },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().fields).toEqual(both);
    const onlyEnd = await t.as(ten.tokens.eventAdmin, {
      method: 'PATCH',
      url: `${url}/${ten.event.id}`,
      payload: { endAt: '2000-01-01T00:00:00Z' },
    });
    expect(onlyEnd.statusCode).toBe(400);
    expect(onlyEnd.json().fields).toEqual(both);
    const same = await t.as(su, { method: 'POST', url, payload: { ...body(), endAt: body().startAt } });
    expect(same.statusCode).toBe(201);
  });

  it('validates time zones and colours', async () => {
    const zone = await t.as(su, {
      method: 'POST',
      url,
      payload: { ...body(), timezone: 'Atlantis/Central' },
    });
    expect(zone.json().fields).toEqual({ timezone: TENANCY_MESSAGES.invalidTimezone });
    const lower = await t.as(su, {
      method: 'POST',
      url,
      payload: { ...body(), timezone: 'america/new_york' },
    });
    expect(lower.json().timezone).toBe('America/New_York');
    const colour = await t.as(su, {
      method: 'POST',
      url,
      payload: { ...body(), primaryColor: 'red', secondaryColor: '#12345' },
    });
    expect(colour.json().fields).toEqual({
      primaryColor: TENANCY_MESSAGES.invalidColor,
      secondaryColor: TENANCY_MESSAGES.invalidColor,
    });
  });

  it('lets event admins read and edit their events, not create, move or delete them', async () => {
    const edit = await t.as(ten.tokens.eventAdmin, {
      method: 'PATCH',
      url: `${url}/${ten.event.id}`,
      payload: { name: 'Edited by its admin' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await t.as(ten.tokens.eventAdmin, { method: 'POST', url, payload: body() })).statusCode).toBe(
      403,
    );
    expect(
      (await t.as(ten.tokens.eventAdmin, { method: 'DELETE', url: `${url}/${ten.event.id}` })).statusCode,
    ).toBe(403);
    const move = await t.as(ten.tokens.eventAdmin, {
      method: 'PATCH',
      url: `${url}/${ten.event.id}`,
      payload: { eventHubId: other.hub.id },
    });
    expect(move.statusCode).toBe(404);
    expect(move.json().fields).toEqual({ eventHubId: MESSAGES.notFound });
    const list = await t.as(ten.tokens.eventAdmin, { method: 'GET', url });
    expect(list.json()).toEqual({
      total: 1,
      records: [expect.objectContaining({ id: ten.event.id, name: 'Edited by its admin' })],
    });
    expect(
      (await t.as(ten.tokens.eventAdmin, { method: 'GET', url: `${url}/${other.event.id}` })).statusCode,
    ).toBe(404);
  });

  it('moves an event to another hub of the organisation', async () => {
    const hub2 = await t.f.hub({ organizationId: ten.organization.id, name: 'Second hub' });
    const event = await t.f.event({ eventHubId: ten.hub.id });
    const res = await t.as(ten.tokens.orgAdmin, {
      method: 'PATCH',
      url: `${url}/${event.id}`,
      payload: { eventHubId: hub2.id },
    });
    expect(res.json()).toMatchObject({
      eventHubId: hub2.id,
      eventHubName: 'Second hub',
      organizationId: ten.organization.id,
    });
    const foreign = await t.as(ten.tokens.orgAdmin, {
      method: 'PATCH',
      url: `${url}/${event.id}`,
      payload: { eventHubId: other.hub.id },
    });
    expect(foreign.statusCode).toBe(404);
    // A super admin may move it into another organisation; organization_id follows the hub.
    await t.as(su, { method: 'PATCH', url: `${url}/${event.id}`, payload: { eventHubId: other.hub.id } });
    const row = await t.deps.db
      .selectFrom('events')
      .select('organizationId')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(row.organizationId).toBe(other.organization.id);
  });

  it("offers the filter options of the caller's scope", async () => {
    const mine = await t.as(ten.tokens.eventAdmin, { method: 'GET', url: `${url}/filters` });
    expect(mine.json()).toEqual({
      organizations: [{ id: ten.organization.id, name: ten.organization.name }],
      eventHubs: [{ id: ten.hub.id, name: ten.hub.name, organizationId: ten.organization.id }],
    });
    const hubAdmin = await t.as(other.tokens.hubAdmin, { method: 'GET', url: `${url}/filters` });
    expect(hubAdmin.json().eventHubs.map((h: { id: string }) => h.id)).toEqual([other.hub.id]);
    const all = await t.as(su, { method: 'GET', url: `${url}/filters` });
    expect(all.json().organizations.map((o: { id: string }) => o.id)).toEqual(
      expect.arrayContaining([ten.organization.id, other.organization.id]),
    );
  });
});

describe('events: list and export', () => {
  let hub: { id: string };
  beforeAll(async () => {
    const org = await t.f.organization({ name: 'Listing Org' });
    hub = await t.f.hub({ organizationId: org.id, name: 'Listing Hub' });
    const day = (d: number) => new Date(Date.UTC(2027, 0, d, 9));
    for (const [name, d] of [
      ['Delta Expo', 4],
      ['alpha expo', 2],
      ['Charlie Expo', 3],
      ['Bravo Expo', 1],
      ['=HYPERLINK("x") expo', 5],
    ] as const) {
      await t.f.event({ eventHubId: hub.id, name, startAt: day(d), endAt: day(d + 1) });
    }
  });

  it('searches, filters, sorts and pages', async () => {
    const q = (query: string) =>
      t.as(su, { method: 'GET', url: `${url}?eventHubId=${hub.id}&${query}` }).then((r) => r.json());
    expect((await q('sort=name:asc')).records.map((e: { name: string }) => e.name)).toEqual([
      '=HYPERLINK("x") expo',
      'alpha expo',
      'Bravo Expo',
      'Charlie Expo',
      'Delta Expo',
    ]);
    expect((await q('sort=startAt:asc&limit=2&page=2')).records.map((e: { name: string }) => e.name)).toEqual(
      ['Charlie Expo', 'Delta Expo'],
    );
    expect((await q('sort=endAt:desc&limit=1')).records[0].name).toBe('=HYPERLINK("x") expo');
    expect(
      (await q('search=EXPO&startAtFrom=2027-01-02&startAtTo=2027-01-03&sort=startAt:desc')).records.map(
        (e: { name: string }) => e.name,
      ),
    ).toEqual(['Charlie Expo', 'alpha expo']);
    expect((await q('startAtFrom=2027-01-05T09:00:00Z')).total).toBe(1);
    expect((await q('sort=organizationName:asc')).total).toBe(5);
    const defaultOrder = (await q('')).records.map((e: { startAt: string }) => e.startAt);
    expect(defaultOrder).toEqual([...defaultOrder].sort().reverse());
    const byOrg = await t.as(su, {
      method: 'GET',
      url: `${url}?organizationId=${ten.organization.id}&limit=1000`,
    });
    expect(
      byOrg.json().records.every((e: { organizationId: string }) => e.organizationId === ten.organization.id),
    ).toBe(true);
    for (const bad of ['startAtFrom=tomorrow', 'eventHubId=x', 'sort=timezone:asc', 'limit=1000001']) {
      expect((await t.as(su, { method: 'GET', url: `${url}?${bad}` })).statusCode, bad).toBe(400);
    }
  });

  it('exports every matching event, formulas neutralised', async () => {
    const csv = readCsv(
      (await t.as(su, { method: 'GET', url: `${url}/export?eventHubId=${hub.id}&sort=startAt:asc&limit=2` }))
        .body,
    );
    expect(csv[0]).toEqual([
      'Name',
      'Organization',
      'Event hub',
      'Start',
      'End',
      'Time zone',
      'Address',
      'Created at',
      'Updated at',
    ]);
    expect(csv.slice(1).map((r) => r[0])).toEqual([
      'Bravo Expo',
      'alpha expo',
      'Charlie Expo',
      'Delta Expo',
      `'=HYPERLINK("x") expo`,
    ]);
    expect(csv[1]![3]).toBe('2027-01-01T09:00:00.000Z');
    const xlsx = await readXlsx(
      (
        await t.as(su, {
          method: 'GET',
          url: `${url}/export?format=xlsx&eventHubId=${hub.id}&search=hyperlink&columns=name,startAt`,
        })
      ).rawPayload,
    );
    expect(xlsx).toEqual([
      ['Name', 'Start'],
      [`'=HYPERLINK("x") expo`, new Date('2027-01-05T09:00:00Z')],
    ]);
  });
});

describe('events: bad input', () => {
  it('answers 400 with field messages and 404 for unknown or foreign hubs', async () => {
    const missing = await t.as(su, { method: 'POST', url, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      name: MESSAGES.required,
      eventHubId: MESSAGES.required,
      startAt: MESSAGES.required,
      endAt: MESSAGES.required,
      timezone: TENANCY_MESSAGES.timezoneOrAddressRequired,
    });
    const long = await t.as(su, {
      method: 'POST',
      url,
      payload: {
        ...body(),
        name: 'n'.repeat(301),
        address: 'a'.repeat(501),
        description: 'd'.repeat(10_001),
      },
    });
    expect(long.json().fields).toEqual({
      name: MESSAGES.maxLength,
      address: MESSAGES.maxLength,
      description: MESSAGES.maxLength,
    });
    const types = await t.as(su, {
      method: 'POST',
      url,
      payload: { ...body(), startAt: 12, name: { x: 1 } },
    });
    expect(types.statusCode).toBe(400);
    expect(Object.keys(types.json().fields).sort()).toEqual(['name', 'startAt']);
    expect(
      (
        await t.as(su, {
          method: 'POST',
          url,
          payload: { ...body(), eventHubId: '00000000-0000-4000-8000-000000000000' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(ten.tokens.orgAdmin, {
          method: 'POST',
          url,
          payload: { ...body(), eventHubId: other.hub.id },
        })
      ).json().fields,
    ).toEqual({ eventHubId: MESSAGES.notFound });
    expect(
      (
        await t.as(su, {
          method: 'PATCH',
          url: `${url}/${ten.event.id}`,
          headers: { 'content-type': 'application/json' },
          payload: '{"name":',
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.as(su, { method: 'GET', url: `${url}/1' OR '1'='1` })).statusCode).toBe(400);
    expect(
      (await t.as(su, { method: 'GET', url: `${url}/00000000-0000-4000-8000-000000000000` })).statusCode,
    ).toBe(404);
  });
});
