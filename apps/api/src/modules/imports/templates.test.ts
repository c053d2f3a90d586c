import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, field, type Client } from '../attendees/attendees.test-utils.js';
import { uploaded } from './imports.test-utils.js';

let t: TestContext;
let c: Client;
let formula: { key: string };
const FORMULA = '=HYPERLINK("http://x","y")';

beforeAll(async () => {
  t = await createTestContext();
  const ten = await t.f.tenant();
  c = client(t, ten.tokens.eventAdmin, ten.event.id);
  formula = await field(c, { name: FORMULA, dataType: 'STRING' });
});
afterAll(() => t.close());

describe('import templates go through the spreadsheet neutraliser', () => {
  it('writes a custom field named like a formula as text in the CSV template, and the template maps back to the field', async () => {
    const csv = await c.get('imports/User/template?format=csv');
    expect(csv.statusCode).toBe(200);
    const header = Papa.parse<string[]>(csv.body.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data[0]!;
    expect(header).toContain(`'${FORMULA}`);
    expect(header).not.toContain(FORMULA);

    const filled = Buffer.from(
      `${csv.body.replace(/^\ufeff/, '').trimEnd()}\r\n${header.map((h) => (h === 'E-mail' ? 'ann@example.com' : h === `'${FORMULA}` ? 'kept' : '')).join(',')}\r\n`,
    );
    const up = await uploaded(c, 'User', 'template.csv', filled);
    expect(up.headers).toContain(FORMULA);
    expect(up.mapping[formula.key]).toBe(FORMULA);
  });

  it('writes it as text in the XLSX template: the header cell is a quoted string, not a formula', async () => {
    const xlsx = await c.get('imports/User/template?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells = book.worksheets[0]!.getRow(1).values as unknown[];
    expect(cells).toContain(`'${FORMULA}`);
    expect(cells.some((v) => typeof v === 'object' && v !== null && 'formula' in v)).toBe(false);
    expect(book.getWorksheet('Instructions')!.getColumn(1).values).toContain(`'${FORMULA}`);
  });
});
