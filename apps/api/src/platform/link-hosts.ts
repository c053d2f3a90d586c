import type { AppDeps } from './deps.js';
import { publicUrl } from './config.js';
import * as repo from './link-hosts.repo.js';

/**
 * Which host a link may point to (docs/SECURITY.md 3.9). Hosts arrive in request bodies and
 * headers, so they are never trusted as such:
 *  - platform hosts (brand hosts, PUBLIC_URL's host and its `cms.` twin) serve everyone;
 *  - a host a super admin approved for an organisation serves only that organisation's people;
 *  - anything else gets PUBLIC_URL.
 * Every e-mail link and the SSO redirect_uri go through here.
 */
export type LinkDeps = Pick<AppDeps, 'db' | 'config' | 'brands'>;
type PlatformDeps = Pick<AppDeps, 'config' | 'brands'>;

export const normHost = (host: string) => host.trim().toLowerCase();
export const hostName = (host: string) => normHost(host).replace(/:\d+$/, '');
export const HOST_SHAPE = /^[a-z0-9.-]+(:\d{1,5})?$/;

const publicOf = (deps: PlatformDeps) => new URL(publicUrl(deps.config));

/** Brand hosts, PUBLIC_URL's host and its `cms.` twin (by name: any port). No organisation may claim them. */
export function isPlatformHost(deps: PlatformDeps, host: string): boolean {
  const name = hostName(host);
  const pub = publicOf(deps).hostname;
  const site = pub.replace(/^cms\./, '');
  return deps.brands.hasHost(name) || name === site || name === `cms.${site}`;
}

/** `http(s)://host` with PUBLIC_URL's scheme (PUBLIC_URL's own origin for its host). */
function originOf(deps: PlatformDeps, host: string): string {
  const pub = publicOf(deps);
  return host === pub.host ? pub.origin : `${pub.protocol}//${host}`;
}

/**
 * Who a link is for: one account (its id), or people the caller knows belong to one organisation
 * (participants or moderators of one of its events: magic links, moderator invitations).
 */
export type LinkRecipient = string | { organizationId: string };

/**
 * The origin of links e-mailed to `recipient` for a request made on `host`. An organisation's
 * approved host is used only when the recipient belongs to that organisation (a role in it or a
 * participation in one of its events); without a recipient it is never used.
 */
export async function linkOrigin(deps: LinkDeps, host: string, recipient?: LinkRecipient): Promise<string> {
  const fallback = publicOf(deps).origin;
  const h = normHost(host);
  if (!HOST_SHAPE.test(h)) return fallback;
  if (isPlatformHost(deps, h)) return originOf(deps, h);
  if (recipient === undefined) return fallback;
  const organizationId = await repo.organizationOfApprovedHost(deps.db, [h, hostName(h)]);
  if (organizationId === undefined) return fallback;
  const theirs =
    typeof recipient === 'string'
      ? await repo.organizationsOfUser(deps.db, recipient)
      : [recipient.organizationId];
  return theirs.includes(organizationId) ? originOf(deps, h) : fallback;
}

/** The redirect_uri origin of an SSO attempt on `host`, a host `ssoProviderForHost` resolved. */
export function ssoCallbackOrigin(deps: PlatformDeps, host: string): string {
  const h = normHost(host);
  return HOST_SHAPE.test(h) ? originOf(deps, h) : publicOf(deps).origin;
}
