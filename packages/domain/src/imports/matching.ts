import type { ImportColumn, ImportMapping } from './schemas.js';

/** 'E-Mail Address ' → 'emailaddress': case, spaces and punctuation do not count. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The mapping matched by header: a column takes the first header whose normalised text equals
 * its key's or its label's. Columns without a match map to null; a header serves one column.
 */
export function suggestMapping(
  columns: readonly Pick<ImportColumn, 'key' | 'label'>[],
  headers: readonly string[],
): ImportMapping {
  const byName = new Map<string, string>();
  for (const header of headers) {
    const name = normaliseHeader(header);
    if (name !== '' && !byName.has(name)) byName.set(name, header);
  }
  const used = new Set<string>();
  const mapping: ImportMapping = {};
  for (const column of columns) {
    const header = [column.label, column.key]
      .map((n) => byName.get(normaliseHeader(n)))
      .find((h) => h !== undefined && !used.has(h));
    mapping[column.key] = header ?? null;
    if (header !== undefined) used.add(header);
  }
  return mapping;
}
