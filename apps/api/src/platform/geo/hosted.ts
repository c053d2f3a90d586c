import { canonicalTimeZone } from '@plenary/domain';
import type { Config } from '../config.js';
import { egressFetch } from '../egress.js';
import type { GeoMatch, TimeZoneProvider } from './types.js';

/**
 * A hosted maps service in the shape of Google's Geocoding and Time Zone APIs, used when
 * MAPS_API_KEY is set: `GET {base}/maps/api/geocode/json?address=&key=` → the first result's
 * coordinates and formatted address, then `GET {base}/maps/api/timezone/json?location=lat,lng&timestamp=&key=`
 * → `timeZoneId`. Both through the egress client (public addresses only unless allowed, 5 s each,
 * 1 MB). 'ZERO_RESULTS' is "nothing found" (undefined); any other status, a network failure or an
 * answer that is not what the API documents throws `HostedGeoError`, and the caller falls back to
 * the offline data. The key travels in the query string, as the API wants; it is never logged
 * (errors name the status, not the URL).
 */
export class HostedGeoError extends Error {}

export const HOSTED_TIMEOUT_MS = 5_000;
const MAX_BYTES = 1_000_000;

interface GeocodeAnswer {
  status?: string;
  results?: Array<{ formatted_address?: string; geometry?: { location?: { lat?: number; lng?: number } } }>;
}
interface TimeZoneAnswer {
  status?: string;
  timeZoneId?: string;
}

type Fetcher = (url: string) => Promise<unknown>;

function jsonFetcher(config: Config): Fetcher {
  return async (url) => {
    const { bytes } = await egressFetch(url, config, {
      maxBytes: MAX_BYTES,
      timeoutMs: HOSTED_TIMEOUT_MS,
      maxRedirects: 0,
    });
    try {
      return JSON.parse(bytes.toString('utf8')) as unknown;
    } catch {
      throw new HostedGeoError('the maps service answered something that is not JSON');
    }
  };
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function hostedTimeZoneProvider(
  config: Config,
  fetchJson: Fetcher = jsonFetcher(config),
): TimeZoneProvider {
  const base = config.MAPS_API_BASE_URL.replace(/\/+$/, '');
  const key = config.MAPS_API_KEY ?? '';
  return {
    async resolve(address): Promise<GeoMatch | undefined> {
      const geocode = (await fetchJson(
        `${base}/maps/api/geocode/json?${new URLSearchParams({ address, key })}`,
      )) as GeocodeAnswer;
      if (geocode.status === 'ZERO_RESULTS') return undefined;
      if (geocode.status !== 'OK') throw new HostedGeoError(`geocoding answered ${String(geocode.status)}`);
      const first = geocode.results?.[0];
      const latitude = first?.geometry?.location?.lat;
      const longitude = first?.geometry?.location?.lng;
      if (!isNumber(latitude) || !isNumber(longitude))
        throw new HostedGeoError('geocoding answered no coordinates');

      const timestamp = String(Math.floor(Date.now() / 1000));
      const zone = (await fetchJson(
        `${base}/maps/api/timezone/json?${new URLSearchParams({ location: `${latitude},${longitude}`, timestamp, key })}`,
      )) as TimeZoneAnswer;
      if (zone.status === 'ZERO_RESULTS') return undefined;
      const timezone =
        zone.status === 'OK' && typeof zone.timeZoneId === 'string'
          ? canonicalTimeZone(zone.timeZoneId)
          : undefined;
      if (!timezone) throw new HostedGeoError(`time zone answered ${String(zone.status)}`);
      return { timezone, latitude, longitude, label: first?.formatted_address ?? address };
    },
  };
}
