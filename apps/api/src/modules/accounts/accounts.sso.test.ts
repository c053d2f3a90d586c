import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@plenary/domain';
import { completeOidcLogin, startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { TEST_PASSWORD } from '../../../test/factories.js';
import { SSO_COOKIE, upsertSsoProvider } from './accounts.service.js';
import { clientConfig } from './accounts.sso.js';
import { randomIp, signIn } from './accounts.test-utils.js';

let t: TestContext;
let idp: TestOidcProvider;
type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;
let tenant: Tenant;
let elsewhere: Tenant;

// The organisation's own hosts, approved for it by a super admin (shared platform hosts never serve an organisation's provider).
const CMS = 'cms.northwind.localhost:3000';
const SITE = 'northwind.localhost:3000';
const approve = (organizationId: string, ...hosts: string[]) =>
  t.deps.db
    .insertInto('approvedHosts')
    .values(hosts.map((host) => ({ host, organizationId, approvedBy: null })))
    .execute();

beforeAll(async () => {
  // The provider listens on 127.0.0.1: the API may reach it only because the test allows that host.
  t = await createTestContext({ EGRESS_ALLOW_HOSTS: '127.0.0.1' });
  tenant = await t.f.tenant();
  elsewhere = await t.f.tenant();
  idp = await startOidcProvider({
    redirectUris: [`http://${CMS}/login/callback`, `http://${SITE}/login/callback`],
    users: [
      { email: tenant.users.orgAdmin.email, givenName: 'Olivia', familyName: 'Hart' },
      { email: 'new.person@example.com', givenName: 'Nora', familyName: 'New' },
      { login: 'unverified', email: 'unverified@example.com', emailVerified: false },
      { email: tenant.users.superadmin.email },
      { email: elsewhere.users.participant.email },
    ],
  });
  await approve(tenant.organization.id, 'cms.northwind.localhost', 'northwind.localhost');
  await upsertSsoProvider(t.deps, {
    organizationId: tenant.organization.id,
    name: 'Northwind Login',
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    hosts: [CMS, SITE],
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** GET sso/start → provider login + consent → back at /login/callback: code, state and the binding cookie. */
async function ssoFlow(login: string, host = CMS) {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/v1/auth/sso/start?host=${encodeURIComponent(host)}&redirect=${encodeURIComponent('/events')}`,
  });
  expect(start.statusCode).toBe(302);
  const location = String(start.headers.location);
  const setCookie = String(start.headers['set-cookie']);
  const cookie = setCookie.split(';')[0]!;
  const callback = await completeOidcLogin(location, login);
  return {
    start,
    location,
    setCookie,
    cookie,
    callback,
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
  };
}

const finish = (f: { code: string; state: string; cookie: string }, host = CMS, cookie = f.cookie) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth',
    payload: { sso: true, token: f.code, state: f.state, host },
    headers: { cookie },
    remoteAddress: randomIp(),
  });

describe('GET auth/sso/providers', () => {
  it('says whether the host has a provider', async () => {
    const on = await t.app.inject({ method: 'GET', url: `/api/v1/auth/sso/providers?host=${CMS}` });
    expect(on.json()).toEqual({ enabled: true, name: 'Northwind Login' });
    // The port does not matter when the provider lists the bare host, and the Host header is the default.
    const byHeader = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/sso/providers',
      headers: { host: SITE },
    });
    expect(byHeader.json()).toEqual({ enabled: true, name: 'Northwind Login' });
    const off = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/sso/providers?host=summit.localhost',
    });
    expect(off.json()).toEqual({ enabled: false });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/sso/providers?host=a/b' })).statusCode,
    ).toBe(400);
  });
});

describe('single sign-on, end to end with a real OpenID Connect provider', () => {
  it('start redirects to the provider with PKCE, state and nonce, and binds the attempt to the browser', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/sso/start?host=${CMS}&redirect=/events`,
    });
    expect(start.statusCode).toBe(302);
    const url = new URL(String(start.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: idp.clientId,
      redirect_uri: `http://${CMS}/login/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const state = url.searchParams.get('state')!;
    const row = await t.deps.db
      .selectFrom('ssoStates')
      .selectAll()
      .where('state', '=', state)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ host: CMS, redirect: '/events', nonce: url.searchParams.get('nonce') });
    expect(row.codeVerifier).not.toBe(url.searchParams.get('code_challenge'));
    expect(String(start.headers['set-cookie'])).toBe(
      `${SSO_COOKIE}=${state}; Path=/api/v1/auth; HttpOnly; SameSite=Lax; Max-Age=600`,
    );
    expect(start.headers['cache-control']).toBe('no-store');
  });

  it('signs an existing admin in on the cms host and uses the state once', async () => {
    const flow = await ssoFlow(tenant.users.orgAdmin.email);
    expect(`${flow.callback.origin}${flow.callback.pathname}`).toBe(`http://${CMS}/login/callback`);
    const res = await finish(flow);
    expect(res.statusCode).toBe(200);
    expect(res.json().tokenData).toMatchObject({
      userId: tenant.users.orgAdmin.id,
      organizationUserRole: 'admin',
      organizationId: tenant.organization.id,
    });
    expect(String(res.headers['set-cookie'])).toContain(
      `${SSO_COOKIE}=; Path=/api/v1/auth; HttpOnly; SameSite=Lax; Max-Age=0`,
    );
    expect(
      (await t.as(res.json().token, { method: 'GET', url: `/api/v1/users/${tenant.users.orgAdmin.id}` }))
        .statusCode,
    ).toBe(200);
    expect(
      await t.deps.db
        .selectFrom('ssoStates')
        .select('state')
        .where('state', '=', flow.state)
        .executeTakeFirst(),
    ).toBeUndefined();
    const session = await t.deps.db
      .selectFrom('authSessions')
      .select('loginType')
      .where('id', '=', res.json().tokenData.sid)
      .executeTakeFirstOrThrow();
    expect(session.loginType).toBe('cms');
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('actorId', '=', tenant.users.orgAdmin.id)
      .where('action', '=', 'sign-in.sso')
      .execute();
    expect(audit).toHaveLength(1);
    // The same code and state again: refused.
    const replay = await finish(flow);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(ACCOUNT_MESSAGES.ssoStateInvalid);
  });

  it('creates a verified account without password for a new person (event host), and refuses them on cms', async () => {
    const flow = await ssoFlow('new.person@example.com', SITE);
    const res = await finish(flow, SITE);
    expect(res.statusCode).toBe(200);
    const user = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'new.person@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ firstName: 'Nora', lastName: 'New', passwordHash: null, userRole: 'user' });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(res.json().tokenData.userId).toBe(user.id);
    // A participant (no console role) on the cms host: the spec's message.
    const cms = await finish(await ssoFlow('new.person@example.com', CMS));
    expect(cms.statusCode).toBe(403);
    expect(cms.json().message).toBe(MESSAGES.notAuthorizedCms);
  });

  it('refuses an attempt without the browser cookie, from another host, or with a wrong PKCE verifier', async () => {
    const noCookie = await ssoFlow(tenant.users.orgAdmin.email);
    expect((await finish(noCookie, CMS, '')).statusCode).toBe(401);
    // …and the state is spent: the right cookie afterwards does not help.
    expect((await finish(noCookie)).statusCode).toBe(401);

    const otherHost = await ssoFlow(tenant.users.orgAdmin.email);
    const wrongHost = await finish(otherHost, SITE);
    expect(wrongHost.statusCode).toBe(401);
    expect(wrongHost.json().message).toBe(ACCOUNT_MESSAGES.ssoStateInvalid);

    const pkce = await ssoFlow(tenant.users.orgAdmin.email);
    await t.deps.db
      .updateTable('ssoStates')
      .set({ codeVerifier: 'x'.repeat(43) })
      .where('state', '=', pkce.state)
      .execute();
    const badPkce = await finish(pkce);
    expect(badPkce.statusCode).toBe(401);
    expect(badPkce.json().message).toBe(ACCOUNT_MESSAGES.ssoFailed);

    const nonce = await ssoFlow(tenant.users.orgAdmin.email);
    await t.deps.db
      .updateTable('ssoStates')
      .set({ nonce: 'not-the-nonce' })
      .where('state', '=', nonce.state)
      .execute();
    expect((await finish(nonce)).statusCode).toBe(401);

    const stale = await ssoFlow(tenant.users.orgAdmin.email);
    // created_at is insert-only in the schema types; the test ages the row on purpose.
    await t.deps.db
      .updateTable('ssoStates')
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) } as never)
      .where('state', '=', stale.state)
      .execute();
    expect((await finish(stale)).statusCode).toBe(401);

    const unknown = await finish({
      code: 'abc',
      state: 'no-such-state',
      cookie: `${SSO_COOKIE}=no-such-state`,
    });
    expect(unknown.statusCode).toBe(401);
  });

  it('checks the iss callback parameter (RFC 9207) when the app forwards it', async () => {
    const flow = await ssoFlow(tenant.users.orgAdmin.email);
    expect(flow.callback.searchParams.get('iss')).toBe(idp.issuer);
    const post = (f: typeof flow, iss: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth',
        payload: { sso: true, token: f.code, state: f.state, iss, host: CMS },
        headers: { cookie: f.cookie },
        remoteAddress: randomIp(),
      });
    expect((await post(flow, idp.issuer)).statusCode).toBe(200);
    const mixedUp = await ssoFlow(tenant.users.orgAdmin.email);
    const res = await post(mixedUp, 'https://attacker.example');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.ssoFailed);
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const res = await finish(await ssoFlow('unverified', SITE), SITE);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.ssoEmailNotVerified);
    expect(
      await t.deps.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'unverified@example.com')
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it("an organisation's provider can not sign in a super admin or someone with roles in another organisation", async () => {
    const sup = await finish(await ssoFlow(tenant.users.superadmin.email));
    expect(sup.statusCode).toBe(403);
    expect(sup.json().message).toBe(ACCOUNT_MESSAGES.ssoAccountElsewhere);
    const outsider = await finish(await ssoFlow(elsewhere.users.participant.email, SITE), SITE);
    expect(outsider.statusCode).toBe(403);
  });

  it('an unverified account registered by someone else is taken over by the address owner: its password goes', async () => {
    const squatter = await t.f.user({ email: 'squatted@example.com', verified: false });
    idp.addUser({ email: 'squatted@example.com' });
    const res = await finish(await ssoFlow('squatted@example.com', SITE), SITE);
    expect(res.statusCode).toBe(200);
    const after = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', squatter.id)
      .executeTakeFirstOrThrow();
    expect(after.passwordHash).toBeNull();
    expect(after.emailVerifiedAt).not.toBeNull();
    expect(
      (await signIn(t, { email: 'squatted@example.com', password: TEST_PASSWORD, host: SITE })).statusCode,
    ).toBe(401);
  });

  it('a redirect may only be a path on the same host', async () => {
    for (const [redirect, stored] of [
      ['/events/1', '/events/1'],
      ['//evil.example', null],
      ['https://evil.example', null],
      ['/\\evil', null],
    ] as const) {
      const start = await t.app.inject({
        method: 'GET',
        url: `/api/v1/auth/sso/start?host=${CMS}&redirect=${encodeURIComponent(redirect)}`,
      });
      const state = new URL(String(start.headers.location)).searchParams.get('state')!;
      const row = await t.deps.db
        .selectFrom('ssoStates')
        .select('redirect')
        .where('state', '=', state)
        .executeTakeFirstOrThrow();
      expect(row.redirect, redirect).toBe(stored);
    }
  });

  it('404 for a host without a provider; 502 when the provider can not be reached', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/auth/sso/start?host=summit.localhost' });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(ACCOUNT_MESSAGES.ssoNotConfigured);
    const org = await t.f.organization();
    await approve(org.id, 'down.localhost');
    await upsertSsoProvider(t.deps, {
      organizationId: org.id,
      name: 'Down',
      issuer: 'http://127.0.0.1:1',
      clientId: 'c',
      clientSecret: 's',
      hosts: ['down.localhost'],
    });
    const down = await t.app.inject({ method: 'GET', url: '/api/v1/auth/sso/start?host=down.localhost' });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe(ACCOUNT_MESSAGES.ssoProviderUnreachable);
  });
});

