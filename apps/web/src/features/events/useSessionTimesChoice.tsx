import { DEFAULT_SESSION_TIMES, type SessionTimesChoice as Choice } from '@plenary/domain';
import { useState, type ReactElement } from 'react';
import type { EventFieldsBody, EventFieldValues } from './eventFields.schema';
import { SessionTimesChoice } from './SessionTimesChoice';
import { withSessionTimes, type StoredEventTimes } from './sessionTimes';
import { useListTotal } from './useEvents';

/**
 * What both event forms (the super admin's dialog, the console's event details) do about the
 * sessions when the time zone changes on a stored event (`record`; null: a new event, nothing to
 * ask): `element`, the choice to show under the time zone (only while the zone differs from
 * `initial`'s and the event has sessions), and `applyTo`, which puts the choice in the PATCH body.
 */
export function useSessionTimesChoice(
  initial: EventFieldValues,
  record: (StoredEventTimes & { id: string }) | null,
  timezone: string,
): {
  element: ReactElement | null;
  applyTo: <B extends EventFieldsBody>(body: B, values: EventFieldValues) => B & { sessionTimes?: Choice };
} {
  const [choice, setChoice] = useState<Choice>(DEFAULT_SESSION_TIMES);
  const sessionCount = useListTotal(`events/${record?.id ?? ''}/sessions`, Boolean(record)) ?? 0;
  const element =
    record !== null && timezone !== initial.timezone && sessionCount > 0 ? (
      <SessionTimesChoice
        value={choice}
        onChange={setChoice}
        sessionCount={sessionCount}
        from={initial.timezone}
        to={timezone}
      />
    ) : null;
  return {
    element,
    applyTo: (body, values) => withSessionTimes(body, { choice, initial, values, stored: record }),
  };
}
