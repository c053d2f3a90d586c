import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import * as oidc from 'openid-client';
import { ACCOUNT_MESSAGES } from '@plenary/domain';
import type { Config } from '../../platform/config.js';
import { HttpError } from '../../platform/errors.js';
import type { SsoProviderRow } from './accounts.repo.js';

/**
 * The OpenID Connect client side of single sign-on (authorization code + PKCE, openid-client 6).
 *
 * Outbound requests go only to public addresses, over https. A provider on a loopback or private
 * address (a test provider, an on-premises IdP) must be named in EGRESS_ALLOW_HOSTS; plain http is
 * allowed only for a loopback issuer. This stops an organisation admin who may configure a
 * provider from making the API call internal services (SSRF).
 */

export const ssoUnreachable = () => new HttpError(502, ACCOUNT_MESSAGES.ssoProviderUnreachable);
export const ssoFailed = () => new HttpError(401, ACCOUNT_MESSAGES.ssoFailed);

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();
const v4mapped = (address: string) =>
  /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address;
const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

export function isLoopbackHost(hostname: string): boolean {
  const h = bare(hostname);
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const ip = v4mapped(h);
  return isIP(ip) !== 0 && loopback.check(ip, family(ip));
}

async function addressesOf(hostname: string): Promise<string[]> {
  const h = bare(hostname);
  if (isIP(h)) return [v4mapped(h)];
  const found = await lookup(h, { all: true, verbatim: true });
  return found.map((a) => v4mapped(a.address));
}

/** Refuses URLs on private addresses unless the host is allowed; refuses http unless loopback. */
export async function assertEgressAllowed(url: URL, cfg: Pick<Config, 'EGRESS_ALLOW_HOSTS'>): Promise<void> {
  const host = bare(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(host)))
    throw new Error(`refused ${url.protocol} URL`);
  const allowed = cfg.EGRESS_ALLOW_HOSTS.split(',')
    .map((h) => bare(h.trim()))
    .filter(Boolean);
  if (allowed.includes(host)) return;
  const addresses = await addressesOf(host);
  if (addresses.length === 0 || addresses.some((a) => blocked.check(a, family(a)))) {
    throw new Error(`refused private address for ${host} (add it to EGRESS_ALLOW_HOSTS if intended)`);
  }
}

interface Cached {
  config: oidc.Configuration;
  expires: number;
}
const cache = new Map<string, Cached>();
const CACHE_MS = 10 * 60 * 1000;

/** Discovers the provider (cached for 10 minutes) and returns its client configuration. */
export async function clientConfig(
  provider: SsoProviderRow,
  cfg: Pick<Config, 'EGRESS_ALLOW_HOSTS'>,
): Promise<oidc.Configuration> {
  const key = JSON.stringify([
    provider.issuer,
    provider.clientId,
    provider.clientSecret,
    cfg.EGRESS_ALLOW_HOSTS,
  ]);
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) return hit.config;
  const issuer = new URL(provider.issuer);
  // Checked before discovery for a clear error; guardedFetch checks every later request too
  // (token, JWKS and userinfo endpoints come from the provider's own metadata).
  await assertEgressAllowed(issuer, cfg);
  const guardedFetch: oidc.CustomFetch = async (url, options) => {
    await assertEgressAllowed(new URL(url), cfg);
    return fetch(url, { ...options, redirect: 'manual' } as RequestInit);
  };
  // http only towards a loopback issuer (tests, a developer's local IdP); never otherwise.
  const execute =
    isLoopbackHost(issuer.hostname) && issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
  let config = await oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
    [oidc.customFetch]: guardedFetch,
    execute,
    timeout: 10,
  });
  // client_secret_basic is the method every provider must support (RFC 6749 2.3.1); openid-client
  // defaults to client_secret_post, so switch unless the provider lists only post.
  const methods = config.serverMetadata().token_endpoint_auth_methods_supported;
  if (!methods || methods.includes('client_secret_basic')) {
    config = new oidc.Configuration(
      config.serverMetadata(),
      provider.clientId,
      provider.clientSecret,
      oidc.ClientSecretBasic(provider.clientSecret),
    );
    config[oidc.customFetch] = guardedFetch;
    config.timeout = 10;
    for (const run of execute) run(config);
  }
  cache.set(key, { config, expires: Date.now() + CACHE_MS });
  return config;
}

export interface SsoStart {
  state: string;
  nonce: string;
  codeVerifier: string;
  url: URL;
}

export async function authorizationUrl(config: oidc.Configuration, redirectUri: string): Promise<SsoStart> {
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { state, nonce, codeVerifier, url };
}

export interface SsoIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * Exchanges the code (checking state, PKCE and the ID token's signature, issuer, audience and
 * nonce) and reads the identity from the ID token, or from userinfo when the ID token omits e-mail.
 */
export async function exchangeCode(
  config: oidc.Configuration,
  o: {
    redirectUri: string;
    code: string;
    state: string;
    iss?: string | undefined;
    codeVerifier: string;
    nonce: string;
  },
): Promise<SsoIdentity> {
  const callback = new URL(o.redirectUri);
  callback.searchParams.set('code', o.code);
  callback.searchParams.set('state', o.state);
  // RFC 9207: a provider that announces the `iss` response parameter must send it, and openid-client
  // checks it. The app forwards it when it has it; otherwise we put in the issuer this attempt was
  // started with (the state row names the provider). That is safe here because the client is
  // confidential: a code sent to the wrong provider can not be redeemed without our client secret.
  const metadata = config.serverMetadata();
  const iss =
    o.iss ?? (metadata.authorization_response_iss_parameter_supported ? metadata.issuer : undefined);
  if (iss !== undefined) callback.searchParams.set('iss', iss);
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: o.codeVerifier,
    expectedState: o.state,
    expectedNonce: o.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  let source: Record<string, unknown> = claims;
  if (str(claims.email) === undefined)
    source = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  const name = str(source.name) ?? '';
  return {
    subject: claims.sub,
    email: str(source.email)?.trim().toLowerCase(),
    // Only a boolean true counts (some providers send the string "true": not trusted).
    emailVerified: source.email_verified === true,
    firstName: (str(source.given_name) ?? name.split(' ')[0] ?? '').slice(0, 100),
    lastName: (str(source.family_name) ?? name.split(' ').slice(1).join(' ')).slice(0, 100),
  };
}
