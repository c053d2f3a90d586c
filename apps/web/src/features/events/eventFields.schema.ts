import {
  checkDateOrder,
  colorSchema,
  DEFAULT_COLORS,
  EVENT_ADDRESS_MAX_LENGTH,
  EVENT_DESCRIPTION_MAX_LENGTH,
  maxLengthString,
  MESSAGES,
  tenancyNameSchema,
  timezoneSchema,
} from '@plenary/domain';
import type { QueryClient } from '@tanstack/react-query';
import { schemaMessage, type FormErrors } from '../../shared/forms/useForm';
import { browserZone, fromWallTime, toWallTime, validZone } from '../../shared/time/zones';

/**
 * The fields of an event that both event forms edit (the super admin's create/edit modal and the
 * event admin's /event-details page). Start and end are wall-clock times ('YYYY-MM-DD HH:mm:ss',
 * the date pickers' value) in the event's own time zone. Pure: unit-tested in eventFields.schema.test.ts.
 */
export type EventFieldValues = {
  name: string;
  description: string;
  start: string;
  end: string;
  timezone: string;
  address: string;
  primaryColor: string;
  secondaryColor: string;
};

/** What the API sends for an event (the fields these forms edit). */
export interface EventFieldsSource {
  name: string;
  description?: string | undefined;
  startAt: string;
  endAt: string;
  timezone: string;
  address?: string | undefined;
  primaryColor?: string | undefined;
  secondaryColor?: string | undefined;
}

/** The same fields in a POST/PATCH `events` body. */
export interface EventFieldsBody {
  name: string;
  description: string;
  startAt: string;
  endAt: string;
  timezone: string;
  address: string;
  primaryColor: string;
  secondaryColor: string;
}

/** API field names → form field names, for the API's `fields` errors. */
export const EVENT_SERVER_FIELDS: Record<string, string> = { startAt: 'start', endAt: 'end' };

/** Form values of an existing event (its times shown in its zone), or of a new one in `newZone`. */
export function eventFieldValues(
  event: EventFieldsSource | null,
  newZone: string = browserZone(),
): EventFieldValues {
  const zone = event ? validZone(event.timezone) : validZone(newZone);
  return {
    name: event?.name ?? '',
    description: event?.description ?? '',
    start: event ? toWallTime(event.startAt, zone) : '',
    end: event ? toWallTime(event.endAt, zone) : '',
    timezone: zone,
    address: event?.address ?? '',
    primaryColor: event?.primaryColor || DEFAULT_COLORS.primary,
    secondaryColor: event?.secondaryColor || DEFAULT_COLORS.secondary,
  };
}

/**
 * The API's rules with its messages; start and end also carry the spec's messages when start
 * follows end (compared as instants in the chosen zone).
 */
export function validateEventFields(v: EventFieldValues): FormErrors<EventFieldValues> {
  const order = checkDateOrder(
    v.start && fromWallTime(v.start, v.timezone),
    v.end && fromWallTime(v.end, v.timezone),
  );
  return {
    name: schemaMessage(tenancyNameSchema, v.name),
    description: schemaMessage(maxLengthString(EVENT_DESCRIPTION_MAX_LENGTH), v.description),
    start: v.start ? order.start : MESSAGES.required,
    end: v.end ? order.end : MESSAGES.required,
    timezone: v.timezone ? schemaMessage(timezoneSchema, v.timezone) : MESSAGES.pleaseSelectValue,
    address: schemaMessage(maxLengthString(EVENT_ADDRESS_MAX_LENGTH), v.address),
    primaryColor: schemaMessage(colorSchema, v.primaryColor),
    secondaryColor: schemaMessage(colorSchema, v.secondaryColor),
  };
}

/** Valid form values → the API body: texts trimmed, wall times → UTC instants of the zone. */
export function eventFieldsBody(v: EventFieldValues): EventFieldsBody {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    startAt: fromWallTime(v.start, v.timezone),
    endAt: fromWallTime(v.end, v.timezone),
    timezone: v.timezone,
    address: v.address.trim(),
    primaryColor: v.primaryColor,
    secondaryColor: v.secondaryColor,
  };
}

/**
 * The address to ask a time zone for when the address field is left: the trimmed address when it
 * is not empty and differs from the one looked up last (or the one the form opened with).
 */
export function addressToLookUp(address: string, lastLookedUp: string): string | undefined {
  const trimmed = address.trim();
  return trimmed === '' || trimmed === lastLookedUp.trim() ? undefined : trimmed;
}

/**
 * After an event changed: every query about events loads again — `events/{id}`, the user's events,
 * the switcher's `events`, and the lists under the event (`['list', 'events/{id}/sessions', …]`),
 * whose times a new time zone moves.
 */
export function refreshEventQueries(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: (q) => q.queryKey.some((part) => typeof part === 'string' && part.includes('events')),
  });
}
