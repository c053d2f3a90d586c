import { sql, type Selectable, type SqlBool } from 'kysely';
import {
  importListQuerySchema,
  type ImportCellError,
  type ImportMapping,
  type ImportErrorRow,
  type ImportListRecord,
  type ImportRecord,
  type ImportStatus,
  type ImportTable,
} from '@plenary/domain';
import type { DatabaseHandle, Db } from '../../platform/db/index.js';
import type { ErrorRowData } from '../../platform/import-tables/staged.repo.js';
import type { ImportsTable } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';

type StoredImport = Selectable<ImportsTable> & { createdByName: string };
/** An import as the module uses it: the mappings as objects. */
export type ImportRow = Omit<StoredImport, 'mapping' | 'suggestedMapping'> & {
  mapping: ImportMapping;
  suggestedMapping: ImportMapping;
};

const pairs = (mapping: ImportMapping) => JSON.stringify(Object.entries(mapping));
const fromStored = (row: StoredImport | undefined): ImportRow | undefined =>
  row && {
    ...row,
    mapping: Object.fromEntries(row.mapping),
    suggestedMapping: Object.fromEntries(row.suggestedMapping),
  };

const createdByName = sql<string>`coalesce(trim(cb.first_name || ' ' || cb.last_name), '')`;

export function toRecord(row: ImportRow): ImportRecord {
  return {
    id: row.id,
    eventId: row.eventId,
    table: row.tableName as ImportTable,
    fileName: row.fileName,
    fileType: row.fileType,
    fileSize: row.fileSize,
    status: row.status,
    headers: row.headers,
    mapping: row.mapping,
    suggestedMapping: row.suggestedMapping,
    progress: { phase: row.phase, done: row.progressDone, total: row.progressTotal },
    counts: {
      rows: row.rowCount,
      valid: row.validCount,
      errors: row.errorCount,
      created: row.createdCount,
      updated: row.updatedCount,
      skipped: row.skippedCount,
    },
    message: row.message,
    skipInvalidRows: row.skipInvalidRows,
    createdBy: row.createdByName,
    createdById: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    verifiedAt: row.verifiedAt,
    completedAt: row.completedAt,
  };
}

const selectImport = (db: Db) =>
  db
    .selectFrom('imports as i')
    .leftJoin('users as cb', 'cb.id', 'i.createdBy')
    .selectAll('i')
    .select(createdByName.as('createdByName'));

export async function findImport(db: Db, eventId: string, importId: string): Promise<ImportRow | undefined> {
  return fromStored(
    await selectImport(db).where('i.eventId', '=', eventId).where('i.id', '=', importId).executeTakeFirst(),
  );
}

/** The import with its row locked for the rest of the transaction (status changes). */
export async function lockImport(tx: Db, eventId: string, importId: string): Promise<ImportRow | undefined> {
  return fromStored(
    await selectImport(tx)
      .where('i.eventId', '=', eventId)
      .where('i.id', '=', importId)
      .forUpdate('i')
      .executeTakeFirst(),
  );
}

export async function findImportById(db: Db, importId: string): Promise<ImportRow | undefined> {
  return fromStored(await selectImport(db).where('i.id', '=', importId).executeTakeFirst());
}

