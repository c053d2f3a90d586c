import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ImportCellError, ImportMapping } from '@plenary/domain';
import type { Db } from '../db/index.js';

/** The staging tables (`import_rows`, `import_errors`) as the import framework and the tables' commits share them. */

export type ErrorRowData = { rowNumber: number; cells: Array<[string, string]>; errors: ImportCellError[] };

export async function insertErrors(
  db: Db,
  importId: string,
  rows: ReadonlyArray<{ rowNumber: number; cells: Array<[string, string]>; errors: ImportCellError[] }>,
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO import_errors (import_id, row_number, cells, errors)
    SELECT ${importId}::uuid, x.row_number, x.cells, x.errors
    FROM jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ row_number: r.rowNumber, cells: r.cells, errors: r.errors })))}::jsonb)
      AS x(row_number integer, cells jsonb, errors jsonb)`.execute(db);
}

/** Staged rows whose create-only errors apply (`exists` false for `r`, the staged row) become error rows. */
export async function moveCreateErrors(db: Db, importId: string, exists: RawBuilder<SqlBool>): Promise<void> {
  await sql`
    WITH moved AS (
      DELETE FROM import_rows r
      WHERE r.import_id = ${importId} AND r.create_errors IS NOT NULL AND NOT (${exists})
      RETURNING r.row_number, r.cells, r.create_errors
    )
    INSERT INTO import_errors (import_id, row_number, cells, errors)
    SELECT ${importId}::uuid, row_number, cells, create_errors FROM moved`.execute(db);
}

/**
 * Staged rows that can not be written after all (the commit found what they name gone): out of
 * `import_rows`, into `import_errors` with their messages, in batches.
 */
export async function moveStagedToErrors(
  db: Db,
  importId: string,
  rows: readonly ErrorRowData[],
): Promise<void> {
  for (let at = 0; at < rows.length; at += 1000) {
    const batch = rows.slice(at, at + 1000);
    await sql`DELETE FROM import_rows WHERE import_id = ${importId} AND row_number = ANY(${batch.map((r) => r.rowNumber)}::int[])`.execute(
      db,
    );
    await insertErrors(db, importId, batch);
  }
}

export async function stagedValues(db: Db, importId: string, path: string): Promise<string[]> {
  const { rows } = await sql<{
    v: string;
  }>`SELECT data->>${path} AS v FROM import_rows WHERE import_id = ${importId} AND data ? ${path}`.execute(
    db,
  );
  return rows.map((r) => r.v);
}

/** The column mapping of an import (as verified). */
export async function importMappingOf(db: Db, importId: string): Promise<ImportMapping> {
  const row = await db.selectFrom('imports').select('mapping').where('id', '=', importId).executeTakeFirst();
  return row ? Object.fromEntries(row.mapping) : {};
}
