import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The value format of `<input type="datetime-local">`. */
export const LOCAL_INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';

export function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** UTC instant → wall-clock time in `zone` for a datetime-local input. */
export function toZoneInput(iso: string, zone: string): string {
  return dayjs.utc(iso).tz(isZone(zone) ? zone : 'UTC').format(LOCAL_INPUT_FORMAT);
}

/** Wall-clock time typed for `zone` → UTC ISO instant. */
export function fromZoneInput(value: string, zone: string): string {
  return dayjs.tz(value, LOCAL_INPUT_FORMAT, isZone(zone) ? zone : 'UTC').toISOString();
}

/** Every IANA zone the browser knows (Intl.supportedValuesOf), UTC first. */
export function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