export async function insertImport(
  db: Db,
  values: {
    eventId: string;
    tableName: ImportTable;
    fileName: string;
    fileType: 'csv' | 'xlsx';
    fileSize: number;
    fileKey: string;
    headers: string[];
    mapping: Record<string, string | null>;
    createdBy: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('imports')
    .values({
      ...values,
      status: 'UPLOADED',
      headers: JSON.stringify(values.headers),
      mapping: pairs(values.mapping),
      suggestedMapping: pairs(values.mapping),
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type ImportPatch = Partial<{
  status: ImportStatus;
  mapping: Record<string, string | null>;
  phase: 'verify' | 'commit' | null;
  progressDone: number;
  progressTotal: number | null;
  rowCount: number | null;
  validCount: number;
  errorCount: number;
  createdCount: number;
  updatedCount: number;
  skippedCount: number;
  skipInvalidRows: boolean;
  message: string | null;
  runId: string | null;
  fileKey: string | null;
  verifiedAt: Date | null;
  completedAt: Date | null;
}>;

/** Updates the import; with `runId`, only while that run is still the current one (true when it was). */
export async function updateImport(
  db: Db,
  importId: string,
  patch: ImportPatch,
  runId?: string,
): Promise<boolean> {
  const { mapping, ...rest } = patch;
  const result = await db
    .updateTable('imports')
    .set({ ...rest, ...(mapping ? { mapping: pairs(mapping) } : {}), updatedAt: new Date() })
    .where('id', '=', importId)
    .$if(runId !== undefined, (qb) => qb.where('runId', '=', runId!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---------------------------------------------------------------------------------------------
// Staging and errors

export async function clearStaged(db: Db, importId: string): Promise<void> {
  await db.deleteFrom('importRows').where('importId', '=', importId).execute();
  await db.deleteFrom('importErrors').where('importId', '=', importId).execute();
}

/** The columns of a staged row, in the order of the CSV lines verify writes. */
const STAGING_COLUMNS = ['import_id', 'row_number', 'key', 'data', 'create_errors', 'cells'] as const;

/**
 * The good rows of a verify into `import_rows` with one COPY (CSV lines of STAGING_COLUMNS), on a
 * connection of its own, outside any transaction.
 */
export async function copyStaged(database: DatabaseHandle, chunks: AsyncIterable<string>): Promise<void> {
  await database.copyFrom('import_rows', STAGING_COLUMNS, chunks);
}

/** Every error row of the import, in file order. */
export async function allErrors(db: Db, importId: string): Promise<ErrorRowData[]> {
  const rows: ErrorRowData[] = [];
  for await (const batch of errorBatches(db, importId)) rows.push(...batch);
  return rows;
}

export async function stagedCounts(db: Db, importId: string): Promise<{ valid: number; errors: number }> {
  const { rows } = await sql<{ valid: number; errors: number }>`
    SELECT (SELECT count(*)::int FROM import_rows WHERE import_id = ${importId}) AS valid,
           (SELECT count(*)::int FROM import_errors WHERE import_id = ${importId}) AS errors`.execute(db);
  return rows[0]!;
}

const errorRow = (r: {
  rowNumber: number;
  cells: Array<[string, string]>;
  errors: ImportCellError[];
}): ImportErrorRow => ({
  rowNumber: r.rowNumber,
  values: Object.fromEntries(r.cells),
  errors: r.errors,
});

export async function errorPage(
  db: Db,
  importId: string,
  page: number,
  limit: number,
): Promise<ImportErrorRow[]> {
  const rows = await db
    .selectFrom('importErrors')
    .select(['rowNumber', 'cells', 'errors'])
    .where('importId', '=', importId)
    .orderBy('rowNumber')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return rows.map(errorRow);
}

/** Every error row in file order, in keyset batches (the errors file). */
export async function* errorBatches(
  db: Db,
  importId: string,
  size = 1000,
): AsyncGenerator<Array<{ rowNumber: number; cells: Array<[string, string]>; errors: ImportCellError[] }>> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('importErrors')
      .select(['rowNumber', 'cells', 'errors'])
      .where('importId', '=', importId)
      .where('rowNumber', '>', after)
      .orderBy('rowNumber')
      .limit(size)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.rowNumber;
  }
}

export async function deleteStaged(db: Db, importId: string): Promise<void> {
  await db.deleteFrom('importRows').where('importId', '=', importId).execute();
}

// ---------------------------------------------------------------------------------------------
// Commit and audit

/** Set in the commit's transaction before the table's writes, so they can be undone on their own. */
export async function setCommitSavepoint(tx: Db): Promise<void> {
  await sql`SAVEPOINT import_commit`.execute(tx);
}

/** Undoes the table's writes since setCommitSavepoint; the transaction stays open. */
export async function rollbackToCommitSavepoint(tx: Db): Promise<void> {
  await sql`ROLLBACK TO SAVEPOINT import_commit`.execute(tx);
}

/** One audit_log row for the import, by the request's actor or the one a job carries. */
export async function auditImport(
  db: Db,
  actor: { actorId: string; impersonatedUserId: string | null; requestId: string | null },
  action: 'create' | 'update' | 'delete',
  importId: string,
): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      actorId: actor.actorId,
      impersonatedUserId: actor.impersonatedUserId,
      action,
      entity: 'import',
      entityId: importId,
      requestId: actor.requestId,
    })
    .execute();
}

// ---------------------------------------------------------------------------------------------
// History

export const importList = defineList({
  query: importListQuerySchema,
  select: (db: Db, eventId: string) => selectImport(db).where('i.eventId', '=', eventId),
  record: (row: StoredImport): ImportListRecord => {
    const r = toRecord(fromStored(row)!);
    return {
      id: r.id,
      eventId: r.eventId,
      table: r.table,
      fileName: r.fileName,
      fileType: r.fileType,
      status: r.status,
      counts: r.counts,
      message: r.message,
      createdBy: r.createdBy,
      createdById: r.createdById,
      createdAt: r.createdAt,
      completedAt: r.completedAt,
    };
  },
  id: sql.ref('i.id'),
  fields: {
    fileName: {
      sql: sql.ref('i.fileName'),
      sortable: sql`lower(i.file_name)`,
      searchable: true,
      label: 'File',
    },
    table: { sql: sql.ref('i.tableName'), sortable: true, label: 'Table' },
    status: { sql: sql.ref('i.status'), sortable: true, label: 'Status' },
    createdBy: {
      sql: createdByName,
      sortable: createdByName,
      searchable: createdByName,
      label: 'Imported by',
    },
    createdAt: { sql: sql.ref('i.createdAt'), sortable: true, label: 'Uploaded at' },
    completedAt: { sql: sql.ref('i.completedAt'), sortable: true, label: 'Completed at' },
  },
  filters: {
    table: (tables) => sql<SqlBool>`i.table_name = ANY(${tables}::text[])`,
    status: (statuses) => sql<SqlBool>`i.status = ANY(${statuses}::text[])`,
  },
  defaultSort: 'createdAt:desc',
});
