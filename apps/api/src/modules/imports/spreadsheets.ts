import { PassThrough, type Readable } from 'node:stream';
import {
  IMPORT_ERRORS_COLUMN,
  IMPORT_TABLE_LABELS,
  type ImportCellError,
  type ImportFileExtension,
  type ImportTableDescriptor,
} from '@plenary/domain';
import {
  CSV_BOM,
  csvLines,
  SPREADSHEET_CONTENT_TYPES,
  xlsxFile,
  xlsxStream,
} from '../../platform/spreadsheets.js';

export const CONTENT_TYPES: Record<ImportFileExtension, string> = SPREADSHEET_CONTENT_TYPES;

/**
 * A table's template. xlsx: the first sheet has the header row only (bold, frozen, ENUM columns
 * with a drop-down of their values), so it can be filled and uploaded as it is; a second sheet
 * "Instructions" lists each column with required, type, allowed values and an example (the
 * importer reads the first sheet only). csv: the header row and one example row (a CSV has no
 * second sheet for the examples; the data-import page says to replace it). Written through
 * platform/spreadsheets, so a custom field named like a formula is a text header.
 */
export async function templateFile(
  descriptor: ImportTableDescriptor,
  format: ImportFileExtension,
): Promise<Buffer> {
  const headers = descriptor.columns.map((c) => c.label);
  if (format === 'csv') {
    const example = descriptor.columns.map((c) => c.example);
    return Buffer.from(`${CSV_BOM}${csvLines([headers, example])}`, 'utf8');
  }
  return xlsxFile((book) => {
    const sheet = book.sheet(IMPORT_TABLE_LABELS[descriptor.table]);
    sheet.columns(
      descriptor.columns.map((c) => ({
        header: c.label,
        width: Math.max(14, Math.min(40, c.label.length + 4)),
        // Text, so a phone number like +49 30… or a leading zero survives.
        ...(c.type !== 'NUMBER' && c.type !== 'CURRENCY' && c.type !== 'DATE' ? { numFmt: '@' } : {}),
      })),
    );
    descriptor.columns.forEach((c, i) => {
      const list = c.enumValues.join(',');
      if (c.type === 'ENUM' && !c.isEnumMultiple && list.length > 0 && list.length < 250)
        sheet.listValidation(i + 1, c.enumValues, 1000);
    });
    const notes = book.sheet('Instructions');
    notes.columns([
      { header: 'Column', width: 28 },
      { header: 'Required', width: 10 },
      { header: 'Type', width: 14 },
      { header: 'What to enter', width: 60 },
      { header: 'Example', width: 30 },
    ]);
    for (const c of descriptor.columns)
      notes.addRow([c.label, c.required ? 'Yes' : 'No', c.type, c.description, c.example]);
    notes.addRow([]);
    notes.addRow([
      `Fill in the sheet "${IMPORT_TABLE_LABELS[descriptor.table]}" from row 2; at most ${descriptor.maxRows.toLocaleString('en-US')} rows. This sheet is not imported.`,
    ]);
  });
}

type ErrorRow = { rowNumber: number; cells: Array<[string, string]>; errors: ImportCellError[] };

const errorsText = (r: ErrorRow) =>
  r.errors.map((e) => (e.header ? `${e.header}: ${e.message}` : e.message)).join('; ');

/**
 * The rows with errors in the format they came in, with an extra 'Errors' column, so they can be
 * fixed and uploaded again. Cells that a spreadsheet would run as formulas are neutralised with a
 * leading quote by platform/spreadsheets (the importer takes it off again).
 */
export function errorsFile(
  headers: readonly string[],
  format: ImportFileExtension,
  batches: AsyncIterable<ErrorRow[]>,
): Readable {
  const out = new PassThrough();
  const write = format === 'csv' ? writeCsv : writeXlsx;
  write(headers, batches, out).catch((err: unknown) => out.destroy(err as Error));
  return out;
}

const errorRowCells = (headers: readonly string[], r: ErrorRow) => {
  const byHeader = new Map(r.cells);
  return [...headers.map((h) => byHeader.get(h) ?? ''), errorsText(r)];
};

async function writeCsv(
  headers: readonly string[],
  batches: AsyncIterable<ErrorRow[]>,
  out: PassThrough,
): Promise<void> {
  out.write(`${CSV_BOM}${csvLines([[...headers, IMPORT_ERRORS_COLUMN]])}`);
  for await (const batch of batches) {
    if (!out.write(csvLines(batch.map((r) => errorRowCells(headers, r)))))
      await new Promise((resolve) => out.once('drain', resolve));
  }
  out.end();
}

async function writeXlsx(
  headers: readonly string[],
  batches: AsyncIterable<ErrorRow[]>,
  out: PassThrough,
): Promise<void> {
  const book = xlsxStream(out);
  const sheet = book.sheet('Errors');
  sheet.columns([...headers, IMPORT_ERRORS_COLUMN].map((header) => ({ header })));
  for await (const batch of batches) for (const r of batch) sheet.addRow(errorRowCells(headers, r));
  sheet.commit();
  await book.commit();
}
