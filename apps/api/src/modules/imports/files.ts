import Papa from 'papaparse';
import {
  fileTypeFromName,
  IMPORT_MESSAGES,
  importFileExtensionsFor,
  MAX_IMPORT_ROWS,
  MAX_UPLOAD_BYTES,
  sniffFileType,
  type ImportFileExtension,
  type ImportTable,
} from '@plenary/domain';
import { HttpError } from '../../platform/errors.js';
import { unreadableXlsx } from './rows.js';
import { claimedSheetRows } from './xlsx-reader.js';
import {
  XLSX_MAX_ENTRIES,
  XLSX_MAX_RATIO,
  XLSX_MAX_UNPACKED_BYTES,
  ZipFormatError,
  zipEntries,
} from './zip.js';

/**
 * Checks of an uploaded import file BEFORE any parser sees it (issue 3): the name's extension is
 * one the table takes, the content is of that type (a PNG named .xlsx is refused), the size is
 * capped; for xlsx the ZIP's central directory must list few entries and a sane unpacked size
 * (a zip bomb is refused without inflating it), and the first worksheet must not claim more rows
 * than an import takes; for csv the text must not hold more lines than that.
 */
export const IMPORT_MAX_FILE_BYTES = MAX_UPLOAD_BYTES;

const refuse = (message: string, status = 400) => new HttpError(status, message, { file: message });

export function checkImportFile(table: ImportTable, fileName: string, bytes: Buffer): ImportFileExtension {
  const allowed = importFileExtensionsFor(table);
  if (bytes.length === 0) throw refuse(IMPORT_MESSAGES.fileEmpty);
  if (bytes.length > IMPORT_MAX_FILE_BYTES) throw refuse(IMPORT_MESSAGES.fileTooLarge, 413);
  const byName = fileTypeFromName(fileName);
  const type = allowed.find((t) => t === byName);
  if (!type) throw refuse(IMPORT_MESSAGES.fileTypeNotAllowed(allowed.map((t) => `.${t}`)));
  const head = bytes.subarray(0, 65_536);
  const sniffed = sniffFileType(head);
  if (type === 'xlsx') {
    if (sniffed !== 'xlsx') throw refuse(IMPORT_MESSAGES.fileContentMismatch('xlsx'));
    checkXlsx(bytes);
  } else {
    if (sniffed !== undefined || head.includes(0)) throw refuse(IMPORT_MESSAGES.fileContentMismatch('csv'));
    checkCsvRows(bytes);
  }
  return type;
}

function checkXlsx(bytes: Buffer): void {
  try {
    const entries = zipEntries(bytes, XLSX_MAX_ENTRIES);
    if (entries.length > XLSX_MAX_ENTRIES) throw refuse(IMPORT_MESSAGES.zipTooManyEntries);
    let total = 0;
    for (const e of entries) {
      total += e.size;
      if (e.size > 10_000_000 && e.size > e.compressedSize * XLSX_MAX_RATIO)
        throw refuse(IMPORT_MESSAGES.zipBomb);
    }
    if (total > XLSX_MAX_UNPACKED_BYTES) throw refuse(IMPORT_MESSAGES.zipBomb);
    const rows = claimedSheetRows(bytes, entries);
    if (rows !== undefined && rows - 1 > MAX_IMPORT_ROWS) throw refuse(IMPORT_MESSAGES.tooManyRows(rows - 1));
  } catch (err) {
    if (err instanceof ZipFormatError) throw unreadableXlsx(err);
    throw err;
  }
}

function checkCsvRows(bytes: Buffer): void {
  let lines = bytes.at(-1) === 10 ? 0 : 1;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++;
  if (lines - 1 <= MAX_IMPORT_ROWS) return;
  // Quoted cells may hold line breaks: count records before refusing.
  let records = 0;
  Papa.parse(bytes.toString('utf8'), { skipEmptyLines: 'greedy', step: () => void records++ });
  if (records - 1 > MAX_IMPORT_ROWS) throw refuse(IMPORT_MESSAGES.tooManyRows(records - 1));
}
