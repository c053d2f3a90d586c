import { z } from 'zod';
import { listQuerySchema } from '../list.js';
import { multiValueFilter } from '../list-filters.js';
import { MESSAGES } from '../messages.js';
import { dataTypeSchema } from '../spec/custom-fields.js';
import { IMPORT_FILE_EXTENSIONS, importTableSchema } from '../spec/imports.js';
import { timestampSchema } from '../tenancy/common.js';

/**
 * The data-import contract (HTTP routes in apps/api/src/modules/imports/README.md).
 *
 * Flow: template → upload (UPLOADED, headers detected, mapping suggested) → PATCH mapping →
 * verify (job: VERIFYING → VERIFIED, or INVALID with error rows) → commit (job: IMPORTING →
 * COMPLETED | FAILED, all or nothing). DELETE discards an import that is not committed (CANCELLED).
 */
export const IMPORT_STATUSES = [
  'UPLOADED',
  'VERIFYING',
  'VERIFIED',
  'INVALID',
  'IMPORTING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const importStatusSchema = z.enum(IMPORT_STATUSES);

/** Statuses in which the mapping may change and verify may start. */
export const IMPORT_EDITABLE_STATUSES: readonly ImportStatus[] = [
  'UPLOADED',
  'VERIFIED',
  'INVALID',
  'FAILED',
];
/** Statuses in which the import may be discarded (DELETE). */
export const IMPORT_DISCARDABLE_STATUSES: readonly ImportStatus[] = [
  'UPLOADED',
  'VERIFYING',
  'VERIFIED',
  'INVALID',
  'FAILED',
];
/** A job is running: poll `GET imports/:importId` (or listen on the realtime room). */
export const IMPORT_RUNNING_STATUSES: readonly ImportStatus[] = ['VERIFYING', 'IMPORTING'];

export const importFileTypeSchema = z.enum(IMPORT_FILE_EXTENSIONS);

/**
 * What a column holds: a custom-field data type, or one of ours: EMAIL (an e-mail address) and
 * IMAGE_URL (an http(s) address of a JPEG or PNG image).
 */
export const IMPORT_COLUMN_TYPES = [...dataTypeSchema.options, 'EMAIL', 'IMAGE_URL'] as const;
export const importColumnTypeSchema = z.enum(IMPORT_COLUMN_TYPES);
export type ImportColumnType = z.output<typeof importColumnTypeSchema>;

/** One column a table takes. */
export const importColumnSchema = z.object({
  /** Stable name, used in the mapping and in error cells: `email`, `firstName`, `cf_<hex>` (a custom field), … */
  key: z.string(),
  /** Header text of the template ('E-mail', a custom field's name, …). */
  label: z.string(),
  /** A cell is needed (for a new record: User's names are required for new participants only). */
  required: z.boolean(),
  /** The column that finds an existing record (User: email): it must be mapped, and may not repeat in a file. */
  identifies: z.boolean(),
  type: importColumnTypeSchema,
  /** A sample value, as typed into a cell. */
  example: z.string(),
  /** ENUM: the values allowed (a multiple select takes several, separated by `;` or `,`). */
  enumValues: z.array(z.string()),
  isEnumMultiple: z.boolean(),
  /** A short hint for the template's notes ('' when none). */
  description: z.string(),
});
export type ImportColumn = z.output<typeof importColumnSchema>;

/** A table that can be imported into this event, with its columns. */
export const importTableDescriptorSchema = z.object({
  table: importTableSchema,
  label: z.string(),
  /** File types accepted (spec part 5: participants xlsx or csv, the rest xlsx). */
  fileTypes: z.array(importFileTypeSchema),
  /** Template formats offered by `GET imports/:table/template?format=`. */
  templateFormats: z.array(importFileTypeSchema),
  columns: z.array(importColumnSchema),
  maxRows: z.number().int(),
  maxFileBytes: z.number().int(),
});
export type ImportTableDescriptor = z.output<typeof importTableDescriptorSchema>;

/** `GET imports/tables`. */
export const importTablesResponseSchema = z.object({ tables: z.array(importTableDescriptorSchema) });

/** Column key → header of the file (`null`: not imported). Every column of the table has an entry. */
export const importMappingSchema = z.record(
  z.string().max(64, MESSAGES.maxLength),
  z.string().max(1000, MESSAGES.maxLength).nullable(),
);
export type ImportMapping = z.output<typeof importMappingSchema>;

export const IMPORT_PHASES = ['verify', 'commit'] as const;
export const importProgressSchema = z.object({
  /** The job that runs, or ran last. */
  phase: z.enum(IMPORT_PHASES).nullable(),
  /** Rows done of `total` (total = data rows of the file; null before it is known). */
  done: z.number().int().min(0),
  total: z.number().int().min(0).nullable(),
});
export type ImportProgress = z.output<typeof importProgressSchema>;

export const importCountsSchema = z.object({
  /** Data rows in the file (null until verified). */
  rows: z.number().int().nullable(),
  /** Rows that passed verify. */
  valid: z.number().int(),
  /** Rows with at least one error. */
  errors: z.number().int(),
  /** After commit: records created, records updated, rows skipped (rows with errors left out, and rows that changed nothing). */
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
});
export type ImportCounts = z.output<typeof importCountsSchema>;

/** An import, as every route that returns one answers it. */
export const importRecordSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  table: importTableSchema,
  fileName: z.string(),
  fileType: importFileTypeSchema,
  fileSize: z.number().int(),
  status: importStatusSchema,
  /** Header row of the file, in order (empty header cells are left out). */
  headers: z.array(z.string()),
  /** The mapping verify and commit use. */
  mapping: importMappingSchema,
  /** The mapping matched by header at upload (case, spaces and punctuation ignored; by key or label). */
  suggestedMapping: importMappingSchema,
  progress: importProgressSchema,
  counts: importCountsSchema,
  /** Why the import FAILED, or the reason it is INVALID as a whole; null otherwise. */
  message: z.string().nullable(),
  /** Commit left out the rows with errors (`skipInvalidRows`). */
  skipInvalidRows: z.boolean(),
  /** Full name of who uploaded it ('' when the account is gone). */
  createdBy: z.string(),
  createdById: z.uuid().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  verifiedAt: timestampSchema.nullable(),
  completedAt: timestampSchema.nullable(),
});
export type ImportRecord = z.output<typeof importRecordSchema>;

