import { z } from 'zod';

/** `GET {exportType}/export?format=csv|xlsx`. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Export options, added to a list's own query (search, sort and filters apply; page and limit are
 * ignored: an export holds every matching row). `columns` is a comma-separated list of field
 * names, in the order wanted; omitted = every exportable column.
 */
export const exportOptionsSchema = z.object({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  columns: z
    .string()
    .max(2000)
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .optional(),
});
export type ExportOptions = z.infer<typeof exportOptionsSchema>;

/**
 * First characters that make a spreadsheet treat a cell as a formula (or that some programs strip):
 * '=', '+', '-', '@', tab, carriage return and NUL (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;

/**
 * A text cell that could be run as a formula gets a leading single quote, so `=HYPERLINK("x")`
 * shows as text in Excel, LibreOffice and Google Sheets. Other values pass unchanged.
 */
export function neutraliseCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}
