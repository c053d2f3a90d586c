import type { ImportColumn, ImportMapping } from '@plenary/domain';

/**
 * The mapping step shows one row per header of the file, each with the column it goes into; the
 * API's mapping is the other way round (column key → header). Pure: unit-tested in mapping.test.ts.
 */
export type HeaderMapping = Record<string, string | null>;

/** Column → header as header → column (a header serves one column). */
export function byHeader(headers: readonly string[], mapping: ImportMapping): HeaderMapping {
  const out: HeaderMapping = Object.fromEntries(headers.map((h) => [h, null]));
  for (const [column, header] of Object.entries(mapping))
    if (header !== null && header in out && out[header] === null) out[header] = column;
  return out;
}

/** Header → column as the API's mapping: every column has an entry (null = not imported). */
export function byColumn(
  columns: readonly Pick<ImportColumn, 'key'>[],
  headers: HeaderMapping,
): ImportMapping {
  const mapping: ImportMapping = Object.fromEntries(columns.map((c) => [c.key, null]));
  for (const [header, column] of Object.entries(headers))
    if (column !== null && column in mapping) mapping[column] = header;
  return mapping;
}

/** Sets `header` to `column`; another header that had that column lets go of it. */
export function assign(headers: HeaderMapping, header: string, column: string | null): HeaderMapping {
  const next: HeaderMapping = {};
  for (const [h, c] of Object.entries(headers))
    next[h] = h === header ? column : column !== null && c === column ? null : c;
  return next;
}

export interface MappingCheck {
  /** The identifying column (User: e-mail) is not mapped: verify would be refused. */
  missingKey: ImportColumn[];
  /** Other required columns not mapped: rows that create records will fail at verify. */
  missingRequired: ImportColumn[];
}

export function checkMapping(columns: readonly ImportColumn[], headers: HeaderMapping): MappingCheck {
  const mapped = new Set(Object.values(headers).filter((c): c is string => c !== null));
  return {
    missingKey: columns.filter((c) => c.identifies && !mapped.has(c.key)),
    missingRequired: columns.filter((c) => c.required && !c.identifies && !mapped.has(c.key)),
  };
}
