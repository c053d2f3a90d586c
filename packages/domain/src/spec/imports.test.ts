import { describe, it, expect } from 'vitest';
import {
  IMPORT_TABLES,
  IMPORT_TABLE_LABELS,
  THIRD_PARTY_MODELS,
  THIRD_PARTY_SCHEDULE_MINUTES,
  importFileExtensionsFor,
  locationImportConflict,
  thirdPartyScheduleSchema,
  type ImportTable,
} from './imports.js';

describe('data import (spec parts 3 and 5)', () => {
  it('lists the tables', () => {
    expect(IMPORT_TABLES).toEqual([
      'User',
      'SessionUser',
      'Session',
      'Communication',
      'Location',
      'GameTaskPoint',
      'ImportPhoto',
    ]);
    expect(IMPORT_TABLE_LABELS.SessionUser).toBe('Agenda');
  });

  it.each<[ImportTable, string[]]>([
    ['User', ['xlsx', 'csv']],
    ['SessionUser', ['xlsx']],
    ['Session', ['xlsx']],
    ['Communication', ['xlsx']],
    ['Location', ['xlsx']],
    ['GameTaskPoint', ['xlsx']],
    ['ImportPhoto', ['xlsx']],
  ])('%s accepts %j', (table, extensions) => {
    expect(importFileExtensionsFor(table)).toEqual(extensions);
  });

  it.each<[Record<string, unknown>, string | undefined]>([
    [
      { 'Pdf Map': 'map.pdf', 'Map Location Url': 'https://maps.example.com' },
      'Only one of "Pdf Map" or "Map Location Url" can be updated.',
    ],
    [{ 'Pdf Map': 'map.pdf' }, undefined],
    [{ 'Map Location Url': 'https://maps.example.com', 'Pdf Map': '' }, undefined],
    [{ 'Pdf Map': '  ', 'Map Location Url': 'x' }, undefined],
    [{ 'Pdf Map': null, 'Map Location Url': null }, undefined],
  ])('location row %j', (row, expected) => {
    expect(locationImportConflict(row)).toBe(expected);
  });
});

describe('third-party import (spec part 9)', () => {
  it('pins model and schedule', () => {
    expect(THIRD_PARTY_MODELS).toEqual(['Attendees']);
    expect(THIRD_PARTY_SCHEDULE_MINUTES).toEqual([30, 60, 90, 120, 180, 360, 720, 1440]);
  });
  it.each([
    [30, true],
    [1440, true],
    [45, false],
    ['60', false],
  ])('schedule %j → %s', (value, ok) => {
    expect(thirdPartyScheduleSchema.safeParse(value).success).toBe(ok);
  });
});
