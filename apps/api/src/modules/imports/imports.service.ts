import { randomUUID } from 'node:crypto';
import {
  IMPORT_DISCARDABLE_STATUSES,
  IMPORT_EDITABLE_STATUSES,
  IMPORT_MESSAGES,
  IMPORT_REALTIME_EVENT,
  IMPORT_TABLE_LABELS,
  importFileExtensionsFor,
  MAX_IMPORT_ROWS,
  MESSAGES,
  suggestMapping,
  type ImportColumn,
  type ImportFileExtension,
  type ImportMapping,
  type ImportRecord,
  type ImportStatus,
  type ImportTable,
  type ImportTableDescriptor,
} from '@plenary/domain';
import type { WriteContext } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { conflict, HttpError, notFound } from '../../platform/errors.js';
import { rooms } from '../../platform/realtime.js';
import { privateStorageFor, storageFor } from '../../platform/storage.js';
import { checkImportFile, IMPORT_MAX_FILE_BYTES } from './files.js';
import * as repo from './imports.repo.js';
import {
  importTableDef,
  registeredImportTables,
  type ImportContext,
  type ImportTableDef,
} from '../../platform/import-tables/registry.js';
import { filled, headerText } from '../../platform/import-tables/cells.js';
import { readRows } from './rows.js';
import { CONTENT_TYPES, templateFile } from './spreadsheets.js';

export const VERIFY_QUEUE = 'imports.verify';
export const COMMIT_QUEUE = 'imports.commit';

export interface JobData {
  importId: string;
  runId: string;
  actor: ImportContext['actor'];
}

export type ImportDeps = Pick<
  AppDeps,
  'db' | 'config' | 'jobs' | 'realtime' | 'database' | 'mail' | 'brands'
>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function tableDefOr404(table: ImportTable): ImportTableDef {
  const def = importTableDef(table);
  if (!def) throw new HttpError(404, IMPORT_MESSAGES.tableNotAvailable);
  return def;
}

export async function listTables(deps: ImportDeps, eventId: string): Promise<ImportTableDescriptor[]> {
  return Promise.all(registeredImportTables().map((def) => describeTable(deps.db, eventId, def)));
}

export async function template(
  deps: ImportDeps,
  eventId: string,
  table: ImportTable,
  format: ImportFileExtension,
) {
  const descriptor = await describeTable(deps.db, eventId, tableDefOr404(table));
  if (!descriptor.templateFormats.includes(format))
    throw new HttpError(400, IMPORT_MESSAGES.templateFormat, { format: IMPORT_MESSAGES.templateFormat });
  return {
    body: await templateFile(descriptor, format),
    contentType: CONTENT_TYPES[format],
    fileName: `${descriptor.label.toLowerCase().replace(/\s+/g, '-')}-template.${format}`,
  };
}

export async function getImport(deps: ImportDeps, eventId: string, importId: string): Promise<ImportRecord> {
  const row = await repo.findImport(deps.db, eventId, importId);
  if (!row) throw notFound();
  return repo.toRecord(row);
}

/** Header row (empty header cells left out), refused when missing, repeated or followed by no data. */
async function readHeaders(bytes: Buffer, type: ImportFileExtension): Promise<string[]> {
  let headers: string[] | undefined;
  for await (const row of readRows(bytes, type)) {
    if (!headers) {
      headers = row.cells.map(headerText);
      if (!headers.some((h) => h !== ''))
        throw new HttpError(400, IMPORT_MESSAGES.noHeaderRow, { file: IMPORT_MESSAGES.noHeaderRow });
      const seen = new Set<string>();
      for (const h of headers.filter((x) => x !== '')) {
        if (seen.has(h))
          throw new HttpError(400, IMPORT_MESSAGES.duplicateHeader(h), {
            file: IMPORT_MESSAGES.duplicateHeader(h),
          });
        seen.add(h);
      }
      continue;
    }
    if (row.cells.some(filled)) return headers.filter((h) => h !== '');
  }
  const message = headers ? IMPORT_MESSAGES.noDataRows : IMPORT_MESSAGES.noHeaderRow;
  throw new HttpError(400, message, { file: message });
}

/** Checks the file before parsing, stores it privately, reads its header row and suggests the mapping. */
export async function upload(
  deps: ImportDeps,
  ctx: WriteContext,
  eventId: string,
  table: ImportTable,
  fileName: string,
  bytes: Buffer,
): Promise<ImportRecord> {
  const def = tableDefOr404(table);
  const type = checkImportFile(table, fileName, bytes);
  const headers = await readHeaders(bytes, type);
  const columns = await def.columns(deps.db, eventId);
  const mapping = suggestMapping(columns, headers);
  const store = privateStorageFor(deps.config);
  const fileKey = await store.put(bytes, type === 'csv' ? 'text/csv' : XLSX_TYPE);
  try {
    const id = await deps.db.transaction().execute(async (tx) => {
      const created = await repo.insertImport(tx, {
        eventId,
        tableName: table,
        fileName: fileName.slice(0, 255),
        fileType: type,
        fileSize: bytes.length,
        fileKey,
        headers,
        mapping,
        createdBy: ctx.actorId,
      });
      await repo.auditImport(tx, ctx, 'create', created);
      return created;
    });
    return getImport(deps, eventId, id);
  } catch (err) {
    await store.delete(fileKey);
    throw err;
  }
}

