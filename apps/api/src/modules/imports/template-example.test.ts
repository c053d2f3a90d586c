import type { ImportTableDescriptor } from '@plenary/domain';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { templateFile } from './spreadsheets.js';

const descriptor = {
  table: 'User',
  label: 'Participants',
  maxRows: 100_000,
  templateFormats: ['xlsx', 'csv'],
  columns: [
    { key: 'email', label: 'E-mail', example: 'jane.doe@example.com', type: 'STRING', enumValues: [] },
    { key: 'firstName', label: 'First name', example: 'Jane', type: 'STRING', enumValues: [] },
    { key: 'phone', label: 'Phone', example: '+49 30 1234567', type: 'STRING', enumValues: [] },
  ],
} as unknown as ImportTableDescriptor;

describe('the CSV template', () => {
  it('has the example row the data-import page promises, under the column names', async () => {
    const text = (await templateFile(descriptor, 'csv')).toString('utf8').replace(/^\ufeff/, '');
    const rows = Papa.parse<string[]>(text.trim()).data;
    expect(rows).toEqual([
      ['E-mail', 'First name', 'Phone'],
      ['jane.doe@example.com', 'Jane', "'+49 30 1234567"],
    ]);
  });
});
