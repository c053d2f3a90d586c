import { AGENDA_MESSAGES, type GeoTimezone } from '@plenary/domain';
import type { Config } from '../../platform/config.js';
import { HttpError } from '../../platform/errors.js';
import { timeZoneProviderFor } from '../../platform/geo/index.js';

export interface GeoLog {
  warn(obj: unknown, msg?: string): void;
}

/** The time zone of an address, or undefined; a failing hosted service is logged and the offline data answers. */
export async function timeZoneOfAddress(
  config: Config,
  address: string,
  log: GeoLog,
): Promise<GeoTimezone | undefined> {
  const provider = timeZoneProviderFor(config, (err) =>
    log.warn({ err }, 'maps service failed; offline time zone data used'),
  );
  return provider.resolve(address);
}

/** As `timeZoneOfAddress`, but nothing found is a 422 on the `address` field. */
export async function requireTimeZoneOfAddress(
  config: Config,
  address: string,
  log: GeoLog,
): Promise<GeoTimezone> {
  const hit = await timeZoneOfAddress(config, address, log);
  if (!hit)
    throw new HttpError(422, AGENDA_MESSAGES.addressNotFound, { address: AGENDA_MESSAGES.addressNotFound });
  return hit;
}
