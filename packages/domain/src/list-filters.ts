import { z } from 'zod';
import { MESSAGES } from './messages.js';

/**
 * Query-string filters of list routes, in the shapes the web list machinery sends:
 * multiselect `a,b` (or repeated), boolean `true|false`, date ranges `{field}From` / `{field}To`.
 */

/** Most values one multi-value filter takes. */
export const FILTER_MAX_VALUES = 100;
/** Longest text one occurrence of a filter may be: 100 ids with their commas fit. */
export const FILTER_TEXT_MAX_LENGTH = 4000;
const filterText = z.string().max(FILTER_TEXT_MAX_LENGTH, MESSAGES.maxLength);

/** `status=DRAFT,PUBLISHED` or `status=DRAFT&status=PUBLISHED` → ['DRAFT', 'PUBLISHED'], each checked by `item`. */
export function multiValueFilter<T extends z.ZodType<unknown, string>>(item: T) {
  return z
    .union([filterText, z.array(filterText)])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).min(1, MESSAGES.required).max(FILTER_MAX_VALUES, MESSAGES.maxLength));
}

export const booleanFilter = z.enum(['true', 'false']).transform((v) => v === 'true');

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: MESSAGES.invalidDate,
});

/** Lower bound: a date (from its start, UTC) or an ISO date-time. */
export const dateFromFilter = dateOrDateTime.transform(
  (v) => new Date(DATE_ONLY.test(v) ? `${v}T00:00:00.000Z` : v),
);
/** Upper bound, inclusive: a date (to its end, UTC) or an ISO date-time. */
export const dateToFilter = dateOrDateTime.transform(
  (v) => new Date(DATE_ONLY.test(v) ? `${v}T23:59:59.999Z` : v),
);
