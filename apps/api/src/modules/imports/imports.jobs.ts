import { IMPORT_MESSAGES, type ImportCellError, type ImportTable } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { holdForCrashTest } from '../../platform/crash-test-hold.js';
import { HttpError } from '../../platform/errors.js';
import { privateStorageFor } from '../../platform/storage.js';
import * as repo from './imports.repo.js';
import { insertErrors, moveStagedToErrors } from '../../platform/import-tables/staged.repo.js';
import {
  COMMIT_QUEUE,
  dropStaged,
  emitProgress,
  importContext,
  VERIFY_QUEUE,
  type ImportDeps,
  type JobData,
} from './imports.service.js';
import { importTableDef, type CommitCounts, type RowCheck } from '../../platform/import-tables/registry.js';
import { cellText, filled, headerText, type Cell } from '../../platform/import-tables/cells.js';
import { readRows } from './rows.js';
import { claimedSheetRows } from './xlsx-reader.js';
import { XLSX_MAX_ENTRIES, zipEntries } from './zip.js';

/**
 * The two jobs of an import (platform/jobs, so a closed browser does not stop them).
 *
 * verify: reads the stored file row by row, checks each row with the table's checker, streams the
 * good rows into `import_rows` with one COPY and keeps the bad ones in `import_errors`, writes
 * progress to the import every PROGRESS_EVERY rows (and to the uploader's realtime room), then runs
 * the table's set-based checks and ends VERIFIED or INVALID. It starts over on a retry.
 *
 * commit: one transaction — the table's set-based commit from `import_rows`, the summary, the
 * audit row, the staging rows deleted — so a failure or a crash leaves nothing half-written
 * (FAILED, staging kept; the admin verifies again, which starts from the stored file). Rows the
 * table refuses under its locks (moved to the errors: a location deleted since verify…) are
 * skipped with `skipInvalidRows`; without it the table's writes are rolled back to a savepoint and
 * the import ends INVALID with those rows as errors (IMPORT_MESSAGES.invalidAtCommit), so the
 * admin can import the others or fix them. A run whose process crashed is released at once by
 * job recovery (`interrupted` below), not after the job's expiry.
 *
 * A run carries a `runId`; a cancelled or superseded import makes the run stop at its next step.
 * Known limit: a live run that outlasts the expiry (only plausible for ImportPhoto with hundreds
 * of slow URLs, fetched one after another) overlaps with its retry.
 */
export const PROGRESS_EVERY = 2000;
const ERROR_BATCH = 1000;
const COPY_BATCH = 500;

class Superseded extends Error {}

export function defineImportJobs(deps: ImportDeps, log: { error(obj: unknown, msg?: string): void }): void {
  const onAbandoned = (tx: Db, data: JobData) => interrupted(deps, tx, data);
  deps.jobs.define<JobData>(VERIFY_QUEUE, (data) => runVerify(deps, data, log), {
    retryLimit: 2,
    expireInSeconds: 1800,
    onAbandoned,
  });
  deps.jobs.define<JobData>(COMMIT_QUEUE, (data) => runCommit(deps, data, log), {
    retryLimit: 2,
    expireInSeconds: 1800,
    onAbandoned,
  });
}

/**
 * A run whose process died (platform/job-recovery): the import is released at once, in the
 * transaction that fails the job, so the job's retry finds the run superseded and does nothing.
 * An interrupted verify ends FAILED (verify again starts from the stored file); an interrupted
 * commit wrote nothing (one transaction), so the import is VERIFIED or INVALID again, as verify
 * left it, and can be imported or cancelled at once.
 */
async function interrupted(deps: ImportDeps, tx: Db, data: JobData): Promise<(() => Promise<void>) | void> {
  const row = await repo.findImportById(tx, data.importId);
  if (!row || row.runId !== data.runId) return;
  const patch: repo.ImportPatch =
    row.status === 'IMPORTING'
      ? {
          status: row.errorCount > 0 ? 'INVALID' : 'VERIFIED',
          progressDone: 0,
          message: IMPORT_MESSAGES.interrupted,
          runId: null,
        }
      : { status: 'FAILED', message: IMPORT_MESSAGES.interrupted, runId: null };
  if (!(await repo.updateImport(tx, row.id, patch, data.runId))) return;
  return () => emitProgress(deps, row.eventId, row.id);
}

const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;

/** Rows a file has at most, cheaply: lines of a CSV, the dimension an xlsx claims. */
function estimateRows(bytes: Buffer, type: 'csv' | 'xlsx'): number | null {
  if (type === 'csv') {
    let lines = 0;
    for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++;
    return Math.max(0, lines - (bytes.at(-1) === 10 ? 1 : 0));
  }
  try {
    const rows = claimedSheetRows(bytes, zipEntries(bytes, XLSX_MAX_ENTRIES));
    return rows === undefined ? null : Math.max(0, rows - 1);
  } catch {
    return null;
  }
}

