import { useApiQuery } from '../../shared/api/query';
import { currentHost } from '../../shared/surface';

interface SsoProviders {
  enabled: boolean;
  name?: string;
}

/** Whether this host has a single-sign-on provider (`GET auth/sso/providers?host=`). */
export function useSsoProvider() {
  return useApiQuery<SsoProviders>('auth/sso/providers', { host: currentHost() }, { staleTime: 5 * 60_000 });
}

export function ssoStartUrl(redirect: string): string {
  const params = new URLSearchParams({ host: currentHost(), redirect });
  return `/api/v1/auth/sso/start?${params.toString()}`;
}
