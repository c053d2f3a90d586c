import type { CustomFieldValue } from '@plenary/domain';
import i18next from 'i18next';
import { formatCalendarDate } from '../time/format';
import type { CustomFieldInputField } from './types';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, f);
  }
  return f;
}

/** Is there something to show? (null, '', [] are "not set".) */
export function hasValue(value: CustomFieldValue | null | undefined): value is CustomFieldValue {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * A stored value as text, by type: BOOLEAN Yes/No, DATE a medium date (the calendar day as
 * stored, no time zone shift), NUMBER grouped digits, CURRENCY with the field's code, ENUM
 * selections joined with ', '; '' when not set. Hook-free: list cells call it for every row.
 */
export function formatCustomFieldValue(
  field: Pick<CustomFieldInputField, 'dataType' | 'currencyCode'>,
  value: CustomFieldValue | null | undefined,
  locale: string = i18next.language || 'en',
): string {
  if (!hasValue(value)) return '';
  if (Array.isArray(value)) return value.join(', ');
  switch (field.dataType) {
    case 'BOOLEAN':
      return i18next.t(value === true ? 'list:yes' : 'list:no');
    case 'DATE':
      return formatCalendarDate(String(value), locale);
    case 'NUMBER':
      return typeof value === 'number'
        ? numberFormat(locale, { maximumFractionDigits: 20 }).format(value)
        : String(value);
    case 'CURRENCY': {
      if (typeof value !== 'number') return String(value);
      try {
        return numberFormat(locale, { style: 'currency', currency: field.currencyCode ?? 'USD' }).format(
          value,
        );
      } catch {
        // Not an ISO 4217 code Intl knows: amount and code side by side.
        return `${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} ${field.currencyCode ?? ''}`.trim();
      }
    }
    default:
      return String(value);
  }
}
