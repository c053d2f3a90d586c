import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TENANCY_MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { by, itEachPermission, statuses, type MatrixCase } from '../../../test/permission-matrix.js';

/** The super admin's approvals of the hosts an organisation may bind (docs/SECURITY.md 3.9). */
type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;

let t: TestContext;
let a: Tenant;
let b: Tenant;
let su: string;

beforeAll(async () => {
  t = await createTestContext();
  a = await t.f.tenant();
  b = await t.f.tenant();
  su = a.tokens.superadmin;
});
afterAll(() => t.close());

const freshHost = () => `h-${randomUUID().slice(0, 8)}.example`;
const hostsUrl = (organizationId: string) => `/api/v1/organizations/${organizationId}/approved-hosts`;
const approve = (organizationId: string, host: unknown, token = su) =>
  t.as(token, { method: 'POST', url: hostsUrl(organizationId), payload: { host } });
const approvedRow = async (organizationId: string) => {
  const host = freshHost();
  await t.deps.db.insertInto('approvedHosts').values({ host, organizationId, approvedBy: null }).execute();
  return host;
};

describe('approved hosts: who may call', () => {
  // Super admins only: every other role of the own or another tenant is refused before any record is read.
  const onlySuperAdmin = (ok: number) => statuses(by(ok, 403, 403, 403, 403, 403, 401));
  const CASES: MatrixCase<Tenant>[] = [
    {
      name: 'list approved hosts',
      method: 'GET',
      request: async (x) => ({ url: hostsUrl(x.organization.id) }),
      expected: onlySuperAdmin(200),
    },
    {
      name: 'approve a host',
      method: 'POST',
      request: async (x) => ({ url: hostsUrl(x.organization.id), payload: { host: freshHost() } }),
      expected: onlySuperAdmin(201),
    },
    {
      name: 'revoke a host',
      method: 'DELETE',
      request: async (x) => ({
        url: `${hostsUrl(x.organization.id)}/${await approvedRow(x.organization.id)}`,
      }),
      expected: onlySuperAdmin(204),
    },
  ];
  itEachPermission(CASES, () => ({ t, tokens: a.tokens, own: a, other: b }));

  it('an organisation admin can not approve a host for their own organisation and then bind it', async () => {
    const host = freshHost();
    expect((await approve(a.organization.id, host, a.tokens.orgAdmin)).statusCode).toBe(403);
    const bind = await t.as(a.tokens.orgAdmin, {
      method: 'PATCH',
      url: `/api/v1/organizations/${a.organization.id}`,
      payload: { sso: { issuer: 'https://login.example', clientId: 'c', clientSecret: 's', hosts: [host] } },
    });
    expect(bind.statusCode).toBe(400);
    expect(bind.json().fields).toEqual({ 'sso.hosts': `${host}: ${TENANCY_MESSAGES.ssoHostNotApproved}` });
  });
});