describe('outbound requests to providers (SSRF guard)', () => {
  const provider = (issuer: string) => ({
    id: 'x',
    organizationId: null,
    name: 'x',
    issuer,
    clientId: 'c',
    clientSecret: 's',
    hosts: [],
  });

  it('refuses loopback and private issuers unless allowed in EGRESS_ALLOW_HOSTS', async () => {
    await expect(clientConfig(provider(idp.issuer), { EGRESS_ALLOW_HOSTS: '' })).rejects.toThrow(
      /private address/,
    );
    await expect(clientConfig(provider('https://10.0.0.1'), { EGRESS_ALLOW_HOSTS: '' })).rejects.toThrow(
      /private address/,
    );
    await expect(clientConfig(provider('https://[::1]:8443'), { EGRESS_ALLOW_HOSTS: '' })).rejects.toThrow(
      /private address/,
    );
    await expect(
      clientConfig(provider('https://169.254.169.254'), { EGRESS_ALLOW_HOSTS: '' }),
    ).rejects.toThrow(/private address/);
    await expect(
      clientConfig(provider(idp.issuer), { EGRESS_ALLOW_HOSTS: '127.0.0.1' }),
    ).resolves.toBeTruthy();
  });

  it('never allows plain http except towards a loopback issuer', async () => {
    await expect(
      clientConfig(provider('http://login.example.com'), { EGRESS_ALLOW_HOSTS: 'login.example.com' }),
    ).rejects.toThrow();
  });
});

