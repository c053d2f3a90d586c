import { MAX_IMPORT_ROWS, MAX_UPLOAD_BYTES } from '../spec/limits.js';

const grouped = (n: number) => n.toLocaleString('en-US');

/**
 * Texts of the data import that the spec does not quote (ours). Row and cell checks use the
 * spec's own texts ('Required field', 'Please enter value', 'Please select value', the e-mail,
 * time and URL messages) through the same validators as the API.
 */
export const IMPORT_MESSAGES = {
  fileMissing: 'Please attach a file in the field "file"',
  fileEmpty: 'The file is empty',
  fileTypeNotAllowed: (allowed: readonly string[]) => `Please upload a file of type ${allowed.join(' or ')}`,
  fileContentMismatch: (extension: string) =>
    `The file's content is not ${extension.toUpperCase()}. Please upload a real ${extension} file`,
  fileTooLarge: `The file must be at most ${grouped(MAX_UPLOAD_BYTES / 1_000_000)} MB`,
  tooManyRows: (claimed: number) =>
    `The file has ${grouped(claimed)} rows; at most ${grouped(MAX_IMPORT_ROWS)} can be imported at once. Please split it`,
  zipBomb:
    'The spreadsheet unpacks to far more data than a spreadsheet of this size can hold, so it was refused. Please save it again from your spreadsheet program',
  zipTooManyEntries: 'The spreadsheet contains too many parts to be a normal workbook, so it was refused',
  zipUnreadable: 'The spreadsheet could not be read. Please save it again as .xlsx',
  csvUnreadable: 'The CSV file could not be read. Please save it as UTF-8 CSV',
  noHeaderRow: 'The first row must contain the column names',
  duplicateHeader: (header: string) => `The column "${header}" appears more than once in the first row`,
  noDataRows: 'The file has no rows below the column names',
  unknownColumn: 'Unknown column',
  unknownHeader: 'This column is not in the file',
  headerMappedTwice: 'This column of the file is already used for another field',
  duplicateInFile: (firstRow: number) => `This e-mail address already appears in row ${firstRow}`,
  notInEvent: 'No participant of this event uses this e-mail address',
  photoUrlFetch: 'The photo could not be downloaded from this address',
  photoUrlRefused: 'This address cannot be used to download a photo',
  wrongStatus: (status: string) => `This import cannot do that while it is ${status.toLowerCase()}`,
  hasErrors:
    'Some rows have errors. Fix them and upload the file again, or import only the rows without errors',
  nothingToImport: 'There are no rows without errors to import',
  tableNotAvailable: 'This table cannot be imported yet',
  templateFormat: 'This table has no template in that format',
  failed: 'The import failed and nothing was changed. Please try again',
  interrupted:
    'The import was interrupted (the server stopped) and nothing was changed. Run it again, or cancel it',
  stale: 'The fields of this table changed after the file was verified. Please verify it again',
  invalidAtCommit: (rows: number) =>
    `${rows === 1 ? '1 row' : `${rows} rows`} can no longer be imported: the event changed after the file was verified (see their errors). Nothing was imported. Fix them, or import only the rows without errors`,
} as const;
