import { z } from 'zod';
import { EVENT_ADDRESS_MAX_LENGTH } from '../tenancy/events.js';
import { requiredString } from '../validation/strings.js';

/**
 * GET /api/v1/geo/timezone?address= (admins): an event's address → the IANA time zone there.
 * No match answers 422 with AGENDA_MESSAGES.addressNotFound on the `address` field.
 */
export const geoTimezoneQuerySchema = z.object({ address: requiredString(EVENT_ADDRESS_MAX_LENGTH) });
export type GeoTimezoneQuery = z.output<typeof geoTimezoneQuerySchema>;

export const geoTimezoneSchema = z.object({
  timezone: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** What the address was understood as: 'Amsterdam, Netherlands'. */
  label: z.string(),
});
export type GeoTimezone = z.output<typeof geoTimezoneSchema>;