describe('approved hosts: approving, listing, revoking', () => {
  it('approves a host (folding upper case), lists it with who approved it, and records the audit row', async () => {
    const org = await t.f.organization();
    const res = await approve(org.id, '  Events.Contoso.Example:8443 ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      host: 'events.contoso.example:8443',
      approvedAt: expect.any(String),
      approvedBy: { firstName: a.users.superadmin.firstName, lastName: a.users.superadmin.lastName },
    });
    expect((await approve(org.id, 'cms.contoso.example')).statusCode).toBe(201);
    const list = await t.as(su, { method: 'GET', url: hostsUrl(org.id) });
    expect(list.json()).toMatchObject({
      total: 2,
      records: [{ host: 'cms.contoso.example' }, { host: 'events.contoso.example:8443' }],
    });
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'entity', 'actorId'])
      .where('entityId', '=', 'events.contoso.example:8443')
      .execute();
    expect(audit).toEqual([{ action: 'create', entity: 'approved-host', actorId: a.users.superadmin.id }]);

    const revoked = await t.as(su, {
      method: 'DELETE',
      url: `${hostsUrl(org.id)}/events.contoso.example:8443`,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await t.as(su, { method: 'GET', url: hostsUrl(org.id) })).json()).toMatchObject({
      total: 1,
      records: [{ host: 'cms.contoso.example' }],
    });
  });

  it('refuses platform hosts: brand hosts, PUBLIC_URL and its cms. twin, with any port', async () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'cms.localhost',
      'cms.localhost:8443',
      'summit.localhost',
      'cms.summit.localhost',
      '127.0.0.1',
    ]) {
      const res = await approve(a.organization.id, host);
      expect(res.statusCode, host).toBe(400);
      expect(res.json().fields, host).toEqual({ host: TENANCY_MESSAGES.approvedHostPlatform });
    }
  });

  it('gives a host name to one organisation only, with or without port', async () => {
    const host = freshHost();
    expect((await approve(a.organization.id, host)).statusCode).toBe(201);
    for (const taken of [host, `${host}:8443`]) {
      const res = await approve(b.organization.id, taken);
      expect(res.statusCode, taken).toBe(409);
      expect(res.json().fields).toEqual({ host: TENANCY_MESSAGES.approvedHostTaken });
    }
    const again = await approve(a.organization.id, host.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ host: TENANCY_MESSAGES.approvedHostExists });
    // The same organisation may add a port form of its own name.
    expect((await approve(a.organization.id, `${host}:8443`)).statusCode).toBe(201);
    // With a port first, the bare name is taken for other organisations too.
    const ported = `${freshHost()}:9443`;
    expect((await approve(a.organization.id, ported)).statusCode).toBe(201);
    expect((await approve(b.organization.id, ported.replace(/:\d+$/, ''))).statusCode).toBe(409);
  });

  it('answers malformed input with 400 on the field, never 500', async () => {
    const bad: unknown[] = [
      'https://evil.example',
      'evil.example/path',
      'evil.example:',
      'evil.example:0',
      'evil.example:70000',
      'evil..example',
      '-evil.example',
      'evil.example.',
      'ev il.example',
      'user@evil.example',
      'evil.example\u0000',
      'ëvil.example',
      `${'a'.repeat(64)}.example`,
      'x'.repeat(300),
    ];
    for (const host of bad) {
      const res = await approve(a.organization.id, host);
      expect(res.statusCode, String(host)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), String(host)).toEqual(['host']);
    }
    for (const host of ['', '   ', 42, null]) {
      const res = await approve(a.organization.id, host);
      expect(res.statusCode, String(host)).toBe(400);
      expect(res.json().fields.host, String(host)).toBeDefined();
    }
    const missing = await t.as(su, { method: 'POST', url: hostsUrl(a.organization.id), payload: {} });
    expect(missing.json()).toMatchObject({ statusCode: 400, fields: { host: MESSAGES.required } });
    expect((await t.as(su, { method: 'GET', url: hostsUrl('not-a-uuid') })).statusCode).toBe(400);
    expect(
      (
        await t.as(su, {
          method: 'DELETE',
          url: `${hostsUrl(a.organization.id)}/${encodeURIComponent('a/b')}`,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('404 for an unknown organisation, and for revoking a host the organisation does not have', async () => {
    const unknown = randomUUID();
    expect((await t.as(su, { method: 'GET', url: hostsUrl(unknown) })).statusCode).toBe(404);
    expect((await approve(unknown, freshHost())).statusCode).toBe(404);
    const bHost = await approvedRow(b.organization.id);
    // Revoking through another organisation's id leaves the approval in place.
    expect(
      (await t.as(su, { method: 'DELETE', url: `${hostsUrl(a.organization.id)}/${bHost}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.as(su, { method: 'DELETE', url: `${hostsUrl(a.organization.id)}/${freshHost()}` })).statusCode,
    ).toBe(404);
    const stillThere = await t.deps.db
      .selectFrom('approvedHosts')
      .select('organizationId')
      .where('host', '=', bHost)
      .executeTakeFirst();
    expect(stillThere?.organizationId).toBe(b.organization.id);
  });

  it('revoking removes the host, and only the hosts no other approval covers, from the SSO provider', async () => {
    const org = await t.f.organization();
    const name = freshHost();
    for (const host of [name, `cms.${name}`]) expect((await approve(org.id, host)).statusCode).toBe(201);
    const saved = await t.as(su, {
      method: 'PATCH',
      url: `/api/v1/organizations/${org.id}`,
      payload: {
        sso: {
          issuer: 'https://login.example',
          clientId: 'c',
          clientSecret: 's',
          hosts: [`${name}:8443`, `cms.${name}`, name],
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await t.as(su, { method: 'DELETE', url: `${hostsUrl(org.id)}/${name}` })).statusCode).toBe(204);
    const org2 = await t.as(su, { method: 'GET', url: `/api/v1/organizations/${org.id}` });
    expect(org2.json().sso.hosts).toEqual([`cms.${name}`]);
  });

  it('is described in the OpenAPI document, with who may call it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const list = doc.paths['/api/v1/organizations/{id}/approved-hosts'];
    const one = doc.paths['/api/v1/organizations/{id}/approved-hosts/{host}'];
    for (const op of [list.get, list.post, one.delete]) {
      expect(op.summary).toMatch(/\(super admin\)$/);
      expect(op.description).toContain('Super admins only');
    }
    expect(Object.keys(list.post.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '403',
      '404',
      '409',
      '422',
    ]);
    expect(Object.keys(one.delete.responses).sort()).toEqual(['204', '400', '401', '403', '404']);
  });

  it('deleting the organisation deletes its approvals', async () => {
    const org = await t.f.organization();
    const host = await approvedRow(org.id);
    expect((await t.as(su, { method: 'DELETE', url: `/api/v1/organizations/${org.id}` })).statusCode).toBe(
      204,
    );
    expect(
      await t.deps.db.selectFrom('approvedHosts').select('host').where('host', '=', host).execute(),
    ).toEqual([]);
  });
});
