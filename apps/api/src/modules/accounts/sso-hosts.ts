import { hostName, isPlatformHost, normHost, type LinkDeps } from '../../platform/link-hosts.js';
import * as repo from './accounts.repo.js';

/**
 * The SSO provider serving `host`: on platform hosts only operator-wide providers; elsewhere an
 * organisation's provider only where a super admin approved the host for that organisation.
 */
export function ssoProviderForHost(deps: LinkDeps, host: string): Promise<repo.SsoProviderRow | undefined> {
  const h = normHost(host);
  return repo.findSsoProviderByHosts(deps.db, [h, hostName(h)], {
    organizationProviders: !isPlatformHost(deps, h),
  });
}
