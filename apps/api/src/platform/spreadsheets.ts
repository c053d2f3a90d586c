import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { neutraliseCell } from '@plenary/domain';

/**
 * The one writer of spreadsheets: list exports, import templates and errors files all write their
 * CSV and XLSX here, and every header and cell passes `neutraliseCell` (a text starting with
 * `=`, `+`, `-`, `@`, tab, CR or NUL gets a leading `'`), so no generated file can carry a
 * formula. `spreadsheets.test.ts` checks that no other file imports exceljs or calls papaparse's
 * `unparse`.
 */
export type SheetValue = string | number | boolean | Date | null | undefined;
export type SafeCell = string | number | boolean | Date | null;

export const SPREADSHEET_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export function safeCell(value: SheetValue): SafeCell {
  if (value === undefined || value === null) return null;
  return neutraliseCell(value);
}

/** A byte-order mark, so Excel opens UTF-8 as UTF-8. Starts every CSV we write. */
export const CSV_BOM = '\uFEFF';

/** CSV lines of neutralised cells (CRLF ends, RFC 4180); dates as ISO 8601. */
export function csvLines(rows: ReadonlyArray<readonly SheetValue[]>): string {
  if (rows.length === 0) return '';
  const safe = rows.map((row) =>
    row.map((v) => {
      const cell = safeCell(v);
      return cell instanceof Date ? cell.toISOString() : cell;
    }),
  );
  return `${Papa.unparse(safe, { newline: '\r\n' })}\r\n`;
}

export interface SheetColumn {
  header: string;
  width?: number;
  /** A number format for the column's cells ('@' = text, so `+49 30…` or a leading zero survives). */
  numFmt?: string;
}

export interface SheetWriter {
  /** The header row (bold); call once, before the rows. */
  columns(columns: readonly SheetColumn[]): void;
  addRow(values: readonly SheetValue[]): void;
}

function toExcelColumns(columns: readonly SheetColumn[]): Array<Partial<ExcelJS.Column>> {
  return columns.map((c) => ({
    header: String(safeCell(c.header) ?? ''),
    ...(c.width === undefined ? {} : { width: c.width }),
    ...(c.numFmt === undefined ? {} : { style: { numFmt: c.numFmt } }),
  }));
}

/** XLSX written as a stream to `out` (exceljs's streaming writer): rows are flushed as they come. */
export function xlsxStream(out: Writable) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  return {
    sheet(name: string): SheetWriter & { commit(): void } {
      const sheet = book.addWorksheet(name);
      return {
        columns(columns) {
          sheet.columns = toExcelColumns(columns);
          sheet.getRow(1).font = { bold: true };
        },
        addRow(values) {
          sheet.addRow(values.map(safeCell)).commit();
        },
        commit: () => sheet.commit(),
      };
    },
    commit: () => book.commit(),
  };
}

export interface BookSheet extends SheetWriter {
  /** A drop-down of `values` on column `column` (1-based) for rows 2…`lastRow`. */
  listValidation(column: number, values: readonly string[], lastRow: number): void;
}

/** A small XLSX built in memory (templates): sheets with a frozen, bold header row. */
export async function xlsxFile(build: (book: { sheet(name: string): BookSheet }) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  build({
    sheet(name) {
      const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      return {
        columns(columns) {
          sheet.columns = toExcelColumns(columns);
          sheet.getRow(1).font = { bold: true };
        },
        addRow(values) {
          sheet.addRow(values.map(safeCell));
        },
        listValidation(column, values, lastRow) {
          // A quoted list literal, never evaluated: the values go as they are.
          const list = values.join(',');
          for (let row = 2; row <= lastRow; row++)
            sheet.getCell(row, column).dataValidation = {
              type: 'list',
              allowBlank: true,
              formulae: [`"${list.replace(/"/g, '""')}"`],
            };
        },
      };
    },
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