export async function runVerify(
  deps: ImportDeps,
  data: JobData,
  log: { error(obj: unknown, msg?: string): void },
): Promise<void> {
  const row = await repo.findImportById(deps.db, data.importId);
  if (!row || row.runId !== data.runId || row.status !== 'VERIFYING') return;
  const def = importTableDef(row.tableName as ImportTable);
  const ctx = importContext(deps, row, data.actor);
  const file = row.fileKey ? await privateStorageFor(deps.config).get(row.fileKey) : undefined;
  const step = async (patch: repo.ImportPatch) => {
    if (!(await repo.updateImport(deps.db, row.id, patch, data.runId))) throw new Superseded();
    await emitProgress(deps, row.eventId, row.id);
  };
  try {
    if (!def || !file) throw new Error(`import ${row.id}: table or file missing`);
    await def.discardStaged?.(deps.db, ctx);
    await repo.clearStaged(deps.db, row.id);
    const estimate = estimateRows(file.bytes, row.fileType);
    await step({ progressDone: 0, progressTotal: estimate });
    // Crash tests only: the process is killed here, mid-verify.
    await holdForCrashTest('imports.verify');

    const columns = (await def.columns(deps.db, row.eventId)).filter((c) => row.mapping[c.key]);
    const checker = await def.checker(ctx, columns);
    let indexOf = new Map<string, number>();
    let headerCells: string[] = [];
    const seen = new Map<string, number>();
    let errors: Array<{ rowNumber: number; cells: Array<[string, string]>; errors: ImportCellError[] }> = [];
    let rows = 0;

    const rowCells = (cells: Cell[]): Array<[string, string]> =>
      headerCells.flatMap((h, i): Array<[string, string]> =>
        h === '' ? [] : [[h, cellText(cells[i] ?? null).trim()]],
      );
    const cellErrors = (
      messages: Record<string, string>,
      mapped: ReadonlyMap<string, Cell>,
    ): ImportCellError[] =>
      Object.entries(messages).map(([column, message]) => {
        const header = column ? (row.mapping[column] ?? null) : null;
        return {
          column: column || null,
          header,
          value: header === null ? null : cellText(mapped.get(column) ?? null).trim(),
          message,
        };
      });

    async function* staged(): AsyncGenerator<string> {
      let lines: string[] = [];
      let header = true;
      for await (const fileRow of readRows(file!.bytes, row!.fileType)) {
        if (header) {
          headerCells = fileRow.cells.map(headerText);
          indexOf = new Map(headerCells.map((h, i) => [h, i]));
          header = false;
          continue;
        }
        if (!fileRow.cells.some(filled)) continue;
        rows++;
        const mapped = new Map<string, Cell>(
          columns.map((c) => [c.key, fileRow.cells[indexOf.get(row!.mapping[c.key]!) ?? -1] ?? null]),
        );
        let verdict: RowCheck = await checker.check(mapped);
        if (verdict.ok) {
          const first = seen.get(verdict.key);
          if (first !== undefined) {
            await checker.release?.(verdict);
            verdict = {
              ok: false,
              errors: {
                [def!.keyColumn]: def!.duplicateMessage?.(first) ?? IMPORT_MESSAGES.duplicateInFile(first),
              },
            };
          } else seen.set(verdict.key, fileRow.rowNumber);
        }
        if (verdict.ok) {
          const create =
            verdict.createErrors && Object.keys(verdict.createErrors).length > 0
              ? verdict.createErrors
              : undefined;
          lines.push(
            [
              row!.id,
              String(fileRow.rowNumber),
              quote(verdict.key),
              quote(JSON.stringify(verdict.data)),
              create ? quote(JSON.stringify(cellErrors(create, mapped))) : '',
              create ? quote(JSON.stringify(rowCells(fileRow.cells))) : '',
            ].join(','),
          );
          if (lines.length >= COPY_BATCH) {
            yield `${lines.join('\n')}\n`;
            lines = [];
          }
        } else {
          errors.push({
            rowNumber: fileRow.rowNumber,
            cells: rowCells(fileRow.cells),
            errors: cellErrors(verdict.errors, mapped),
          });
          if (errors.length >= ERROR_BATCH) {
            await insertErrors(deps.db, row!.id, errors);
            errors = [];
          }
        }
        if (rows % PROGRESS_EVERY === 0)
          await step({ progressDone: rows, progressTotal: Math.max(rows, estimate ?? 0) });
      }
      if (lines.length > 0) yield `${lines.join('\n')}\n`;
    }

    await repo.copyStaged(deps.database, staged());
    await insertErrors(deps.db, row.id, errors);
    if (rows === 0) throw new HttpError(400, IMPORT_MESSAGES.noDataRows);
    await def.afterStaging?.(deps.db, ctx);
    const counts = await repo.stagedCounts(deps.db, row.id);
    await step({
      status: counts.errors > 0 ? 'INVALID' : 'VERIFIED',
      rowCount: rows,
      validCount: counts.valid,
      errorCount: counts.errors,
      progressDone: rows,
      progressTotal: rows,
      verifiedAt: new Date(),
    });
  } catch (err) {
    await endRun(deps, row, data, err, log);
  }
}

