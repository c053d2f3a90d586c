import i18next from 'i18next';

function safeDate(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/** "12 Mar 2025, 14:05" in the given IANA zone (default: the browser's). */
export function formatDateTime(iso: string | null | undefined, locale: string, timeZone?: string): string {
  const d = safeDate(iso);
  if (!d) return '';
  try {
    return formatter(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d);
  } catch {
    return formatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
  }
}

// Cell helpers read the language without a hook: a hook per cell costs too much at 100,000 rows,
// and DataTable re-renders its rows when the language changes.

/** Date and time cell; `timeZone` shows event time (ARCHITECTURE §4: screens show event time). */
export function DateTime({ value, timeZone }: { value: string | null | undefined; timeZone?: string }) {
  const d = safeDate(value);
  if (!d || !value) return null;
  return <time dateTime={value}>{formatDateTime(value, i18next.language, timeZone)}</time>;
}

/** The spec's last-modified text: time and date plus the updater's first and last name. */
export function LastModified({
  at,
  by,
}: {
  at: string | null | undefined;
  by: { firstName: string; lastName: string } | null | undefined;
}) {
  const d = safeDate(at);
  if (!d || !at) return null;
  const time = formatter(i18next.language, { timeStyle: 'short' }).format(d);
  const date = formatter(i18next.language, { dateStyle: 'medium' }).format(d);
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
