import { z } from 'zod';
import { MESSAGES } from '../messages.js';

/** Spec part 3: data import tables. */
export const IMPORT_TABLES = [
  'User',
  'SessionUser',
  'Session',
  'Communication',
  'Location',
  'GameTaskPoint',
  'ImportPhoto',
] as const;
export type ImportTable = (typeof IMPORT_TABLES)[number];
export const importTableSchema = z.enum(IMPORT_TABLES);

/** 'Agenda' for SessionUser is the spec's; the rest are plain names. */
export const IMPORT_TABLE_LABELS: Record<ImportTable, string> = {
  User: 'Participants',
  SessionUser: 'Agenda',
  Session: 'Sessions',
  Communication: 'Communications',
  Location: 'Locations',
  GameTaskPoint: 'Game task points',
  ImportPhoto: 'Photos',
};

export const IMPORT_FILE_EXTENSIONS = ['xlsx', 'csv'] as const;
export type ImportFileExtension = (typeof IMPORT_FILE_EXTENSIONS)[number];

/** Spec part 5: participants accept xlsx or csv; all other tables accept xlsx. */
export function importFileExtensionsFor(table: ImportTable): readonly ImportFileExtension[] {
  return table === 'User' ? ['xlsx', 'csv'] : ['xlsx'];
}

/** Spec part 5: a location import row may update only one of these two columns. */
export const LOCATION_IMPORT_EXCLUSIVE_COLUMNS = ['Pdf Map', 'Map Location Url'] as const;

const isFilled = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== '';

/** The conflict message when a location row fills both, else undefined. */
export function locationImportConflict(row: Readonly<Record<string, unknown>>): string | undefined {
  return LOCATION_IMPORT_EXCLUSIVE_COLUMNS.every((column) => isFilled(row[column]))
    ? MESSAGES.locationImportConflict
    : undefined;
}

/** Spec part 9: third-party import over a registration service's REST API (value name is ours). */
export const THIRD_PARTY_INTEGRATION_TYPES = ['REST_API'] as const;
export type ThirdPartyIntegrationType = (typeof THIRD_PARTY_INTEGRATION_TYPES)[number];
export const thirdPartyIntegrationTypeSchema = z.enum(THIRD_PARTY_INTEGRATION_TYPES);

export const THIRD_PARTY_MODELS = ['Attendees'] as const;
export type ThirdPartyModel = (typeof THIRD_PARTY_MODELS)[number];
export const thirdPartyModelSchema = z.enum(THIRD_PARTY_MODELS);

/** Spec part 9: sync schedule, in minutes. */
export const THIRD_PARTY_SCHEDULE_MINUTES = [30, 60, 90, 120, 180, 360, 720, 1440] as const;
export type ThirdPartyScheduleMinutes = (typeof THIRD_PARTY_SCHEDULE_MINUTES)[number];
export const thirdPartyScheduleSchema = z.union(THIRD_PARTY_SCHEDULE_MINUTES.map((m) => z.literal(m)));
