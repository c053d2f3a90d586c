import { describe, expect, it } from 'vitest';
import {
  commitImportSchema,
  IMPORT_MESSAGES,
  importListQuerySchema,
  importMappingSchema,
  normaliseHeader,
  suggestMapping,
} from './index.js';

const columns = [
  { key: 'email', label: 'E-mail' },
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'cf_0123456789abcdef0123456789abcdef', label: 'T-shirt size' },
];

describe('header matching', () => {
  it('ignores case, spaces and punctuation', () => {
    expect(normaliseHeader(' E-Mail ')).toBe('email');
    expect(normaliseHeader('T-Shirt_Size')).toBe('tshirtsize');
    expect(normaliseHeader('Prénom')).toBe('prenom');
  });

  it('matches by label or key, one header per column, the rest null', () => {
    expect(suggestMapping(columns, ['EMAIL', 'first_name', 'Nachname', 't shirt size'])).toEqual({
      email: 'EMAIL',
      firstName: 'first_name',
      lastName: null,
      cf_0123456789abcdef0123456789abcdef: 't shirt size',
    });
    expect(suggestMapping([...columns, { key: 'email2', label: 'e-mail' }], ['E-mail'])).toMatchObject({
      email: 'E-mail',
      email2: null,
    });
    expect(suggestMapping(columns, [])).toEqual({
      email: null,
      firstName: null,
      lastName: null,
      cf_0123456789abcdef0123456789abcdef: null,
    });
  });
});

describe('schemas and messages', () => {
  it('parse the list query filters and the commit body', () => {
    expect(importListQuerySchema.parse({ table: 'User,ImportPhoto', status: 'COMPLETED' })).toMatchObject({
      table: ['User', 'ImportPhoto'],
      status: ['COMPLETED'],
    });
    expect(importListQuerySchema.safeParse({ status: 'DONE' }).success).toBe(false);
    expect(commitImportSchema.parse({})).toEqual({ skipInvalidRows: false });
    expect(importMappingSchema.safeParse({ email: 'E-mail', bio: null }).success).toBe(true);
    expect(importMappingSchema.safeParse({ email: 3 }).success).toBe(false);
  });

  it('say what is wrong in words', () => {
    expect(IMPORT_MESSAGES.tooManyRows(2_000_000)).toBe(
      'The file has 2,000,000 rows; at most 100,000 can be imported at once. Please split it',
    );
    expect(IMPORT_MESSAGES.fileTypeNotAllowed(['.xlsx', '.csv'])).toBe(
      'Please upload a file of type .xlsx or .csv',
    );
    expect(IMPORT_MESSAGES.duplicateInFile(4)).toBe('This e-mail address already appears in row 4');
  });
});