export async function runCommit(
  deps: ImportDeps,
  data: JobData,
  log: { error(obj: unknown, msg?: string): void },
): Promise<void> {
  const row = await repo.findImportById(deps.db, data.importId);
  if (!row || row.runId !== data.runId || row.status !== 'IMPORTING') return;
  const def = importTableDef(row.tableName as ImportTable);
  const ctx = importContext(deps, row, data.actor);
  let counts: CommitCounts | undefined;
  try {
    if (!def) throw new Error(`import ${row.id}: table missing`);
    counts = await deps.db.transaction().execute(async (tx) => {
      const locked = await repo.lockImport(tx, row.eventId, row.id);
      if (!locked || locked.runId !== data.runId || locked.status !== 'IMPORTING') throw new Superseded();
      await repo.setCommitSavepoint(tx);
      const counts = await def.commit(tx, { ...ctx, db: tx });
      // Crash tests only: the process is killed here, with the table's rows written but not committed.
      await holdForCrashTest('imports.commit');
      // Rows the table refused under its locks (what they name was deleted, seats taken since verify) are error rows now.
      const now = await repo.stagedCounts(tx, row.id);
      const refused = now.errors - locked.errorCount;
      if (refused > 0 && !locked.skipInvalidRows) {
        // All or nothing: undo the table's writes, keep the refused rows as errors; the import is INVALID again.
        // (Only a VERIFIED import commits without skipInvalidRows, so every error row is one refused now.)
        const rows = await repo.allErrors(tx, row.id);
        await repo.rollbackToCommitSavepoint(tx);
        await moveStagedToErrors(tx, row.id, rows);
        await repo.updateImport(tx, row.id, {
          status: 'INVALID',
          validCount: locked.validCount - rows.length,
          errorCount: rows.length,
          message: IMPORT_MESSAGES.invalidAtCommit(rows.length),
          progressDone: 0,
          runId: null,
        });
        return undefined;
      }
      const validCount = locked.validCount - refused;
      const skipped =
        validCount - counts.created - counts.updated + (locked.skipInvalidRows ? now.errors : 0);
      await repo.updateImport(tx, row.id, {
        status: 'COMPLETED',
        validCount,
        errorCount: now.errors,
        createdCount: counts.created,
        updatedCount: counts.updated,
        skippedCount: skipped,
        progressDone: locked.validCount,
        completedAt: new Date(),
        runId: null,
        fileKey: null,
      });
      await repo.auditImport(tx, data.actor, 'update', row.id);
      await repo.deleteStaged(tx, row.id);
      return counts;
    });
  } catch (err) {
    await endRun(deps, row, data, err, log);
    return;
  }
  if (counts) {
    // The commit is durable: people hear of it, what it made unused can go.
    const done = counts;
    await (async () => done.notify?.(ctx))().catch((err: unknown) =>
      log.error({ err, importId: row.id }, 'import notification failed'),
    );
    await def
      .afterCommit?.(ctx)
      .catch((err: unknown) => log.error({ err, importId: row.id }, 'import clean-up failed'));
    if (row.fileKey) await privateStorageFor(deps.config).delete(row.fileKey);
  }
  await emitProgress(deps, row.eventId, row.id);
}

/**
 * After a run failed: a superseded run cleans up after itself if the import was discarded; a
 * problem of the file (a 400 HttpError, e.g. too many rows) makes the import FAILED with its
 * message; anything else FAILED with the general message (logged). Staged rows of a failed commit
 * are kept: the transaction wrote nothing else.
 */
async function endRun(
  deps: ImportDeps,
  row: repo.ImportRow,
  data: JobData,
  err: unknown,
  log: { error(obj: unknown, msg?: string): void },
): Promise<void> {
  if (err instanceof Superseded) {
    const now = await repo.findImportById(deps.db, row.id);
    if (now?.status === 'CANCELLED') await dropStaged(deps, now, data.actor);
    return;
  }
  const isFileProblem = err instanceof HttpError && err.statusCode === 400;
  if (!isFileProblem) log.error({ err, importId: row.id }, 'import job failed');
  else if (err.cause !== undefined)
    log.error({ err: err.cause, importId: row.id }, `import file refused: ${err.message}`);
  const verifying = row.status === 'VERIFYING';
  if (verifying) {
    await importTableDef(row.tableName as ImportTable)?.discardStaged?.(
      deps.db,
      importContext(deps, row, data.actor),
    );
    await repo.clearStaged(deps.db, row.id);
  }
  const failed = await repo.updateImport(
    deps.db,
    row.id,
    { status: 'FAILED', message: isFileProblem ? err.message : IMPORT_MESSAGES.failed, runId: null },
    data.runId,
  );
  if (failed) await emitProgress(deps, row.eventId, row.id);
}
