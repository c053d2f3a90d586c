import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Provider from 'oidc-provider';

/** A person the test provider can sign in (dev login form: type `login`, any password). */
export interface OidcTestUser {
  /** What to type into the provider's login field; the `sub` claim. Defaults to the e-mail. */
  login?: string;
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  port: number;
  /** Adds (or replaces) a user while the provider runs. */
  addUser(user: OidcTestUser): void;
  close(): Promise<void>;
}

export const DEFAULT_REDIRECT_URIS = [
  'http://cms.localhost:3000/login/callback',
  'http://localhost:3000/login/callback',
  'http://cms.localhost:5173/login/callback',
  'http://localhost:5173/login/callback',
];

/**
 * A real OpenID Connect provider (oidc-provider 9) on 127.0.0.1:<port> with one confidential client
 * (authorization code, PKCE required, client_secret_basic), devInteractions for the login and
 * consent pages, and `users` as its accounts (e-mail and email_verified in the ID token).
 */
export async function startOidcProvider(opts: {
  port?: number;
  redirectUris?: string[];
  users: OidcTestUser[];
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  const clientId = opts.clientId ?? 'plenary-test';
  const clientSecret = opts.clientSecret ?? 'plenary-test-secret-0123456789abcdef';
  const users = new Map<string, OidcTestUser>();
  const addUser = (u: OidcTestUser) => users.set(u.login ?? u.email, u);
  opts.users.forEach(addUser);

  // Listen first: the issuer has to name the port.
  const server: Server = createServer();
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, '127.0.0.1', () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris ?? DEFAULT_REDIRECT_URIS,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Put the scope's claims into the ID token too (most real providers do for e-mail).
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-test-cookie-key-0123456789abcdef'] },
    async findAccount(_ctx: unknown, id: string) {
      const u = users.get(id);
      if (!u) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: u.email,
          email_verified: u.emailVerified ?? true,
          given_name: u.givenName ?? 'Sso',
          family_name: u.familyName ?? 'User',
          name: `${u.givenName ?? 'Sso'} ${u.familyName ?? 'User'}`,
        }),
      };
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    port,
    addUser,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** A cookie jar for plain fetch: name → value (the latest wins; enough for one login at a time). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      if (at > 0) this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const decodeHtml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/**
 * Drives the provider's dev login and consent pages with plain fetch, from the authorization URL
 * (where GET auth/sso/start redirected) to the redirect back to the app. Answers that redirect URL
 * (…/login/callback?code=…&state=…).
 */
export async function completeOidcLogin(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  const providerOrigin = new URL(authorizationUrl).origin;
  let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = {
    url: authorizationUrl,
    method: 'GET',
  };
  for (let step = 0; step < 20; step++) {
    const res = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(next.body ? { body: next.body.toString() } : {}),
    });
    jar.store(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const target = new URL(location, next.url);
      if (target.origin !== providerOrigin) return target;
      next = { url: target.toString(), method: 'GET' };
      continue;
    }
    const html = await res.text();
    if (res.status !== 200)
      throw new Error(`provider answered ${res.status} at ${next.url}: ${html.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(html)?.[1];
    if (!action) throw new Error(`no form on the provider page ${next.url}: ${html.slice(0, 500)}`);
    const body = new URLSearchParams();
    for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi))
      body.set(m[1]!, decodeHtml(m[2]!));
    if (body.get('prompt') === 'login') {
      body.set('login', login);
      body.set('password', 'any-password');
    }
    next = { url: new URL(decodeHtml(action), next.url).toString(), method: 'POST', body };
  }
  throw new Error('the provider did not redirect back to the app within 20 steps');
}

/** `node --import tsx apps/api/test/oidc-provider.ts`: runs a provider for manual or Playwright use. */
async function main(): Promise<void> {
  const env = process.env;
  const users: OidcTestUser[] = env.OIDC_USERS
    ? (JSON.parse(env.OIDC_USERS) as OidcTestUser[])
    : [
        { email: 'sso.admin@plenary.local', givenName: 'Sso', familyName: 'Admin' },
        { email: 'sso.participant@example.com', givenName: 'Sso', familyName: 'Participant' },
      ];
  const provider = await startOidcProvider({
    port: env.OIDC_PORT ? Number(env.OIDC_PORT) : 0,
    redirectUris: env.OIDC_REDIRECT_URIS ? env.OIDC_REDIRECT_URIS.split(',') : DEFAULT_REDIRECT_URIS,
    users,
    ...(env.OIDC_CLIENT_ID ? { clientId: env.OIDC_CLIENT_ID } : {}),
    ...(env.OIDC_CLIENT_SECRET ? { clientSecret: env.OIDC_CLIENT_SECRET } : {}),
  });
  console.log(
    JSON.stringify({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      users: users.map((u) => u.login ?? u.email),
    }),
  );
  const stop = () => void provider.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
