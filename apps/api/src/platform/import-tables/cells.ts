import { MESSAGES, type ImportColumn } from '@plenary/domain';

/** Cells of an import file and the helpers every table's row check uses (see platform/import-tables/registry.ts). */

/** A cell as the readers hand it over: CSV gives text only (a phone `+49…` stays text). */
export type Cell = string | number | boolean | Date | null;

export interface FileRow {
  /** As a spreadsheet program numbers it: the header is row 1. */
  rowNumber: number;
  cells: Cell[];
}

export const filled = (cell: Cell) => cell !== null && !(typeof cell === 'string' && cell.trim() === '');

/** A cell as text, as the error file and the error list show it. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().replace(/T00:00:00\.000Z$/, '');
  return String(cell).replace(/\0/g, '');
}

/** A header cell: trimmed, without the quote our templates put before `=`, `+`… (so a template maps back to its columns). */
export function headerText(cell: Cell | undefined): string {
  const text = cellText(cell).trim();
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** A text cell as a row check wants it: trimmed, '' → undefined; a quote our exports put before `=`, `+`… is taken off. */
export function textOf(cell: Cell | undefined): string | undefined {
  if (cell === null || cell === undefined) return undefined;
  // PostgreSQL text can not hold NUL.
  const text = (typeof cell === 'string' ? cell : cellText(cell)).replace(/\0/g, '').trim();
  if (text === '') return undefined;
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** A cell for a typed value (custom fields): strings as textOf, the rest as read. */
export function valueOf(cell: Cell | undefined): Exclude<Cell, null> | undefined {
  if (cell === null || cell === undefined) return undefined;
  return typeof cell === 'string' ? textOf(cell) : cell;
}

export function column(key: string, label: string, over: Partial<ImportColumn> = {}): ImportColumn {
  return {
    key,
    label,
    required: false,
    identifies: false,
    type: 'STRING',
    example: '',
    enumValues: [],
    isEnumMultiple: false,
    description: '',
    ...over,
  };
}

export const tooLong = (text: string | undefined, max: number) =>
  text !== undefined && text.length > max ? MESSAGES.maxLength : undefined;

/** Drops undefined values (a row's errors). */
export function errorsOf(entries: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).filter((e): e is [string, string] => e[1] !== undefined));
}
