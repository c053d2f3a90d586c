import { posix } from 'node:path';
import type { Cell, FileRow } from '../../platform/import-tables/cells.js';
import { isoDate, readDateStyles, serialToDate } from './xlsx-dates.js';
import { parseStreamed, parseWhole, readSharedStrings, stringItem, unescapeXstring } from './xlsx-xml.js';
import { claimedRows, entryHead, ZipFormatError, type ZipEntry } from './zip.js';

/**
 * The rows of an xlsx's first worksheet, read straight from the ZIP in memory: the workbook's
 * index parts (workbook.xml and its relationships) inflated at once, the shared strings, styles and
 * the sheet inflated as streams and fed chunk by chunk through saxes. Only what an import needs:
 * cell values (shared, inline and rich-text strings, numbers, booleans, dates by their number
 * format, formulas' cached results), no styles beyond "is this a date".
 *
 * It replaces exceljs's streaming WorkbookReader, whose stream handling on Node ≥ 18 loses ZIP
 * entries now and then (exceljs issue #3064) — most often workbook.xml, which exceljs writes last.
 */

export interface WorkbookParts {
  /** The first worksheet in the workbook's order. */
  sheet: ZipEntry;
  sharedStrings?: ZipEntry;
  styles?: ZipEntry;
  /** Serial dates count from 1904-01-01 (old Mac Excel). */
  date1904: boolean;
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const MAX_COLUMNS = 16_384; // XFD

/** Part names are case-insensitive (OPC); a leading slash means "from the package root". */
function entryIndex(entries: readonly ZipEntry[]): (name: string) => ZipEntry | undefined {
  const byName = new Map<string, ZipEntry>();
  for (const e of entries) if (!byName.has(e.name.toLowerCase())) byName.set(e.name.toLowerCase(), e);
  return (name) => byName.get(name.replace(/^\//, '').toLowerCase());
}

/** A relationship's Target: relative to the workbook's folder, or absolute from the package root. */
function resolveTarget(target: string): string {
  return target.startsWith('/')
    ? posix.normalize(target).slice(1)
    : posix.normalize(posix.join(posix.dirname(WORKBOOK), target));
}

/**
 * Where the first worksheet (in the workbook's order, as a spreadsheet program shows the tabs),
 * the shared strings and the styles are: workbook.xml's first `<sheet r:id>` through
 * workbook.xml.rels. Without a workbook index, the first `xl/worksheets/*.xml` in the file.
 * Used by the upload checks (the rows the sheet claims) and by the reader alike.
 */
export function workbookParts(zip: Buffer, entries: readonly ZipEntry[]): WorkbookParts {
  const find = entryIndex(entries);
  let firstSheetId: string | undefined;
  let date1904 = false;
  const workbook = find(WORKBOOK);
  if (workbook) {
    parseWhole(zip, workbook, {
      open: (name, attributes) => {
        if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
        else if (name === 'sheet' && firstSheetId === undefined) {
          // r:id, whatever the relationships namespace's prefix is.
          const id = Object.entries(attributes).find(([key]) => /:id$/.test(key))?.[1];
          firstSheetId = id ?? '';
        }
      },
    });
  }
  const targets = new Map<string, string>();
  let sharedStrings: ZipEntry | undefined;
  let styles: ZipEntry | undefined;
  const rels = find(WORKBOOK_RELS);
  if (rels) {
    parseWhole(zip, rels, {
      open: (name, { Id: id, Type: type, Target: target, TargetMode: mode }) => {
        if (name !== 'Relationship' || !target || mode === 'External') return;
        const part = resolveTarget(target);
        if (id) targets.set(id, part);
        if (type?.endsWith('/sharedStrings')) sharedStrings ??= find(part);
        else if (type?.endsWith('/styles')) styles ??= find(part);
      },
    });
  }
  const byRelationship = firstSheetId ? targets.get(firstSheetId) : undefined;
  const sheet =
    (byRelationship && find(byRelationship)) ||
    entries.find((e) => /^xl\/worksheets\/[^/]+\.xml$/i.test(e.name));
  if (!sheet) throw new ZipFormatError('no worksheet');
  return {
    sheet,
    sharedStrings: sharedStrings ?? find('xl/sharedStrings.xml'),
    styles: styles ?? find('xl/styles.xml'),
    date1904,
  };
}

/**
 * Rows the first worksheet (the one the reader takes) claims in its `<dimension>`, from the first
 * 64 KB of it; undefined when it says nothing. The upload check and the verify job's estimate.
 */
export function claimedSheetRows(zip: Buffer, entries: readonly ZipEntry[]): number | undefined {
  return claimedRows(entryHead(zip, workbookParts(zip, entries).sheet, 65_536));
}

/** `A1` → 0, `XFD7` → 16,383; undefined when the reference has no column letters. */
export function columnIndex(ref: string): number | undefined {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i) & ~0x20; // upper case
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  if (i === 0) return undefined;
  if (column > MAX_COLUMNS) throw new ZipFormatError(`cell reference ${ref} is beyond column XFD`);
  return column - 1;
}

interface Context {
  sharedStrings: readonly string[];
  dateStyles: readonly boolean[];
  date1904: boolean;
}

/** A cell's value from its type (`t`), style (`s`) and text: `<v>`, or `<is>` for inline strings. */
function cellValue(
  type: string | undefined,
  style: number,
  value: string | undefined,
  inline: string | undefined,
  ctx: Context,
): Cell {
  switch (type) {
    case 's': {
      const string = value === undefined ? undefined : ctx.sharedStrings[Number(value)];
      return string ?? null;
    }
    case 'inlineStr':
      return inline ?? (value === undefined ? null : unescapeXstring(value));
    case 'str':
      return value === undefined ? null : unescapeXstring(value);
    case 'b':
      return value === undefined ? null : value.trim() === '1' || value.trim().toLowerCase() === 'true';
    case 'e':
      // #N/A, #DIV/0! and the like are not values to import.
      return null;
    case 'd':
      return value === undefined || value.trim() === '' ? null : isoDate(value);
    default: {
      if (value === undefined || value.trim() === '') return null;
      const number = Number(value);
      if (Number.isNaN(number)) return null;
      return ctx.dateStyles[style] ? serialToDate(number, ctx.date1904) : number;
    }
  }
}

/**
 * The first worksheet's rows in order, as the sheet lists them (rows without cells too; a row
 * without `r` follows the previous one). Styles and shared strings are read first; the sheet then
 * streams, a chunk of inflated XML at a time, and waits for the consumer between chunks.
 * Malformed XML or ZIP data throws (saxes' Error, ZipFormatError).
 */
export async function* readXlsxRows(zip: Buffer, entries: readonly ZipEntry[]): AsyncGenerator<FileRow> {
  const parts = workbookParts(zip, entries);
  const ctx: Context = {
    sharedStrings: parts.sharedStrings ? await readSharedStrings(zip, parts.sharedStrings) : [],
    dateStyles: parts.styles ? await readDateStyles(zip, parts.styles) : [],
    date1904: parts.date1904,
  };

  let ready: FileRow[] = [];
  let inSheetData = false;
  let previousRow = 0;
  let row: FileRow | undefined;
  let nextColumn = 0;
  // The cell being read.
  let cell: { column: number; type: string | undefined; style: number } | undefined;
  let value: string | undefined;
  let inV = false;
  let inline: string | undefined;
  let inIs = false;
  const item = stringItem();

  const parse = parseStreamed(zip, parts.sheet, {
    open: (name, attributes) => {
      if (name === 'sheetData') inSheetData = true;
      else if (!inSheetData) return;
      else if (name === 'row') {
        const r = attributes.r === undefined ? undefined : Number(attributes.r);
        const rowNumber = r !== undefined && Number.isInteger(r) && r > 0 ? r : previousRow + 1;
        row = { rowNumber, cells: [] };
        previousRow = rowNumber;
        nextColumn = 0;
      } else if (name === 'c' && row) {
        const column = attributes.r === undefined ? nextColumn : (columnIndex(attributes.r) ?? nextColumn);
        cell = { column, type: attributes.t, style: attributes.s === undefined ? 0 : Number(attributes.s) };
        nextColumn = column + 1;
        value = undefined;
        inline = undefined;
      } else if (cell) {
        if (name === 'v') {
          inV = true;
          value = '';
        } else if (name === 'is') inIs = true;
        else if (inIs) item.open(name);
      }
    },
    close: (name) => {
      if (name === 'sheetData') inSheetData = false;
      else if (!inSheetData) return;
      else if (name === 'v') inV = false;
      else if (name === 'is' && inIs) {
        inIs = false;
        inline = item.take();
      } else if (inIs) item.close(name);
      else if (name === 'c' && row && cell) {
        const v = cellValue(cell.type, cell.style, value, inline, ctx);
        if (v !== null) {
          while (row.cells.length < cell.column) row.cells.push(null);
          row.cells[cell.column] = v;
        }
        cell = undefined;
      } else if (name === 'row' && row) {
        ready.push(row);
        row = undefined;
      }
    },
    text: (text) => {
      if (inV) value += text;
      else if (inIs) item.text(text);
    },
  });
  for await (const _ of parse) {
    if (ready.length === 0) continue;
    const rows = ready;
    ready = [];
    yield* rows;
  }
}