/**
 * The mapping `given` merged into `current` and checked against the table's columns and the file's
 * headers: unknown columns, headers not in the file, a header used twice, and an unmapped
 * identifying column are 400s naming `mapping.<column>`.
 */
export function checkedMapping(
  columns: readonly ImportColumn[],
  headers: readonly string[],
  current: ImportMapping,
  given: ImportMapping | undefined,
  keyColumn: string,
): ImportMapping {
  const fields: Record<string, string> = {};
  const known = new Set(columns.map((c) => c.key));
  for (const key of Object.keys(given ?? {}))
    if (!known.has(key)) fields[`mapping.${key}`] = IMPORT_MESSAGES.unknownColumn;
  const merged: ImportMapping = {};
  for (const c of columns)
    merged[c.key] = given && c.key in given ? (given[c.key] ?? null) : (current[c.key] ?? null);
  const used = new Map<string, string>();
  for (const c of columns) {
    const header = merged[c.key];
    if (header === null || header === undefined) continue;
    if (!headers.includes(header)) fields[`mapping.${c.key}`] = IMPORT_MESSAGES.unknownHeader;
    else if (used.has(header)) fields[`mapping.${c.key}`] = IMPORT_MESSAGES.headerMappedTwice;
    else used.set(header, c.key);
  }
  if (!merged[keyColumn]) fields[`mapping.${keyColumn}`] = MESSAGES.required;
  if (Object.keys(fields).length > 0) {
    const first = Object.entries(fields)[0]!;
    throw new HttpError(400, `${first[0]}: ${first[1]}`, fields);
  }
  return merged;
}

const wrongStatus = (status: ImportStatus) => conflict(IMPORT_MESSAGES.wrongStatus(status));

async function lockOr404(tx: ImportDeps['db'], eventId: string, importId: string) {
  const row = await repo.lockImport(tx, eventId, importId);
  if (!row) throw notFound();
  return row;
}

const RESET_COUNTS = {
  rowCount: null,
  validCount: 0,
  errorCount: 0,
  createdCount: 0,
  updatedCount: 0,
  skippedCount: 0,
  message: null,
} as const;

export async function updateMapping(
  deps: ImportDeps,
  eventId: string,
  importId: string,
  mapping: ImportMapping,
): Promise<ImportRecord> {
  await deps.db.transaction().execute(async (tx) => {
    const row = await lockOr404(tx, eventId, importId);
    if (!IMPORT_EDITABLE_STATUSES.includes(row.status)) throw wrongStatus(row.status);
    const def = tableDefOr404(row.tableName as ImportTable);
    const merged = checkedMapping(
      await def.columns(tx, eventId),
      row.headers,
      row.mapping,
      mapping,
      def.keyColumn,
    );
    await repo.updateImport(tx, importId, {
      mapping: merged,
      status: 'UPLOADED',
      phase: null,
      progressDone: 0,
      progressTotal: null,
      verifiedAt: null,
      ...RESET_COUNTS,
    });
  });
  await emitProgress(deps, eventId, importId);
  return getImport(deps, eventId, importId);
}

const jobActor = (ctx: WriteContext): JobData['actor'] => ({
  actorId: ctx.actorId,
  impersonatedUserId: ctx.impersonatedUserId,
  requestId: ctx.requestId,
  host: ctx.host,
});

/** VERIFYING, with the verify job enqueued in the same transaction. */
export async function startVerify(
  deps: ImportDeps,
  ctx: WriteContext,
  eventId: string,
  importId: string,
  mapping: ImportMapping | undefined,
): Promise<ImportRecord> {
  await deps.db.transaction().execute(async (tx) => {
    const row = await lockOr404(tx, eventId, importId);
    if (!IMPORT_EDITABLE_STATUSES.includes(row.status)) throw wrongStatus(row.status);
    const def = tableDefOr404(row.tableName as ImportTable);
    const merged = checkedMapping(
      await def.columns(tx, eventId),
      row.headers,
      row.mapping,
      mapping,
      def.keyColumn,
    );
    const runId = randomUUID();
    await repo.updateImport(tx, importId, {
      mapping: merged,
      status: 'VERIFYING',
      runId,
      phase: 'verify',
      progressDone: 0,
      progressTotal: null,
      verifiedAt: null,
      skipInvalidRows: false,
      ...RESET_COUNTS,
    });
    await deps.jobs.enqueue<JobData>(tx, VERIFY_QUEUE, { importId, runId, actor: jobActor(ctx) });
  });
  deps.jobs.wake(VERIFY_QUEUE);
  await emitProgress(deps, eventId, importId);
  return getImport(deps, eventId, importId);
}

