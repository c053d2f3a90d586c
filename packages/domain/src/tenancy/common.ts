import { z } from 'zod';
import { SHORT_TEXT_MAX_LENGTH } from '../spec/limits.js';
import { nameString } from '../validation/text.js';

/** Names of organizations, hubs and events. */
export const TENANCY_NAME_MAX_LENGTH = SHORT_TEXT_MAX_LENGTH;
export const tenancyNameSchema = nameString(TENANCY_NAME_MAX_LENGTH);

/**
 * A timestamp on the wire: an ISO 8601 date-time string with an offset (e.g. `2026-05-04T09:00:00.000Z`);
 * in code: a Date. The API returns Dates and the serializer encodes them; a client parsing an answer gets Dates back.
 */
export const timestampSchema = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (iso) => new Date(iso),
  encode: (date) => date.toISOString(),
});

/** Who changed a record last (the 'last modified' text of the spec's list views). */
export const updatedBySchema = z.object({ firstName: z.string(), lastName: z.string() }).nullable();

export const idParamsSchema = z.object({ id: z.uuid() });

/** `{ id, name }` options of filter dropdowns. */
export const optionSchema = z.object({ id: z.uuid(), name: z.string() });
