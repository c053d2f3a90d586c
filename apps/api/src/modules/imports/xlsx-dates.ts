import type { ZipEntry } from './zip.js';
import { parseStreamed } from './xlsx-xml.js';

/**
 * Dates in an xlsx (xlsx-reader.ts): a number is a date when its cell style's number format shows
 * one; serial numbers count days from the workbook's epoch (1900 or 1904 system). Cells typed `d`
 * hold ISO 8601 text instead.
 */

/** Built-in number formats that show a date or a time (ECMA-376 part 1, 18.8.30; 27–36 and 50–58 are the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

/**
 * Whether a custom number format shows a date or time: a d, m, y, h or s outside quoted text,
 * escaped characters (`\x`, `_x` spacing, `*x` fill) and brackets (`[Red]`, `[$-409]`) — but
 * elapsed-time brackets (`[h]`, `[mm]`, `[ss]`) count.
 */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '')
    .replace(/\[(?!(?:h+|m+|s+)\])[^\]]*\]/gi, '');
  return /[dmyhs]/i.test(bare);
}

/** For each cell style (`s` of a cell, an index into `cellXfs`): does it format a date? */
export async function readDateStyles(zip: Buffer, entry: ZipEntry): Promise<boolean[]> {
  const customFormats = new Map<number, string>();
  const formatIds: number[] = [];
  let inCellXfs = false;
  for await (const _ of parseStreamed(zip, entry, {
    open: (name, attributes) => {
      if (name === 'numFmt') customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) formatIds.push(Number(attributes.numFmtId ?? 0));
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  }));
  return formatIds.map((id) => {
    const custom = customFormats.get(id);
    return custom !== undefined ? isDateFormatCode(custom) : BUILT_IN_DATE_FORMATS.has(id);
  });
}

const DAY_MS = 86_400_000;

/**
 * A serial date as a UTC Date. 1900 system: day 25,569 is 1970-01-01; Excel counts a
 * 29 February 1900 that never was (serial 60), so serials before it are one day later than that
 * arithmetic says. 1904 system: day 0 is 1904-01-01.
 */
export function serialToDate(serial: number, date1904: boolean): Date {
  const days = date1904 ? serial + 1462 - 25_569 : serial - 25_569 + (serial >= 1 && serial < 60 ? 1 : 0);
  return new Date(Math.round(days * DAY_MS));
}

/** An ISO 8601 date (`t="d"`) as a Date; without a zone it is UTC, like every date an import reads. */
export function isoDate(text: string): Date | string {
  const trimmed = text.trim();
  const zoned = /(?:Z|[+-]\d\d:?\d\d)$/i.test(trimmed) || !trimmed.includes('T') ? trimmed : `${trimmed}Z`;
  const date = new Date(zoned);
  return Number.isNaN(date.getTime()) ? text : date;
}
