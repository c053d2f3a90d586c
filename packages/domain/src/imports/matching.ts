import type { ImportColumn, ImportMapping } from './schemas.js';

/** 'E-Mail Address ' → 'emailaddress': case, spaces and punctuation do not count. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Other names a spreadsheet commonly gives a built-in column (normalised), tried only for columns
 * that no header names by label or key: "Title" is a job title in a participant list.
 */
const HEADER_ALIASES: Readonly<Record<string, readonly string[]>> = {
  email: ['email', 'emailaddress', 'mail'],
  firstName: ['firstname', 'givenname', 'forename'],
  lastName: ['lastname', 'surname', 'familyname'],
  jobTitle: ['title', 'jobtitle', 'position'],
  company: ['company', 'organisation', 'organization', 'employer'],
  phone: ['phone', 'phonenumber', 'mobile', 'telephone'],
};

/**
 * The mapping matched by header: a column takes the first header whose normalised text equals
 * its key's or its label's, then columns still unmatched try their aliases (HEADER_ALIASES), so an
 * exact name always wins over an alias. Columns without a match map to null; a header serves one
 * column.
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
  const take = (column: Pick<ImportColumn, 'key'>, names: readonly string[]) => {
    const header = names
      .map((n) => byName.get(normaliseHeader(n)))
      .find((h) => h !== undefined && !used.has(h));
    if (header === undefined) return;
    mapping[column.key] = header;
    used.add(header);
  };
  for (const column of columns) {
    mapping[column.key] = null;
    take(column, [column.label, column.key]);
  }
  for (const column of columns)
    if (mapping[column.key] === null) take(column, HEADER_ALIASES[column.key] ?? []);
  return mapping;
}
