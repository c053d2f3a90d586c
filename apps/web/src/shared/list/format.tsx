import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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

/** Date and time cell; `timeZone` shows event time (ARCHITECTURE §4: screens show event time). */
export function DateTime({ value, timeZone }: { value: string | null | undefined; timeZone?: string }) {
  const { i18n } = useTranslation();
  const d = safeDate(value);
  if (!d || !value) return null;
  return <time dateTime={value}>{formatDateTime(value, i18n.language, timeZone)}</time>;
}

/** The spec's last-modified text: time and date plus the updater's first and last name. */
export function LastModified({
  at,
  by,
}: {
  at: string | null | undefined;
  by: { firstName: string; lastName: string } | null | undefined;
}) {
  const { t, i18n } = useTranslation('list');
  const d = safeDate(at);
  if (!d || !at) return null;
  const time = formatter(i18n.language, { timeStyle: 'short' }).format(d);
  const date = formatter(i18n.language, { dateStyle: 'medium' }).format(d);
  const name = by ? `${by.firstName} ${by.lastName}`.trim() : '';
  return (
    <Text span inherit>
      <time dateTime={at}>{name ? t('lastModified', { time, date, name }) : `${time} ${date}`}</time>
    </Text>
  );
}

/** 'Yes' or 'No' (spec part 3, app versions' isRequired). */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation('list');
  return <>{value ? t('yes') : t('no')}</>;
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
