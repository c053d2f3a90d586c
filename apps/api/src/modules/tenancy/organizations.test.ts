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

const url = '/api/v1/organizations';
const auditOf = (entityId: string) =>
  t.deps.db
    .selectFrom('auditLog')
    .select(['action', 'entity', 'actorId', 'impersonatedUserId', 'requestId'])
    .where('entityId', '=', entityId)
    .orderBy('createdAt')
    .execute();

describe('organizations', () => {
  it('creates, reads, updates and deletes, recording who and when', async () => {
    const created = await t.as(su, {
      method: 'POST',
      url,
      payload: { name: '  Contoso Events ', settings: { status: 'PUBLISHED' } },
    });
    expect(created.statusCode).toBe(201);
    const org = created.json();
    expect(org).toMatchObject({
      name: 'Contoso Events',
      settings: { status: 'PUBLISHED' },
      updatedBy: { firstName: ten.users.superadmin.firstName, lastName: ten.users.superadmin.lastName },
      sso: null,
    });
    expect(new Date(org.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect((await t.as(su, { method: 'GET', url: `${url}/${org.id}` })).json()).toEqual(org);

    const patched = await t.as(su, {
      method: 'PATCH',
      url: `${url}/${org.id}`,
      payload: { name: 'Contoso', settings: { status: 'DRAFT' } },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Contoso', settings: { status: 'DRAFT' } });
    expect(new Date(patched.json().updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(org.updatedAt).getTime(),
    );

    const deleted = await t.as(su, { method: 'DELETE', url: `${url}/${org.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await t.as(su, { method: 'GET', url: `${url}/${org.id}` })).statusCode).toBe(404);
    expect((await auditOf(org.id)).map((a) => [a.action, a.entity, a.actorId])).toEqual([
      ['create', 'organization', ten.users.superadmin.id],
      ['update', 'organization', ten.users.superadmin.id],
      ['delete', 'organization', ten.users.superadmin.id],
    ]);
  });

  it('lets an organisation admin read and edit their own organisation only', async () => {
    const own = await t.as(ten.tokens.orgAdmin, {
      method: 'PATCH',
      url: `${url}/${ten.organization.id}`,
      payload: { name: 'Renamed by its admin' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().updatedBy).toEqual({
      firstName: ten.users.orgAdmin.firstName,
      lastName: ten.users.orgAdmin.lastName,
    });
    expect(
      (await t.as(ten.tokens.orgAdmin, { method: 'GET', url: `${url}/${other.organization.id}` })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(ten.tokens.orgAdmin, {
          method: 'PATCH',
          url: `${url}/${other.organization.id}`,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    const list = await t.as(ten.tokens.orgAdmin, { method: 'GET', url });
    expect(list.json()).toEqual({
      total: 1,
      records: [expect.objectContaining({ id: ten.organization.id, name: 'Renamed by its admin' })],
    });
    expect(
      (await t.as(ten.tokens.orgAdmin, { method: 'DELETE', url: `${url}/${ten.organization.id}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.as(ten.tokens.orgAdmin, { method: 'POST', url, payload: { name: 'Mine' } })).statusCode,
    ).toBe(403);
  });

  it('records the actor; an admin can not be impersonated to change it (SECURITY.md 3.7)', async () => {
    const before = await auditOf(ten.organization.id);
    const refused = await t.as(su, {
      method: 'PATCH',
      url: `${url}/${ten.organization.id}`,
      headers: { impersonate: ten.users.orgAdmin.id },
      payload: { settings: { status: 'PUBLISHED' } },
    });
    expect(refused.statusCode).toBe(404);
    expect(await auditOf(ten.organization.id)).toEqual(before);
    const res = await t.as(su, {
      method: 'PATCH',
      url: `${url}/${ten.organization.id}`,
      payload: { settings: { status: 'PUBLISHED' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().updatedBy.lastName).toBe(ten.users.superadmin.lastName);
    const last = (await auditOf(ten.organization.id)).at(-1);
    expect(last).toMatchObject({
      action: 'update',
      actorId: ten.users.superadmin.id,
      impersonatedUserId: null,
    });
    expect(last?.requestId).toBe(res.headers['x-request-id']);
  });

  it('removes the roles held on the organisation, its hubs and events when deleting it', async () => {
    const doomed = await t.f.tenant();
    const roles = () =>
      t.deps.db
        .selectFrom('memberships')
        .select('id')
        .where('scopeId', 'in', [doomed.organization.id, doomed.hub.id, doomed.event.id])
        .execute();
    expect(await roles()).toHaveLength(4);
    expect((await t.as(su, { method: 'DELETE', url: `${url}/${doomed.organization.id}` })).statusCode).toBe(
      204,
    );
    expect(await roles()).toHaveLength(0);
    expect(
      await t.deps.db.selectFrom('events').select('id').where('id', '=', doomed.event.id).execute(),
    ).toHaveLength(0);
    expect(
      await t.deps.db
        .selectFrom('participants')
        .select('id')
        .where('eventId', '=', doomed.event.id)
        .execute(),
    ).toHaveLength(0);
  });
});

describe('organizations: single sign-on', () => {
  const sso = {
    issuer: 'https://login.fabrikam.example',
    clientId: 'plenary',
    clientSecret: 'top-secret',
    hosts: ['cms.fabrikam.example', 'Fabrikam.example:8443'],
  };

  it('stores the provider through accounts and never returns the secret', async () => {
    // Hosts must be approved for the organisation first (approved-hosts.test.ts), so a new organisation gets SSO by a PATCH.
    const unapproved = await t.as(su, { method: 'POST', url, payload: { name: 'Fabrikam early', sso } });
    expect(unapproved.statusCode).toBe(400);
    expect(unapproved.json().fields['sso.hosts']).toContain(TENANCY_MESSAGES.ssoHostNotApproved);
    const created = await t.as(su, { method: 'POST', url, payload: { name: 'Fabrikam' } });
    expect(created.statusCode).toBe(201);
    for (const host of ['cms.fabrikam.example', 'fabrikam.example']) {
      expect(
        (
          await t.as(su, {
            method: 'POST',
            url: `${url}/${created.json().id}/approved-hosts`,
            payload: { host },
          })
        ).statusCode,
      ).toBe(201);
    }
    const res = await t.as(su, { method: 'PATCH', url: `${url}/${created.json().id}`, payload: { sso } });
    expect(res.statusCode).toBe(200);
    expect(res.json().sso).toEqual({
      issuer: sso.issuer,
      clientId: 'plenary',
      hosts: ['cms.fabrikam.example', 'fabrikam.example:8443'],
      hasSecret: true,
    });
    expect(res.body).not.toContain('top-secret');
    const id = res.json().id;

    // Without clientSecret the stored one stays.
    const kept = await t.as(su, {
      method: 'PATCH',
      url: `${url}/${id}`,
      payload: { sso: { ...sso, clientSecret: undefined, clientId: 'plenary-2' } },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().sso).toMatchObject({ clientId: 'plenary-2', hasSecret: true });
    const stored = await t.deps.db
      .selectFrom('ssoProviders')
      .select(['clientSecret', 'name'])
      .where('organizationId', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ clientSecret: 'top-secret', name: 'Fabrikam' });

    // Another organisation cannot claim the same host: it is not approved for it.
    const taken = await t.as(su, {
      method: 'POST',
      url,
      payload: { name: 'Copycat', sso: { ...sso, hosts: ['cms.fabrikam.example'] } },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({
      'sso.hosts': `cms.fabrikam.example: ${TENANCY_MESSAGES.ssoHostNotApproved}`,
    });
    expect((await t.as(su, { method: 'GET', url: `${url}?search=Copycat` })).json().total).toBe(0);

    const removed = await t.as(su, { method: 'PATCH', url: `${url}/${id}`, payload: { sso: null } });
    expect(removed.json().sso).toBeNull();
  });

  it('needs a secret for a new provider and a valid issuer', async () => {
    const noSecret = await t.as(su, {
      method: 'POST',
      url,
      payload: { name: 'No secret', sso: { ...sso, clientSecret: undefined, hosts: ['nosecret.example'] } },
    });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().fields).toEqual({ 'sso.clientSecret': MESSAGES.required });
    const badIssuer = await t.as(su, {
      method: 'POST',
      url,
      payload: { name: 'Bad issuer', sso: { ...sso, issuer: 'not a url', hosts: ['bad.example'] } },
    });
    expect(badIssuer.statusCode).toBe(400);
    expect(badIssuer.json().fields['sso.issuer']).toBe(MESSAGES.invalidUrl);
  });
});

describe('organizations: list', () => {
  beforeAll(async () => {
    for (const [name, status] of [
      ['Zeta Widgetco', 'PUBLISHED'],
      ['alpha widgetco', 'DRAFT'],
      ['Beta WidgetCo', 'PUBLISHED'],
      ['=HYPERLINK("http://x.example","go")', 'DRAFT'],
    ] as const) {
      await t.f.organization({ name, status });
    }
  });

  it('searches, filters, sorts and pages', async () => {
    const search = await t.as(su, { method: 'GET', url: `${url}?search=WIDGETCO&sort=name:asc` });
    expect(search.json().records.map((r: { name: string }) => r.name)).toEqual([
      'alpha widgetco',
      'Beta WidgetCo',
      'Zeta Widgetco',
    ]);
    const published = await t.as(su, {
      method: 'GET',
      url: `${url}?search=widgetco&status=PUBLISHED&sort=name:desc`,
    });
    expect(published.json()).toMatchObject({
      total: 2,
      records: [{ name: 'Zeta Widgetco' }, { name: 'Beta WidgetCo' }],
    });
    const page2 = await t.as(su, {
      method: 'GET',
      url: `${url}?search=widgetco&sort=name:asc&limit=2&page=2`,
    });
    expect(page2.json()).toMatchObject({ total: 3, records: [{ name: 'Zeta Widgetco' }] });
    const all = await t.as(su, { method: 'GET', url: `${url}?limit=300` });
    expect(all.json().total).toBeGreaterThanOrEqual(6);
    const sortedByDate = await t.as(su, { method: 'GET', url: `${url}?sort=createdAt:desc&limit=300` });
    const dates = sortedByDate.json().records.map((r: { createdAt: string }) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('refuses bad list queries', async () => {
    for (const query of ['sort=secret:asc', 'sort=name', 'status=ARCHIVED', 'limit=0', 'page=-1']) {
      const res = await t.as(su, { method: 'GET', url: `${url}?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await t.as(su, { method: 'GET', url: `${url}?sort=secret:asc` })).json().fields.sort).toMatch(
      /^Sort by one of: name, status, createdAt, updatedAt/,
    );
  });

  it('exports CSV and XLSX with neutralised formulas', async () => {
    const csv = await t.as(su, { method: 'GET', url: `${url}/export?format=csv&search=hyperlink` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="organizations-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = readCsv(csv.body);
    expect(rows[0]).toEqual([
      'Name',
      'Status',
      'Created at',
      'Updated at',
      'Last modified by',
      'Single sign-on issuer',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      [`'=HYPERLINK("http://x.example","go")`, 'DRAFT'],
    ]);
    const xlsx = await t.as(su, {
      method: 'GET',
      url: `${url}/export?format=xlsx&search=widgetco&sort=name:asc&columns=name,status`,
    });
    expect(await readXlsx(xlsx.rawPayload)).toEqual([
      ['Name', 'Status'],
      ['alpha widgetco', 'DRAFT'],
      ['Beta WidgetCo', 'PUBLISHED'],
      ['Zeta Widgetco', 'PUBLISHED'],
    ]);
    // An organisation admin exports only their own.
    const own = readCsv(
      (await t.as(other.tokens.orgAdmin, { method: 'GET', url: `${url}/export?columns=name` })).body,
    );
    expect(own).toEqual([['Name'], [other.organization.name]]);
  });
});

describe('organizations: bad input', () => {
  it('answers 400 with the spec messages, never 500', async () => {
    const cases: Array<[unknown, Record<string, string> | undefined]> = [
      [{}, { name: MESSAGES.required }],
      [{ name: '   ' }, { name: MESSAGES.required }],
      [{ name: 'x'.repeat(301) }, { name: MESSAGES.maxLength }],
      [{ name: 42 }, undefined],
      [{ name: 'Ok', settings: { status: 'ARCHIVED' } }, undefined],
      [
        {
          name: 'Ok',
          sso: { issuer: 'https://a.example', clientId: 'c', clientSecret: 's', hosts: 'a.example' },
        },
        undefined,
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await t.as(su, { method: 'POST', url, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (fields) expect(res.json().fields).toEqual(fields);
    }
    const malformed = await t.as(su, {
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x"',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Malformed JSON body');
    const patchTypes = await t.as(su, {
      method: 'PATCH',
      url: `${url}/${ten.organization.id}`,
      payload: { name: ['x'] },
    });
    expect(patchTypes.statusCode).toBe(400);
  });

  it('answers 400 for ids that are not UUIDs and 404 for unknown ones', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const bad = await t.as(su, {
        method,
        url: `${url}/not-a-uuid`,
        ...(method === 'PATCH' ? { payload: { name: 'x' } } : {}),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ id: expect.any(String) });
      const unknown = await t.as(su, {
        method,
        url: `${url}/00000000-0000-4000-8000-000000000000`,
        ...(method === 'PATCH' ? { payload: { name: 'x' } } : {}),
      });
      expect(unknown.statusCode).toBe(404);
    }
  });
});
