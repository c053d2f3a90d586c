import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { IMPORT_ERRORS_COLUMN, IMPORT_TABLE_LABELS, neutraliseCell, type ImportCellError, type ImportFileExtension, type ImportTableDescriptor } from '@plenary/domain';

export const CONTENT_TYPES: Record<ImportFileExtension, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A table's template. xlsx: the first sheet has the header row only (bold, frozen, ENUM columns
 * with a drop-down of their values), so it can be filled and uploaded as it is; a second sheet
 * "Instructions" lists each column with required, type, allowed values and an example (the
 * importer reads the first sheet only). csv: the header row only (a CSV has no second sheet, and
 * an example row would be imported as data).
 */
export async function templateFile(descriptor: ImportTableDescriptor, format: ImportFileExtension): Promise<Buffer> {
  const headers = descriptor.columns.map((c) => c.label);
  if (format === 'csv') return Buffer.from(`\ufeff${Papa.unparse([headers])}\r\n`, 'utf8');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(IMPORT_TABLE_LABELS[descriptor.table], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = descriptor.columns.map((c) => ({ header: c.label, key: c.key, width: Math.max(14, Math.min(40, c.label.length + 4)) }));
  sheet.getRow(1).font = { bold: true };
  descriptor.columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    // Text, so a phone number like +49 30… or a leading zero survives.
    if (c.type !== 'NUMBER' && c.type !== 'CURRENCY' && c.type !== 'DATE') column.numFmt = '@';
    const list = c.enumValues.join(',');
    if (c.type === 'ENUM' && !c.isEnumMultiple && list.length > 0 && list.length < 250) {
      for (let row = 2; row <= 1000; row++) sheet.getCell(row, i + 1).dataValidation = { type: 'list', allowBlank: true, formulae: [`"${list.replace(/"/g, '""')}"`] };
    }
  });
  const notes = book.addWorksheet('Instructions');
  notes.columns = [
    { header: 'Column', key: 'label', width: 28 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'Type', key: 'type', width: 14 },
    { header: 'What to enter', key: 'description', width: 60 },
    { header: 'Example', key: 'example', width: 30 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of descriptor.columns) notes.addRow({ label: c.label, required: c.required ? 'Yes' : 'No', type: c.type, description: c.description, example: c.example });
  notes.addRow({});
  notes.addRow({ label: `Fill in the sheet "${IMPORT_TABLE_LABELS[descriptor.table]}" from row 2; at most ${descriptor.maxRows.toLocaleString('en-US')} rows. This sheet is not imported.` });
  return Buffer.from(await book.xlsx.writeBuffer());
}

type ErrorRow = { rowNumber: number; cells: Array<[string, string]>; errors: ImportCellError[] };

const errorsText = (r: ErrorRow) => r.errors.map((e) => (e.header ? `${e.header}: ${e.message}` : e.message)).join('; ');

/**
 * The rows with errors in the format they came in, with an extra 'Errors' column, so they can be
 * fixed and uploaded again. CSV cells that a spreadsheet would run as formulas are neutralised
 * with a leading quote (the importer takes it off again).
 */
export function errorsFile(headers: readonly string[], format: ImportFileExtension, batches: AsyncIterable<ErrorRow[]>): Readable {
  const out = new PassThrough();
  const write = format === 'csv' ? writeCsv : writeXlsx;
  write(headers, batches, out).catch((err: unknown) => out.destroy(err as Error));
  return out;
}

async function writeCsv(headers: readonly string[], batches: AsyncIterable<ErrorRow[]>, out: PassThrough): Promise<void> {
  out.write(`\ufeff${Papa.unparse([[...headers, IMPORT_ERRORS_COLUMN]])}\r\n`);
  for await (const batch of batches) {
    const lines = batch.map((r) => {
      const byHeader = new Map(r.cells);
      return [...headers.map((h) => neutraliseCell(byHeader.get(h) ?? '')), neutraliseCell(errorsText(r))];
    });
    if (!out.write(`${Papa.unparse(lines)}\r\n`)) await new Promise((resolve) => out.once('drain', resolve));
  }
  out.end();
}

async function writeXlsx(headers: readonly string[], batches: AsyncIterable<ErrorRow[]>, out: PassThrough): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = book.addWorksheet('Errors');
  const header = sheet.addRow([...headers, IMPORT_ERRORS_COLUMN]);
  header.font = { bold: true };
  header.commit();
  for await (const batch of batches) {
    for (const r of batch) {
      const byHeader = new Map(r.cells);
      // Strings stay strings: a cell written as text is never run as a formula.
      sheet.addRow([...headers.map((h) => byHeader.get(h) ?? ''), errorsText(r)]).commit();
    }
  }
  sheet.commit();
  await book.commit();
}
