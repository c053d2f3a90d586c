import i18next from 'i18next';
import {
  eventClock,
  formatDateTime as formatEventDateTime,
  formatTimestamp,
  timestampParts,
} from '../time/format';

function safeDate(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * "12 Mar 2025, 14:05": with `timeZone`, an event time on the event's clock (its zone and its 12 or
 * 24 hours); without, a timestamp on the viewer's clock with its zone named ("…, 14:05 CET").
 */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  return timeZone ? formatEventDateTime(iso, eventClock(timeZone)) : formatTimestamp(iso);
}

// Cell helpers read the language without a hook: a hook per cell costs too much at 100,000 rows,
// and DataTable re-renders its rows when the language changes.

/** Date and time cell; `timeZone` shows event time (ARCHITECTURE §4: screens show event time). */
export function DateTime({ value, timeZone }: { value: string | null | undefined; timeZone?: string }) {
  const d = safeDate(value);
  if (!d || !value) return null;
  return <time dateTime={value}>{formatDateTime(value, timeZone)}</time>;
}

/** The spec's last-modified text: time (with its zone) and date plus the updater's first and last name. */
export function LastModified({
  at,
  by,
}: {
  at: string | null | undefined;
  by: { firstName: string; lastName: string } | null | undefined;
}) {
  const parts = timestampParts(at);
  if (!parts || !at) return null;
  const { time, date } = parts;
  const name = by ? `${by.firstName} ${by.lastName}`.trim() : '';
  return (
    <time dateTime={at}>
      {name ? i18next.t('list:lastModified', { time, date, name }) : `${time} ${date}`}
    </time>
  );
}

/** 'Yes' or 'No' (spec part 3, app versions' isRequired). */
export function YesNo({ value }: { value: boolean }) {
  return <>{i18next.t(value ? 'list:yes' : 'list:no')}</>;
}

const numbers = new Map<string, Intl.NumberFormat>();
/** 100000 → "100,000" in the UI language. */
export function formatCount(n: number, locale: string): string {
  let f = numbers.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale);
    numbers.set(locale, f);
  }
  return f.format(n);
}
