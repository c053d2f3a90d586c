import type { Config } from '../config.js';
import { hostedTimeZoneProvider } from './hosted.js';
import { offlineTimeZoneProvider } from './offline.js';
import type { TimeZoneProvider } from './types.js';

export type { GeoMatch, TimeZoneProvider } from './types.js';
export { GEO_ADDRESS_MAX_LENGTH } from './types.js';

/**
 * The hosted provider first when MAPS_API_KEY is set, the offline one when it is not, when the
 * service fails (network, quota, a bad answer) or when it finds nothing.
 */
export function chainedProvider(
  first: TimeZoneProvider,
  fallback: TimeZoneProvider,
  onError?: (err: unknown) => void,
): TimeZoneProvider {
  return {
    async resolve(address) {
      const hit = await first.resolve(address).catch((err: unknown) => {
        onError?.(err);
        return undefined;
      });
      return hit ?? fallback.resolve(address);
    },
  };
}

/** The provider of a configuration; `onError` hears why the hosted service failed (the caller logs it). */
export function timeZoneProviderFor(config: Config, onError?: (err: unknown) => void): TimeZoneProvider {
  const offline = offlineTimeZoneProvider();
  return config.MAPS_API_KEY ? chainedProvider(hostedTimeZoneProvider(config), offline, onError) : offline;
}

export { hostedTimeZoneProvider } from './hosted.js';
export { offlineTimeZoneProvider } from './offline.js';
