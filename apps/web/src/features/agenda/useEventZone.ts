import { dayInZone, eventDays, type EventDays } from '@plenary/domain';
import { useConsoleEvent } from '../events';
import { validZone } from '../../shared/time/zones';

/** The event's IANA zone, its first day (a new session's date) and its days (sessions stay within them); null while the event loads. */
export function useEventZone(eventId: string): { zone: string; firstDay: string; days: EventDays } | null {
  const event = useConsoleEvent(eventId);
  if (!event.data) return null;
  const zone = validZone(event.data.timezone);
  return {
    zone,
    firstDay: dayInZone(event.data.startAt, zone),
    days: eventDays({ startAt: event.data.startAt, endAt: event.data.endAt, timezone: zone }),
  };
}
