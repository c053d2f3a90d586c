import type { ImportColumn } from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import { assign, byColumn, byHeader, checkMapping } from './mapping';

const column = (key: string, patch: Partial<ImportColumn> = {}): ImportColumn => ({
  key,
  label: key,
  required: false,
  identifies: false,
  type: 'STRING',
  example: '',
  enumValues: [],
  isEnumMultiple: false,
  description: '',
  ...patch,
});
const columns = [
  column('email', { required: true, identifies: true }),
  column('firstName', { required: true }),
  column('company'),
];

describe('header ↔ column mapping', () => {
  it('turns the API mapping around and back', () => {
    const headers = ['Mail', 'Given name', 'Notes'];
    const shown = byHeader(headers, { email: 'Mail', firstName: 'Given name', company: null });
    expect(shown).toEqual({ Mail: 'email', 'Given name': 'firstName', Notes: null });
    expect(byColumn(columns, shown)).toEqual({ email: 'Mail', firstName: 'Given name', company: null });
  });

  it('ignores headers that are not in the file', () => {
    expect(byHeader(['A'], { email: 'Gone' })).toEqual({ A: null });
  });

  it('gives a column to one header only', () => {
    const next = assign({ A: 'email', B: null }, 'B', 'email');
    expect(next).toEqual({ A: null, B: 'email' });
    expect(assign(next, 'B', null)).toEqual({ A: null, B: null });
  });

  it('says which identifying and required columns are not mapped', () => {
    const check = checkMapping(columns, { A: 'company' });
    expect(check.missingKey.map((c) => c.key)).toEqual(['email']);
    expect(check.missingRequired.map((c) => c.key)).toEqual(['firstName']);
    expect(checkMapping(columns, { A: 'email', B: 'firstName' })).toEqual({
      missingKey: [],
      missingRequired: [],
    });
  });
});