describe('upsertSsoProvider (for the organisation form)', () => {
  it('creates, then updates in place; refuses bad issuers, unapproved hosts and hosts another provider serves', async () => {
    const org = await t.f.organization();
    await approve(org.id, 'acme.localhost', 'cms.acme.localhost');
    const base = {
      organizationId: org.id,
      name: 'Acme SSO',
      issuer: 'https://login.acme.example',
      clientId: 'acme',
      clientSecret: 'secret',
      hosts: ['Acme.Localhost:3000', 'cms.acme.localhost'],
    };
    const { id } = await upsertSsoProvider(t.deps, base);
    const again = await upsertSsoProvider(t.deps, { ...base, name: 'Acme Login' });
    expect(again.id).toBe(id);
    const row = await t.deps.db
      .selectFrom('ssoProviders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Acme Login',
      hosts: ['acme.localhost:3000', 'cms.acme.localhost'],
      issuer: 'https://login.acme.example',
    });

    await expect(
      upsertSsoProvider(t.deps, { ...base, issuer: 'http://login.acme.example' }),
    ).rejects.toMatchObject({ statusCode: 400, fields: { issuer: MESSAGES.invalidUrl } });
    await expect(upsertSsoProvider(t.deps, { ...base, issuer: 'not a url' })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(upsertSsoProvider(t.deps, { ...base, hosts: ['bad host/'] })).rejects.toMatchObject({
      statusCode: 400,
      fields: { hosts: ACCOUNT_MESSAGES.invalidHost },
    });
    // Another organisation can not bind hosts that are not approved for it (approvals are one organisation's each) …
    const rival = await t.f.organization();
    await expect(
      upsertSsoProvider(t.deps, { ...base, organizationId: rival.id, hosts: [CMS] }),
    ).rejects.toMatchObject({ statusCode: 400 });
    // … and an operator-wide provider (no organisation) still can not take a host another provider serves.
    await expect(
      upsertSsoProvider(t.deps, { ...base, organizationId: null, hosts: [CMS] }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });
});
