import { minutesToTime, timeToMinutes } from '@plenary/domain';

/** 'hh:mm AM' (the API's wall-clock time) → 'HH:mm' (a time input's); '' when unreadable. */
export function timeToInput(time: string): string {
  const m = timeToMinutes(time);
  return m === undefined
    ? ''
    : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** 'HH:mm' (a time input's) → 'hh:mm AM'; anything else is sent as typed (the API names the field). */
export function timeFromInput(value: string): string {
  const m = timeToMinutes(value);
  return m === undefined ? value : minutesToTime(m);
}

/** The meeting points typed one per line: trimmed, blank lines left out. */
export function pointsFromText(text: string): string[] {
  return text
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);
}
