import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  booleanFilter,
  dateFromFilter,
  dateToFilter,
  FILTER_MAX_VALUES,
  FILTER_TEXT_MAX_LENGTH,
  multiValueFilter,
} from './list-filters.js';

describe('list filters', () => {
  const statuses = multiValueFilter(z.enum(['DRAFT', 'PUBLISHED']));
  it('reads comma-separated and repeated values', () => {
    expect(statuses.parse('DRAFT')).toEqual(['DRAFT']);
    expect(statuses.parse('DRAFT, PUBLISHED,')).toEqual(['DRAFT', 'PUBLISHED']);
    expect(statuses.parse(['DRAFT', 'PUBLISHED'])).toEqual(['DRAFT', 'PUBLISHED']);
  });
  it('refuses unknown, empty and too many values', () => {
    expect(statuses.safeParse('ARCHIVED').success).toBe(false);
    expect(statuses.safeParse(',').success).toBe(false);
    expect(
      multiValueFilter(z.string()).safeParse(
        Array(FILTER_MAX_VALUES + 1)
          .fill('a')
          .join(','),
      ).success,
    ).toBe(false);
  });
  it("answers 'Max length exceeded' for an over-long filter text, given once or repeated", () => {
    const messages = (v: unknown) =>
      multiValueFilter(z.string())
        .safeParse(v)
        .error?.issues.map((i) => i.message);
    expect(messages('a'.repeat(FILTER_TEXT_MAX_LENGTH + 1))).toEqual(['Max length exceeded']);
    expect(messages(Array(FILTER_MAX_VALUES + 1).fill('a'))).toEqual(['Max length exceeded']);
  });
  it('reads booleans and date bounds', () => {
    expect(booleanFilter.parse('true')).toBe(true);
    expect(booleanFilter.parse('false')).toBe(false);
    expect(booleanFilter.safeParse('yes').success).toBe(false);
    expect(dateFromFilter.parse('2026-02-28').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(dateToFilter.parse('2026-02-28').toISOString()).toBe('2026-02-28T23:59:59.999Z');
    expect(dateToFilter.parse('2026-02-28T12:00:00+01:00').toISOString()).toBe('2026-02-28T11:00:00.000Z');
    expect(dateFromFilter.safeParse('2026-02-30').success).toBe(false);
  });
});
