import { z } from 'zod';
import { listQuerySchema } from '../list.js';
import { dateFromFilter, dateToFilter, multiValueFilter } from '../list-filters.js';
import { DEFAULT_COLORS } from '../spec/ui.js';
import { checkDateOrder } from '../validation/order.js';
import { maxLengthString, requiredString } from '../validation/strings.js';
import { optionSchema, tenancyNameSchema, timestampSchema } from './common.js';
import { TENANCY_MESSAGES } from './messages.js';

export const EVENT_DESCRIPTION_MAX_LENGTH = 10_000;
export const EVENT_ADDRESS_MAX_LENGTH = 500;

let knownZones: Map<string, string> | undefined;

/**
 * `value` when it names an IANA time zone Intl knows (aliases such as 'Asia/Kolkata' included, as
 * given), spelt the way Intl lists it ('europe/berlin' → 'Europe/Berlin'); otherwise undefined.
 */
export function canonicalTimeZone(value: string): string | undefined {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(value)) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return undefined;
  }
  knownZones ??= new Map(
    [...Intl.supportedValuesOf('timeZone'), 'UTC'].map((zone) => [zone.toLowerCase(), zone]),
  );
  return knownZones.get(value.toLowerCase()) ?? value;
}

/** An IANA time zone, stored by its canonical name. */
export const timezoneSchema = requiredString(64)
  .refine((v) => canonicalTimeZone(v) !== undefined, TENANCY_MESSAGES.invalidTimezone)
  .transform((v) => canonicalTimeZone(v) ?? v);

export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** `#rrggbb`, stored lower-case. */
export const colorSchema = z
  .string()
  .regex(COLOR_PATTERN, TENANCY_MESSAGES.invalidColor)
  .transform((v) => v.toLowerCase());

export const eventSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  eventHubId: z.uuid(),
  eventHubName: z.string(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  startAt: timestampSchema,
  endAt: timestampSchema,
  timezone: z.string(),
  address: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type EventRecord = z.output<typeof eventSchema>;

const eventFields = {
  name: tenancyNameSchema,
  description: maxLengthString(EVENT_DESCRIPTION_MAX_LENGTH),
  eventHubId: z.uuid(),
  startAt: timestampSchema,
  endAt: timestampSchema,
  timezone: timezoneSchema,
  address: maxLengthString(EVENT_ADDRESS_MAX_LENGTH),
  primaryColor: colorSchema,
  secondaryColor: colorSchema,
};

/** Spec part 5: both fields carry the message when start follows end. */
export function dateOrderIssues(value: {
  startAt?: Date | undefined;
  endAt?: Date | undefined;
}): Record<string, string> {
  const order = checkDateOrder(value.startAt, value.endAt);
  return order.start && order.end ? { startAt: order.start, endAt: order.end } : {};
}

function refineDateOrder(
  value: { startAt?: Date | undefined; endAt?: Date | undefined },
  ctx: z.RefinementCtx,
) {
  for (const [path, message] of Object.entries(dateOrderIssues(value)))
    ctx.addIssue({ code: 'custom', path: [path], message });
}

/** Whether a parse got this far with the time zone and address readable (no issue on either). */
function zoneAndAddressReadable(payload: z.core.ParsePayload): boolean {
  return (
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((i) => i.path?.[0] === 'timezone' || i.path?.[0] === 'address')
  );
}

/**
 * Create: the time zone may be left out when an address is given (the API derives it from the
 * address, and answers 400 on `timezone` when nothing matches); with neither, 400 on `timezone`.
 */
export const createEventSchema = z
  .object({
    ...eventFields,
    timezone: eventFields.timezone.optional(),
    description: eventFields.description.default(''),
    address: eventFields.address.default(''),
    primaryColor: eventFields.primaryColor.default(DEFAULT_COLORS.primary),
    secondaryColor: eventFields.secondaryColor.default(DEFAULT_COLORS.secondary),
  })
  .superRefine(refineDateOrder)
  // Runs beside other fields' issues too (not after an explicit abort, e.g. a blank name), so an
  // empty body lists the time zone with the rest.
  .superRefine(
    (value, ctx) => {
      if (value.timezone === undefined && value.address.trim() === '')
        ctx.addIssue({
          code: 'custom',
          path: ['timezone'],
          message: TENANCY_MESSAGES.timezoneOrAddressRequired,
        });
    },
    { when: zoneAndAddressReadable },
  );
export type CreateEvent = z.output<typeof createEventSchema>;

/**
 * What a new time zone does to the event's sessions: KEEP_LOCAL_TIMES (the default) keeps their
 * wall-clock times (9:00 AM stays 9:00 AM in the new zone; the instants move), KEEP_INSTANTS keeps
 * the instants (for an event really moved in time; the local times shown change).
 */
export const SESSION_TIMES_CHOICES = ['KEEP_LOCAL_TIMES', 'KEEP_INSTANTS'] as const;
export type SessionTimesChoice = (typeof SESSION_TIMES_CHOICES)[number];
export const DEFAULT_SESSION_TIMES: SessionTimesChoice = 'KEEP_LOCAL_TIMES';

/**
 * Partial; a new start or end is checked against the stored other one by the API. `sessionTimes`
 * is optional with no `.default()` (zod 4 keeps defaults through `.partial()`, and a default here
 * would tell "not given" from "given" apart nowhere): the API applies DEFAULT_SESSION_TIMES.
 */
export const updateEventSchema = z
  .object({
    ...eventFields,
    sessionTimes: z.enum(SESSION_TIMES_CHOICES, { error: TENANCY_MESSAGES.invalidSessionTimes }),
  })
  .partial()
  .superRefine(refineDateOrder);
export type UpdateEvent = z.output<typeof updateEventSchema>;

export const eventListQuerySchema = listQuerySchema.extend({
  organizationId: multiValueFilter(z.uuid()).optional(),
  eventHubId: multiValueFilter(z.uuid()).optional(),
  /** Events starting at or after (a date means its start, UTC). */
  startAtFrom: dateFromFilter.optional(),
  /** Events starting at or before (a date means its end, UTC). */
  startAtTo: dateToFilter.optional(),
});

/** `events/filters`: the options of the events list's filters within the caller's scope. */
export const eventFiltersSchema = z.object({
  organizations: z.array(optionSchema),
  eventHubs: z.array(optionSchema.extend({ organizationId: z.uuid() })),
});
export type EventFilters = z.output<typeof eventFiltersSchema>;
