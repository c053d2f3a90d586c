import type { SessionTimesChoice } from '@plenary/domain';
import type { EventFieldsBody, EventFieldValues } from './eventFields.schema';

/** The times of the stored event a PATCH may send back as they are. */
export interface StoredEventTimes {
  startAt: string;
  endAt: string;
}

/** The form values the session-times choice depends on. */
type ZoneAndTimes = Pick<EventFieldValues, 'timezone' | 'start' | 'end'>;

/**
 * A PATCH `events/{id}` body with the session-times choice, when the zone changed on a stored event
 * (none on a new one): `sessionTimes`; keeping the moments keeps the event's own start and end too
 * (the stored instants), unless they were edited. Pure: unit-tested in sessionTimes.test.ts.
 */
export function withSessionTimes<B extends EventFieldsBody>(
  body: B,
  {
    choice,
    initial,
    values,
    stored,
  }: {
    choice: SessionTimesChoice;
    initial: ZoneAndTimes;
    values: ZoneAndTimes;
    stored: StoredEventTimes | null;
  },
): B & { sessionTimes?: SessionTimesChoice } {
  if (!stored || values.timezone === initial.timezone) return body;
  const unedited = values.start === initial.start && values.end === initial.end;
  return {
    ...body,
    sessionTimes: choice,
    ...(choice === 'KEEP_INSTANTS' && unedited ? { startAt: stored.startAt, endAt: stored.endAt } : {}),
  };
}
