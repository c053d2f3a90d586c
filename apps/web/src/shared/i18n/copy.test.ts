import {
  ACCOUNT_MESSAGES,
  AGENDA_IMPORT_MESSAGES,
  AGENDA_MESSAGES,
  ATTENDEE_MESSAGES,
  IMPORT_MESSAGES,
  MESSAGES,
  TENANCY_MESSAGES,
} from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import i18n, { en } from './index';

/** Every string leaf of a catalog, with its path. */
function texts(node: unknown, path = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[path, node]];
  // A message built by a function: its source holds the fixed words.
  if (typeof node === 'function') return [[path, String(node)]];
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([k, v]) => texts(v, path ? `${path}.${k}` : k));
  return [];
}

/** The spec quotes these word for word (part 5 and part 8), "can not" included. */
const SPEC_QUOTED = new Set<string>([
  MESSAGES.startDateAfterEndDate,
  MESSAGES.endDateBeforeStartDate,
  MESSAGES.startTimeAfterEndTime,
  MESSAGES.endTimeBeforeStartTime,
  MESSAGES.noRecords,
]);

const catalogs = {
  web: en,
  MESSAGES,
  ACCOUNT_MESSAGES,
  AGENDA_IMPORT_MESSAGES,
  AGENDA_MESSAGES,
  ATTENDEE_MESSAGES,
  IMPORT_MESSAGES,
  TENANCY_MESSAGES,
};

describe('user-facing copy', () => {
  const all = Object.entries(catalogs).flatMap(([name, c]) => texts(c, name));

  it('writes "cannot", except in the texts the spec quotes', () => {
    const offenders = all.filter(([, text]) => /\bcan not\b/i.test(text) && !SPEC_QUOTED.has(text));
    expect(offenders).toEqual([]);
  });

  it('writes no "(s)" plurals: counts use i18next plurals', () => {
    expect(all.filter(([, text]) => /\w\(s\)/.test(text))).toEqual([]);
  });

  it('has the Install offer’s texts where the app links read them (shell:install.*, shell:download.*)', () => {
    for (const key of ['text', 'button', 'done', 'iosTitle', 'iosSteps'])
      expect(i18n.exists(`shell:install.${key}`), key).toBe(true);
    expect(i18n.t('shell:download.title', { brand: 'Plenary' })).toBe('Get the Plenary app');
  });

  it('says the attendance with a real plural, "No attendees" word for word', () => {
    expect(i18n.t('agenda:attendance', { count: 0 })).toBe('No attendees');
    expect(i18n.t('agenda:attendance', { count: 1 })).toBe('1 attendee');
    expect(i18n.t('agenda:attendance', { count: 12 })).toBe('12 attendees');
  });
});
