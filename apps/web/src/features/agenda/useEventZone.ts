import { dayInZone } from '@plenary/domain';
import { useConsoleEvent } from '../events/useEvents';
import { validZone } from '../../shared/time/zones';

/** The event's IANA zone and first day in it (a new session's date); null while the event loads. */
export function useEventZone(eventId: string): { zone: string; firstDay: string } | null {
  const event = useConsoleEvent(eventId);
  if (!event.data) return null;
  const zone = validZone(event.data.timezone);
  return { zone, firstDay: dayInZone(event.data.startAt, zone) };
}
