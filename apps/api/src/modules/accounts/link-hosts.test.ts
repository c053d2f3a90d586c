import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANCY_MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { consoleOrigin } from '../agenda/moderators.service.js';
import { linkOrigin } from '../../platform/link-hosts.js';
import { firstLink, randomIp } from './accounts.test-utils.js';

// Finding 2 of issue 9: an organisation admin chose the host of reset links and the shared hosts'
// sign-in button. PUBLIC_URL is http://localhost:3000 in tests; brand hosts are in config/brands.json.
let t: TestContext;
type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;
let acme: Tenant;
let rival: Tenant;
const ACME = 'events.acme.test';
const RIVAL = 'events.rival.test';
const PUBLIC = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestContext();
  acme = await t.f.tenant();
  rival = await t.f.tenant();
  for (const [org, host] of [
    [acme, ACME],
    [acme, `cms.${ACME}`],
    [rival, RIVAL],
  ] as const) {
    const res = await t.as(acme.tokens.superadmin, {
      method: 'POST',
      url: `/api/v1/organizations/${org.organization.id}/approved-hosts`,
      payload: { host },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

const sso = (hosts: string[]) => ({
  issuer: 'https://login.acme.example',
  clientId: 'acme',
  clientSecret: 'secret',
  hosts,
});
const saveSso = (tenant: Tenant, hosts: string[]) =>
  t.as(tenant.tokens.orgAdmin, {
    method: 'PATCH',
    url: `/api/v1/organizations/${tenant.organization.id}`,
    payload: { sso: sso(hosts) },
  });

/** Requests a reset for `email` on `host`, runs the job, and answers the link it e-mailed. */
async function resetLink(email: string, host: string): Promise<URL> {
  const before = t.mail.sent.length;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/reset-password/request',
    payload: { email, host },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode).toBe(202);
  await t.drainJobs();
  const mails = t.mail.sent.slice(before).filter((m) => m.to === email);
  expect(mails).toHaveLength(1);
  return firstLink(mails[0]!);
}

describe("an organisation's SSO hosts", () => {
  it('refuses hosts nobody approved for it, platform hosts and hosts approved for another organisation', async () => {
    for (const host of [
      'evil.example',
      'localhost',
      'localhost:3000',
      'cms.localhost',
      'cms.localhost:3000',
      'summit.localhost',
      '127.0.0.1',
      RIVAL,
    ]) {
      const res = await saveSso(acme, [ACME, host]);
      expect(res.statusCode, host).toBe(400);
      const message = res.json().fields['sso.hosts'];
      expect(message, host).toMatch(new RegExp(`^${host.replace(/\./g, '\\.')}: `));
      expect(
        [TENANCY_MESSAGES.ssoHostNotApproved, TENANCY_MESSAGES.approvedHostPlatform].some((m) =>
          message.endsWith(m),
        ),
        host,
      ).toBe(true);
    }
    // Nothing of the refused saves was stored.
    expect(
      await t.deps.db
        .selectFrom('ssoProviders')
        .select('id')
        .where('organizationId', '=', acme.organization.id)
        .execute(),
    ).toHaveLength(0);
  });

  it('accepts its approved hosts, a bare approval with any port', async () => {
    const res = await saveSso(acme, [ACME, `cms.${ACME}:8443`]);
    expect(res.statusCode).toBe(200);
    expect(res.json().sso.hosts).toEqual([ACME, `cms.${ACME}:8443`]);
  });
});

describe('links in e-mails', () => {
  it('a reset requested on a foreign host is mailed with a link on PUBLIC_URL', async () => {
    for (const host of ['evil.example', 'evil.example:443', 'localhost.evil.example']) {
      expect((await resetLink(acme.users.superadmin.email, host)).origin, host).toBe(PUBLIC);
    }
  });

  it("an organisation's approved host is used for its own people only, never for the super admin or another organisation's", async () => {
    expect((await resetLink(acme.users.superadmin.email, ACME)).origin).toBe(PUBLIC);
    expect((await resetLink(rival.users.orgAdmin.email, ACME)).origin).toBe(PUBLIC);
    expect((await resetLink(rival.users.participant.email, ACME)).origin).toBe(PUBLIC);
    // Members at every level and participants of its events get their organisation's host.
    for (const who of ['orgAdmin', 'hubAdmin', 'eventAdmin', 'moderator', 'participant'] as const) {
      expect((await resetLink(acme.users[who].email, ACME)).origin, who).toBe(`http://${ACME}`);
    }
    expect((await resetLink(acme.users.participant.email, `${ACME}:8443`)).origin).toBe(
      `http://${ACME}:8443`,
    );
  });

  it('platform hosts serve everyone', async () => {
    expect((await resetLink(acme.users.superadmin.email, 'cms.summit.localhost:3000')).origin).toBe(
      'http://cms.summit.localhost:3000',
    );
    expect((await resetLink(rival.users.participant.email, 'localhost:3000')).origin).toBe(PUBLIC);
  });

  it('one function decides for every link builder: organisations given by the caller, no recipient, malformed hosts', async () => {
    const deps = t.deps;
    expect(await linkOrigin(deps, ACME)).toBe(PUBLIC);
    expect(await linkOrigin(deps, ACME, { organizationId: acme.organization.id })).toBe(`http://${ACME}`);
    expect(await linkOrigin(deps, ACME, { organizationId: rival.organization.id })).toBe(PUBLIC);
    expect(await linkOrigin(deps, 'EVENTS.ACME.TEST', acme.users.participant.id)).toBe(`http://${ACME}`);
    for (const host of ['', 'a/b', 'evil.example/@localhost', 'localhost:3000@evil.example']) {
      expect(await linkOrigin(deps, host, acme.users.participant.id), host).toBe(PUBLIC);
    }
    // Moderator invitations go to the console twin of the organisation's host, or of PUBLIC_URL.
    expect(await consoleOrigin(deps, ACME, acme.organization.id)).toBe(`http://cms.${ACME}`);
    expect(await consoleOrigin(deps, ACME, rival.organization.id)).toBe('http://cms.localhost:3000');
    expect(await consoleOrigin(deps, 'evil.example', acme.organization.id)).toBe('http://cms.localhost:3000');
  });
});

describe('the sign-in button and SSO start', () => {
  const providers = async (host: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/auth/sso/providers?host=${encodeURIComponent(host)}`,
      })
    ).json();

  it("never resolve a shared or brand host to an organisation's provider, even one stored before approvals existed", async () => {
    const org = await t.f.organization();
    // A provider row from before migration 0012, claiming shared hosts and an unapproved one.
    await t.deps.db
      .insertInto('ssoProviders')
      .values({
        organizationId: org.id,
        name: 'Hijack',
        issuer: 'https://login.hijack.example',
        clientId: 'c',
        clientSecret: 's',
        hosts: ['localhost:3000', 'localhost', 'cms.localhost', 'summit.localhost', 'legacy.example'],
        updatedAt: new Date(),
      })
      .execute();
    for (const host of [
      'localhost:3000',
      'localhost',
      'cms.localhost:3000',
      'summit.localhost',
      'legacy.example',
    ]) {
      expect(await providers(host), host).toEqual({ enabled: false });
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/auth/sso/start?host=${encodeURIComponent(host)}`,
          })
        ).statusCode,
        host,
      ).toBe(404);
    }
    // Approving the organisation's own host brings its button back there, and only there.
    await t.deps.db
      .insertInto('approvedHosts')
      .values({ host: 'legacy.example', organizationId: org.id, approvedBy: null })
      .execute();
    expect(await providers('legacy.example')).toEqual({ enabled: true, name: 'Hijack' });
    expect(await providers('localhost:3000')).toEqual({ enabled: false });
  });

  it("serves an organisation's approved host, and revoking the approval ends it at once", async () => {
    expect(await providers(ACME)).toEqual({ enabled: true, name: acme.organization.name });
    expect(await providers(`cms.${ACME}:8443`)).toEqual({ enabled: true, name: acme.organization.name });
    const revoked = await t.as(acme.tokens.superadmin, {
      method: 'DELETE',
      url: `/api/v1/organizations/${acme.organization.id}/approved-hosts/${ACME}`,
    });
    expect(revoked.statusCode).toBe(204);
    expect(await providers(ACME)).toEqual({ enabled: false });
    expect((await resetLink(acme.users.participant.email, ACME)).origin).toBe(PUBLIC);
    // The host left the provider too; the still approved console host stays.
    const row = await t.deps.db
      .selectFrom('ssoProviders')
      .select('hosts')
      .where('organizationId', '=', acme.organization.id)
      .executeTakeFirstOrThrow();
    expect(row.hosts).toEqual([`cms.${ACME}:8443`]);
  });
});