/** IMPORTING, with the commit job enqueued in the same transaction. INVALID needs `skipInvalidRows`. */
export async function startCommit(
  deps: ImportDeps,
  ctx: WriteContext,
  eventId: string,
  importId: string,
  skipInvalidRows: boolean,
): Promise<ImportRecord> {
  await deps.db.transaction().execute(async (tx) => {
    const row = await lockOr404(tx, eventId, importId);
    if (row.status === 'INVALID' && !skipInvalidRows) throw conflict(IMPORT_MESSAGES.hasErrors);
    if (row.status !== 'VERIFIED' && row.status !== 'INVALID') throw wrongStatus(row.status);
    if (row.validCount === 0) throw conflict(IMPORT_MESSAGES.nothingToImport);
    const def = tableDefOr404(row.tableName as ImportTable);
    const columns = new Set((await def.columns(tx, eventId)).map((c) => c.key));
    const gone = Object.entries(row.mapping).some(([key, header]) => header !== null && !columns.has(key));
    if (gone || (row.verifiedAt && (await def.changedSince?.(tx, eventId, row.verifiedAt))))
      throw conflict(IMPORT_MESSAGES.stale);
    const runId = randomUUID();
    await repo.updateImport(tx, importId, {
      status: 'IMPORTING',
      runId,
      phase: 'commit',
      progressDone: 0,
      progressTotal: row.validCount,
      skipInvalidRows,
      message: null,
    });
    await deps.jobs.enqueue<JobData>(tx, COMMIT_QUEUE, { importId, runId, actor: jobActor(ctx) });
  });
  deps.jobs.wake(COMMIT_QUEUE);
  await emitProgress(deps, eventId, importId);
  return getImport(deps, eventId, importId);
}

/** CANCELLED: a running verify stops at its next step; staged rows, stored photos and the file go. */
export async function discard(
  deps: ImportDeps,
  ctx: WriteContext,
  eventId: string,
  importId: string,
): Promise<ImportRecord> {
  const row = await deps.db.transaction().execute(async (tx) => {
    const locked = await lockOr404(tx, eventId, importId);
    if (!IMPORT_DISCARDABLE_STATUSES.includes(locked.status)) throw wrongStatus(locked.status);
    await repo.updateImport(tx, importId, { status: 'CANCELLED', runId: null, fileKey: null });
    await repo.auditImport(tx, ctx, 'delete', importId);
    return locked;
  });
  await dropStaged(deps, row, jobActor(ctx));
  await emitProgress(deps, eventId, importId);
  return getImport(deps, eventId, importId);
}

export function importContext(
  deps: ImportDeps,
  row: { id: string; eventId: string },
  actor: JobData['actor'],
): ImportContext {
  return {
    db: deps.db,
    importId: row.id,
    eventId: row.eventId,
    config: deps.config,
    storage: storageFor(deps.config),
    mail: deps.mail,
    realtime: deps.realtime,
    brands: deps.brands,
    actor,
  };
}

/** Staged rows (and what verify stored for them) and the uploaded file, after a discard. */
export async function dropStaged(
  deps: ImportDeps,
  row: repo.ImportRow,
  actor: JobData['actor'],
): Promise<void> {
  const def = importTableDef(row.tableName as ImportTable);
  await def?.discardStaged?.(deps.db, importContext(deps, row, actor));
  await repo.clearStaged(deps.db, row.id);
  if (row.fileKey) await privateStorageFor(deps.config).delete(row.fileKey);
}

export async function emitProgress(deps: ImportDeps, eventId: string, importId: string): Promise<void> {
  const row = await repo.findImport(deps.db, eventId, importId);
  if (!row?.createdBy) return;
  const r = repo.toRecord(row);
  // To the admin who uploaded it, not the event's room: participants and moderators are in that
  // room too. Other admins watching the import poll it.
  deps.realtime.emit(rooms.user(row.createdBy), IMPORT_REALTIME_EVENT, {
    id: r.id,
    table: r.table,
    status: r.status,
    progress: r.progress,
    counts: r.counts,
    message: r.message,
  });
}

async function describeTable(db: Db, eventId: string, def: ImportTableDef): Promise<ImportTableDescriptor> {
  const fileTypes = [...importFileExtensionsFor(def.table)];
  return {
    table: def.table,
    label: IMPORT_TABLE_LABELS[def.table],
    fileTypes,
    templateFormats: fileTypes,
    columns: await def.columns(db, eventId),
    maxRows: MAX_IMPORT_ROWS,
    maxFileBytes: IMPORT_MAX_FILE_BYTES,
  };
}
