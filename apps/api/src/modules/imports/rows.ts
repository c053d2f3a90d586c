import Papa from 'papaparse';
import { IMPORT_MESSAGES, MAX_IMPORT_ROWS, type ImportFileExtension } from '@plenary/domain';
import { HttpError } from '../../platform/errors.js';
import { filled, type FileRow } from '../../platform/import-tables/cells.js';
import { readXlsxRows } from './xlsx-reader.js';
import { XLSX_MAX_ENTRIES, ZipFormatError, zipEntries } from './zip.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The rows of an import file, header first, streamed: CSV through papaparse (delimiter detected,
 * nothing typed), XLSX through xlsx-reader (first worksheet in the workbook's order only). More
 * than MAX_IMPORT_ROWS data rows stop the reading with a 400.
 */
export async function* readRows(bytes: Buffer, type: ImportFileExtension): AsyncGenerator<FileRow> {
  const rows = type === 'csv' ? csvRows(bytes) : xlsxRows(bytes);
  for await (const row of rows) {
    if (row.rowNumber - 1 > MAX_IMPORT_ROWS && row.cells.some(filled)) {
      const message = IMPORT_MESSAGES.tooManyRows(row.rowNumber - 1);
      throw new HttpError(400, message, { file: message });
    }
    yield row;
  }
}

/**
 * papaparse over the text in chunks of CSV_CHUNK_BYTES: each chunk's rows are handed over while the
 * parser is paused, so the consumer's pace (a COPY, the checks) sets the speed and at most one
 * chunk of rows is held. (Papa's Node duplex stream lost rows and stalled on large inputs.)
 */
export const CSV_CHUNK_BYTES = 1 << 20;

async function* csvRows(bytes: Buffer): AsyncGenerator<FileRow> {
  const text = (bytes.subarray(0, 3).equals(BOM) ? bytes.subarray(3) : bytes).toString('utf8');
  let batch: string[][] = [];
  let finished = false;
  let failed: unknown;
  let parser: Papa.Parser | undefined;
  let wake: (() => void) | undefined;
  const arrived = () => new Promise<void>((resolve) => (wake = resolve));
  let next = arrived();
  Papa.parse<string[]>(text, {
    dynamicTyping: false,
    skipEmptyLines: false,
    chunkSize: CSV_CHUNK_BYTES,
    chunk: (results: Papa.ParseResult<string[]>, p: Papa.Parser) => {
      parser = p;
      batch = results.data;
      if (results.errors.some((e: Papa.ParseError) => e.code === 'MissingQuotes')) failed = results.errors[0];
      p.pause();
      wake?.();
    },
    complete: () => {
      finished = true;
      wake?.();
    },
    error: (err: unknown) => {
      failed = err;
      wake?.();
    },
  });
  let rowNumber = 0;
  for (;;) {
    await next;
    if (failed)
      throw new HttpError(400, IMPORT_MESSAGES.csvUnreadable, { file: IMPORT_MESSAGES.csvUnreadable });
    const rows = batch;
    batch = [];
    next = arrived();
    for (const record of rows) {
      rowNumber++;
      yield { rowNumber, cells: record };
    }
    if (finished && batch.length === 0) return;
    parser?.resume();
  }
}

/**
 * A file the reader can not make sense of answers 400 'could not be read'; what went wrong travels
 * as the error's `cause`, which the request's error handler and the import job log.
 */
export function unreadableXlsx(cause: unknown): HttpError {
  const error = new HttpError(400, IMPORT_MESSAGES.zipUnreadable, { file: IMPORT_MESSAGES.zipUnreadable });
  error.cause = cause;
  return error;
}

async function* xlsxRows(bytes: Buffer): AsyncGenerator<FileRow> {
  try {
    const entries = zipEntries(bytes, XLSX_MAX_ENTRIES);
    if (entries.length > XLSX_MAX_ENTRIES) throw new ZipFormatError(`${entries.length} entries`);
    yield* readXlsxRows(bytes, entries);
  } catch (err) {
    // Only the reader's own errors arrive here (a consumer that stops ends the generator instead).
    if (err instanceof HttpError) throw err;
    throw unreadableXlsx(err);
  }
}