export const importParamsSchema = z.object({ eventId: z.uuid(), importId: z.uuid() });
export const importTableParamsSchema = z.object({ eventId: z.uuid(), table: importTableSchema });

/** `GET imports/:table/template?format=xlsx|csv` (default xlsx). */
export const importTemplateQuerySchema = z.object({ format: importFileTypeSchema.default('xlsx') });

/** `POST imports/:table`: multipart/form-data with the file in the field `file`. */
export const IMPORT_UPLOAD_FIELD = 'file';

/** `PATCH imports/:importId`: a new mapping (columns left out keep theirs). Sets the status back to UPLOADED. */
export const updateImportSchema = z.object({ mapping: importMappingSchema });
export type UpdateImport = z.output<typeof updateImportSchema>;

/** `POST imports/:importId/verify`: optionally a mapping to save first. Answers 202 with the record (VERIFYING). */
export const verifyImportSchema = z.object({ mapping: importMappingSchema.optional() });

/** `POST imports/:importId/commit`: answers 202 with the record (IMPORTING). INVALID imports need `skipInvalidRows: true`. */
export const commitImportSchema = z.object({ skipInvalidRows: z.boolean().default(false) });

/** One cell with a problem. `column` is the table's column key (null: the row as a whole). */
export const importCellErrorSchema = z.object({
  column: z.string().nullable(),
  /** The file's header of that column (null when the column is not mapped or for the row as a whole). */
  header: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
});
export type ImportCellError = z.output<typeof importCellErrorSchema>;

/** A row with errors: `rowNumber` as the spreadsheet shows it (the header is row 1). */
export const importErrorRowSchema = z.object({
  rowNumber: z.number().int().min(2),
  /** The row's cells by header, as text. */
  values: z.record(z.string(), z.string()),
  errors: z.array(importCellErrorSchema),
});
export type ImportErrorRow = z.output<typeof importErrorRowSchema>;

/** `GET imports/:importId/errors?page&limit`: rows in file order. */
export const importErrorsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
});
export const importErrorsResponseSchema = z.object({
  records: z.array(importErrorRowSchema),
  total: z.number().int().min(0),
});

/** The extra column of `GET imports/:importId/errors/file`. */
export const IMPORT_ERRORS_COLUMN = 'Errors';

/** `GET imports` (history): search by file name or uploader, filters by table and status, sort. */
export const IMPORT_SORT_FIELDS = [
  'createdAt',
  'fileName',
  'table',
  'status',
  'createdBy',
  'completedAt',
] as const;
export const importListQuerySchema = listQuerySchema.extend({
  table: multiValueFilter(importTableSchema).optional(),
  status: multiValueFilter(importStatusSchema).optional(),
});
export type ImportListQuery = z.output<typeof importListQuerySchema>;

/** A row of the history list. */
export const importListRecordSchema = importRecordSchema.pick({
  id: true,
  eventId: true,
  table: true,
  fileName: true,
  fileType: true,
  status: true,
  counts: true,
  message: true,
  createdBy: true,
  createdById: true,
  createdAt: true,
  completedAt: true,
});
export type ImportListRecord = z.output<typeof importListRecordSchema>;

/** Realtime: emitted to the uploader's room (`user:<userId>`) whenever status or progress changes. */
export const IMPORT_REALTIME_EVENT = 'import.progress';
export const importRealtimePayloadSchema = importRecordSchema.pick({
  id: true,
  table: true,
  status: true,
  progress: true,
  counts: true,
  message: true,
});
