import type { ImportColumn, ImportTable } from '@plenary/domain';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { AppDeps } from '../deps.js';
import type { Storage } from '../storage.js';
import type { Cell } from './cells.js';

/**
 * What a table brings to the import framework. The framework reads the file, maps headers to
 * columns, runs `check` on every row (verify), stages the good rows, keeps the bad ones with their
 * messages, and calls `commit` in one transaction. Register a table once with `registerImportTable`
 * (each table's module exports its definitions; the composition root, `modules/index.ts`, registers them).
 */
export interface ImportTableDef {
  table: ImportTable;
  /** The column that identifies a record (User: email): it must be mapped; repeats in a file are errors. */
  keyColumn: string;
  /** The message of a row whose key an earlier row had (default: the e-mail text of IMPORT_MESSAGES.duplicateInFile). */
  duplicateMessage?(firstRow: number): string;
  columns(db: Db, eventId: string): Promise<ImportColumn[]>;
  /** True when what verify checked against (e.g. custom fields) changed after `verifiedAt`: commit then asks for a new verify. */
  changedSince?(db: Db, eventId: string, verifiedAt: Date): Promise<boolean>;
  /** Prepares the row check of one verify run (loads what it needs once). */
  checker(ctx: ImportContext, columns: readonly ImportColumn[]): Promise<RowChecker>;
  /** Set-based checks that need the database, after every good row is staged (may move rows to errors). */
  afterStaging?(db: Db, ctx: ImportContext): Promise<void>;
  /**
   * Writes the staged rows (`import_rows` of the import) in the caller's transaction. Rows it finds
   * it can not write any more (what they name deleted since verify…) it moves to `import_errors`
   * with their messages and leaves out: the framework skips them with `skipInvalidRows`, else it
   * undoes the commit and the import ends INVALID with them.
   */
  commit(tx: Db, ctx: ImportContext): Promise<CommitCounts>;
  /** After a commit is durable (e.g. remove files nobody uses any more); `notify` of the counts runs first. */
  afterCommit?(ctx: ImportContext): Promise<void>;
  /** Before staged rows are thrown away (re-verify, discard, failure): remove what verify stored for them. */
  discardStaged?(db: Db, ctx: ImportContext): Promise<void>;
}

export interface ImportContext {
  db: Db;
  importId: string;
  eventId: string;
  config: Config;
  storage: Storage;
  /** For tables whose commit tells people (the agenda's promotions): e-mails queued in the commit's transaction, realtime after it. */
  mail: AppDeps['mail'];
  realtime: AppDeps['realtime'];
  brands: AppDeps['brands'];
  /** `host`: where the admin worked (links in e-mails); absent in jobs queued before it was recorded. */
  actor: { actorId: string; impersonatedUserId: string | null; requestId: string | null; host?: string };
}

export interface CommitCounts {
  created: number;
  updated: number;
  /**
   * Runs once the commit is durable, with the import's context outside the transaction: tells
   * people what the commit found (realtime events, waking the mail worker). Errors are logged.
   */
  notify?(ctx: ImportContext): Promise<void> | void;
}

/** Per-row verdict. `key`: the identifying value (duplicates); `data`: the normalised row that commit reads. */
export type RowCheck =
  | { ok: true; key: string; data: Record<string, unknown>; createErrors?: Record<string, string> }
  | { ok: false; errors: Record<string, string> };

export interface RowChecker {
  /** `cells`: the row's mapped cells by column key. Errors are `{ columnKey: message }` ('' = the row as a whole). */
  check(cells: ReadonlyMap<string, Cell>): RowCheck | Promise<RowCheck>;
  /** A good verdict the framework turned into an error (a duplicate in the file): undo what `check` stored for it. */
  release?(verdict: Extract<RowCheck, { ok: true }>): Promise<void>;
}

const tables = new Map<ImportTable, ImportTableDef>();

export function registerImportTable(def: ImportTableDef): void {
  tables.set(def.table, def);
}

export function importTableDef(table: ImportTable): ImportTableDef | undefined {
  return tables.get(table);
}

export function registeredImportTables(): ImportTableDef[] {
  return [...tables.values()];
}
