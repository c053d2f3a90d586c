import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '@plenary/domain';
import { HttpError } from '../../platform/errors.js';
import { checkImportFile } from './files.js';
import { readRows } from './rows.js';
import { type Cell, type FileRow } from '../../platform/import-tables/cells.js';
import { isDateFormatCode, serialToDate } from './xlsx-dates.js';
import { columnIndex } from './xlsx-reader.js';
import { entryBytes, XLSX_MAX_ENTRIES, zipEntries } from './zip.js';

const FIXTURES = resolve(import.meta.dirname, '../../../test/fixtures/imports');
const fixture = (name: string) => readFileSync(resolve(FIXTURES, name));
const utc = (y: number, m: number, d: number, h = 0, min = 0) => new Date(Date.UTC(y, m - 1, d, h, min));

async function rowsOf(bytes: Buffer): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  for await (const row of readRows(bytes, 'xlsx')) rows.push(row);
  return rows;
}

/** What reading fails with: the HttpError, or a test failure when it does not fail. */
async function refusal(read: () => Promise<unknown>): Promise<HttpError> {
  try {
    await read();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('expected the file to be refused');
}

// ——— ZIP parts in and out, to rearrange what the writers made ———

interface Part {
  name: string;
  data: Buffer | string;
  /** 0 stored, 8 deflated (default). */
  method?: 0 | 8;
  /** What the central directory claims, when it should lie. */
  declaredSize?: number;
}

/** A ZIP of the parts in the given order (no data descriptors, no comment). */
function zipOf(parts: readonly Part[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = Buffer.from(part.data);
    const method = part.method ?? 8;
    const packed = method === 8 ? deflateRawSync(data) : data;
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(crc32(data), 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    chunks.push(local, name, packed);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

/** The parts of a ZIP in its order (directories left out). */
function partsOf(zip: Buffer): Part[] {
  return zipEntries(zip, XLSX_MAX_ENTRIES)
    .filter((e) => !e.name.endsWith('/'))
    .map((e) => ({ name: e.name, data: entryBytes(zip, e, Number.MAX_SAFE_INTEGER) }));
}

const text = (parts: readonly Part[], name: string) => String(parts.find((p) => p.name === name)!.data);
const replaced = (parts: readonly Part[], name: string, data: string): Part[] =>
  parts.map((p) => (p.name === name ? { ...p, data } : p));

// ——— The same workbook, written by exceljs here and by Gnumeric in the fixtures (make-fixtures.sh) ———

const HEADERS = ['Name', 'Count', 'Ratio', 'Flag', 'Day', 'When', 'Custom', 'Sum', 'Rich', 'Spaces'];

/** A time of day alone is a serial below 1: the 1900 system's day 0 is 1899-12-30, the 1904 one's 1904-01-01. */
const timeOnly = (date1904: boolean) => (date1904 ? utc(1904, 1, 1, 10, 30) : utc(1899, 12, 30, 10, 30));

function expectedTypes(date1904: boolean): FileRow[] {
  return [
    { rowNumber: 1, cells: HEADERS },
    {
      rowNumber: 2,
      cells: [
        'Ada',
        42,
        0.5,
        true,
        utc(2026, 5, 4),
        utc(2026, 5, 4, 10, 30),
        utc(2026, 12, 24),
        84,
        'Rich',
        '  two  spaces  ',
      ],
    },
    {
      rowNumber: 4,
      cells: [null, null, null, false, null, timeOnly(date1904), null, null, null, 'line1\nline2'],
    },
    { rowNumber: 5, cells: ['Ada', 'Ada!', true, null, 1234567.891] },
  ];
}

async function typesWorkbook(date1904: boolean): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.properties.date1904 = date1904;
  const sheet = book.addWorksheet('Types');
  sheet.addRow(HEADERS);
  const row = sheet.addRow([
    'Ada',
    42,
    0.5,
    true,
    utc(2026, 5, 4),
    utc(2026, 5, 4, 10, 30),
    utc(2026, 12, 24),
    { formula: 'B2*2', result: 84 },
    { richText: [{ font: { bold: true }, text: 'Ri' }, { text: 'ch' }] },
    '  two  spaces  ',
  ]);
  row.getCell(5).numFmt = 'mm-dd-yy'; // built-in 14
  row.getCell(6).numFmt = 'm/d/yy h:mm'; // built-in 22
  row.getCell(7).numFmt = 'dd.mm.yyyy'; // custom
  sheet.getCell('D4').value = false;
  sheet.getCell('F4').value = timeOnly(date1904);
  sheet.getCell('F4').numFmt = 'h:mm'; // built-in 20
  sheet.getCell('H4').value = { formula: '1/0', result: { error: '#DIV/0!' } };
  sheet.getCell('J4').value = 'line1\nline2';
  sheet.getCell('A5').value = 'Ada';
  sheet.getCell('B5').value = { formula: 'A2&"!"', result: 'Ada!' };
  sheet.getCell('C5').value = { formula: 'B2>40', result: true };
  sheet.getCell('E5').value = 1234567.891;
  book.addWorksheet('Second').addRow(['not this sheet']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('xlsx reader: the cell types', () => {
  it.each([false, true])('reads an exceljs-written workbook (1904 date system: %s)', async (date1904) => {
    const xlsx = await typesWorkbook(date1904);
    expect(text(partsOf(xlsx), 'xl/workbook.xml').includes('date1904="1"')).toBe(date1904);
    expect(await rowsOf(xlsx)).toEqual(expectedTypes(date1904));
  });

  it.each([
    ['reader-types.xlsx', false],
    ['reader-types-1904.xlsx', true],
  ])('reads the same workbook written by Gnumeric (%s) identically', async (name, date1904) => {
    const parts = partsOf(fixture(name));
    // Gnumeric writes most strings inline and repeated ones shared; rich text as runs.
    expect(text(parts, 'xl/worksheets/sheet1.xml')).toContain('t="inlineStr"');
    expect(text(parts, 'xl/sharedStrings.xml')).toContain('<r>');
    expect(await rowsOf(fixture(name))).toEqual(expectedTypes(date1904));
  });

  it('reads the participants fixtures (Gnumeric) as exceljs reads them into a workbook', async () => {
    for (const name of [
      'participants-good.xlsx',
      'participants-bad-emails.xlsx',
      'participants-bad-enum.xlsx',
      'participants-wrong-headers.xlsx',
    ]) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(fixture(name) as unknown as ArrayBuffer);
      const expected: FileRow[] = [];
      book.worksheets[0]!.eachRow((row, rowNumber) => {
        const values = row.values as Cell[];
        expected.push({
          rowNumber,
          cells: Array.from({ length: values.length - 1 }, (_, i) => values[i + 1] ?? null),
        });
      });
      expect(await rowsOf(fixture(name)), name).toEqual(expected);
    }
    const good = await rowsOf(fixture('participants-good.xlsx'));
    expect(good[1]!.cells).toEqual([
      'ada.lovelace@example.com',
      'Ada',
      'Lovelace',
      'Analytical Engines',
      'Mathematician',
      '+44 20 7946 0018',
      'M',
      'Yes',
      utc(2026, 5, 4),
    ]);
  });

  it('reads what other writers put in a sheet: prefixes, rows and cells without r, inline rich text, ISO dates, errors', async () => {
    const ns =
      'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
    const sheet =
      `\ufeff<?xml version="1.0" encoding="UTF-8"?><x:worksheet ${ns}><x:sheetData>` +
      '<x:row><x:c t="inlineStr"><x:is><x:t>first</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:r><x:t>ri</x:t></x:r><x:r><x:t xml:space="preserve">ch </x:t></x:r><x:rPh sb="0" eb="1"><x:t>ignored</x:t></x:rPh></x:is></x:c></x:row>' +
      '<x:row><x:c r="B2" t="s"><x:v>0</x:v></x:c><x:c><x:v>7</x:v></x:c><x:c r="E2" t="d"><x:v>2026-05-04T10:30:00</x:v></x:c></x:row>' +
      '<x:row r="5"><x:c r="A5" t="e"><x:v>#N/A</x:v></x:c><x:c r="B5" t="str"><x:v>a_x000D_b</x:v></x:c><x:c r="C5" t="d"><x:v>2026-05-04</x:v></x:c><x:c r="D5" s="1"><x:v>46146</x:v></x:c><x:c r="E5" t="b"><x:v>0</x:v></x:c><x:c r="F5"><x:f>1+1</x:f></x:c></x:row>' +
      '<x:row r="6"/>' +
      '<x:row><x:c r="AA7" t="inlineStr"><x:is><x:t><![CDATA[<cdata> & text]]></x:t></x:is></x:c></x:row>' +
      '</x:sheetData></x:worksheet>';
    const xlsx = zipOf([
      { name: 'xl/worksheets/data.xml', data: sheet },
      {
        name: 'xl/strings.xml',
        data: `<sst ${ns.replace(/:x=/, '=')}><si><t>shared</t><rPh><t>ignored</t></rPh></si></sst>`,
      },
      {
        name: 'xl/look.xml',
        data: '<styleSheet><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="57"/></cellXfs></styleSheet>',
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: '<Relationships><Relationship Id="s" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="strings.xml"/><Relationship Id="t" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="/xl/look.xml"/><Relationship Id="w" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/data.xml"/></Relationships>',
      },
      {
        name: 'xl/workbook.xml',
        data: `<x:workbook ${ns}><x:sheets><x:sheet name="Data" sheetId="1" r:id="w"/></x:sheets></x:workbook>`,
      },
    ]);
    const cells27 = Array<Cell>(26).fill(null);
    expect(await rowsOf(xlsx)).toEqual([
      { rowNumber: 1, cells: ['first', 'rich '] },
      { rowNumber: 2, cells: [null, 'shared', 7, null, utc(2026, 5, 4, 10, 30)] },
      { rowNumber: 5, cells: [null, 'a\rb', utc(2026, 5, 4), utc(2026, 5, 4), false] },
      { rowNumber: 6, cells: [] },
      { rowNumber: 7, cells: [...cells27, '<cdata> & text'] },
    ]);
  });

  it('tells date formats from others', () => {
    for (const code of [
      'yyyy-mm-dd',
      'dd.mm.yyyy',
      'd-mmm',
      'h:mm AM/PM',
      '[h]:mm:ss',
      '[mm]',
      '[$-409]mmmm d, yyyy',
      '[Red][<0]d/m;General',
      'dd"."mm',
    ])
      expect(isDateFormatCode(code), code).toBe(true);
    for (const code of [
      'General',
      '0.00',
      '#,##0;[Red]-#,##0',
      '0.00 "days"',
      '"Mon" 0',
      '@',
      '[$€-407] #,##0.00',
      '0\\d',
      '0_d',
      '0*s',
      '[Blue]0%',
    ])
      expect(isDateFormatCode(code), code).toBe(false);
  });

  it('turns serial numbers into UTC dates in both date systems, columns into indexes', () => {
    expect(serialToDate(1, false)).toEqual(utc(1900, 1, 1));
    expect(serialToDate(59, false)).toEqual(utc(1900, 2, 28));
    expect(serialToDate(61, false)).toEqual(utc(1900, 3, 1));
    expect(serialToDate(46146.4375, false)).toEqual(utc(2026, 5, 4, 10, 30));
    expect(serialToDate(0, true)).toEqual(utc(1904, 1, 1));
    expect(serialToDate(44684, true)).toEqual(utc(2026, 5, 4));
    expect([
      columnIndex('A1'),
      columnIndex('z9'),
      columnIndex('AA10'),
      columnIndex('XFD1048576'),
      columnIndex('12'),
    ]).toEqual([0, 25, 26, 16_383, undefined]);
    expect(() => columnIndex('XFE1')).toThrow(/XFD/);
  });

  it('recognises the built-in date formats by id and custom ones by code', async () => {
    const ids = [14, 22, 45, 57, 2, 49, 164, 165, 166];
    const styles =
      '<styleSheet><numFmts><numFmt numFmtId="164" formatCode="[Red]0.00"/><numFmt numFmtId="165" formatCode="&quot;Day&quot; 0"/><numFmt numFmtId="166" formatCode="yyyy-mm-dd"/></numFmts>' +
      '<cellStyleXfs><xf numFmtId="14"/></cellStyleXfs>' +
      `<cellXfs>${ids.map((id) => `<xf numFmtId="${id}" xfId="0"><alignment/></xf>`).join('')}</cellXfs></styleSheet>`;
    const cells = ids
      .map((_, i) => `<c r="${String.fromCharCode(65 + i)}1" s="${i}"><v>46146</v></c>`)
      .join('');
    const xlsx = zipOf([
      {
        name: 'xl/workbook.xml',
        data: '<workbook><sheets><sheet r:id="rId1" xmlns:r="r"/></sheets></workbook>',
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
      },
      { name: 'xl/styles.xml', data: styles },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: `<worksheet><sheetData><row r="1">${cells}</row></sheetData></worksheet>`,
      },
    ]);
    const day = utc(2026, 5, 4);
    expect((await rowsOf(xlsx))[0]!.cells).toEqual([day, day, day, day, 46146, 46146, 46146, 46146, day]);
  });
});

/** Makes a sheet the first tab; exceljs keeps its part name (sheet<id>.xml). Its types leave orderNo out. */
const placeFirst = (sheet: ExcelJS.Worksheet) =>
  ((sheet as ExcelJS.Worksheet & { orderNo: number }).orderNo = 0);

describe('xlsx reader: which sheet, in which order', () => {
  it('takes the first sheet in the workbook order even when its part is not sheet1.xml nor first in the file', async () => {
    const book = new ExcelJS.Workbook();
    const second = book.addWorksheet('Second'); // sheet1.xml
    const first = book.addWorksheet('First'); // sheet2.xml
    placeFirst(first);
    second.addRow(['not this sheet']);
    first.addRow(['this sheet']);
    const parts = partsOf(Buffer.from(await book.xlsx.writeBuffer()));
    expect(text(parts, 'xl/workbook.xml').indexOf('First')).toBeLessThan(
      text(parts, 'xl/workbook.xml').indexOf('Second'),
    );
    // sheet1.xml (the second sheet) first in the file, as the old first-entry rule would take it.
    const sheets = parts.filter((p) => p.name.startsWith('xl/worksheets/'));
    const reordered = [
      ...sheets.sort((a, b) => a.name.localeCompare(b.name)),
      ...parts.filter((p) => !sheets.includes(p)),
    ];
    expect(reordered[0]!.name).toBe('xl/worksheets/sheet1.xml');
    expect(await rowsOf(zipOf(reordered))).toEqual([{ rowNumber: 1, cells: ['this sheet'] }]);
  });

  it('follows the workbook relationships of a Gnumeric file to whichever part, relative or absolute', async () => {
    const parts = partsOf(fixture('reader-types.xlsx'));
    const sheet1 = text(parts, 'xl/worksheets/sheet1.xml');
    const sheet2 = text(parts, 'xl/worksheets/sheet2.xml');
    const rels = text(parts, 'xl/_rels/workbook.xml.rels');
    expect(rels).toContain('Target="worksheets/sheet1.xml"');
    // The first sheet's content moves to sheet2.xml and its relationship with it.
    const swapped = replaced(
      replaced(parts, 'xl/worksheets/sheet1.xml', sheet2),
      'xl/worksheets/sheet2.xml',
      sheet1,
    );
    for (const target of [
      'worksheets/sheet2.xml',
      '/xl/worksheets/sheet2.xml',
      './worksheets/../worksheets/sheet2.xml',
    ]) {
      const retargeted = rels
        .replace('Target="worksheets/sheet1.xml"', 'Target="FIRST"')
        .replace('Target="worksheets/sheet2.xml"', 'Target="worksheets/sheet1.xml"')
        .replace('FIRST', target);
      const moved = replaced(swapped, 'xl/_rels/workbook.xml.rels', retargeted);
      expect(await rowsOf(zipOf(moved)), target).toEqual(expectedTypes(false));
    }
  });

  it('without a workbook index, takes the first worksheet part in the file', async () => {
    const parts = partsOf(fixture('reader-types.xlsx')).filter(
      (p) => p.name !== 'xl/workbook.xml' && p.name !== 'xl/_rels/workbook.xml.rels',
    );
    expect(await rowsOf(zipOf(parts))).toEqual(expectedTypes(false));
  });

  it('checks the rows that the first sheet in the workbook order claims at upload', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Small').addRow(['E-mail']);
    const big = book.addWorksheet('Big');
    placeFirst(big);
    big.addRow(['E-mail']);
    const parts = partsOf(Buffer.from(await book.xlsx.writeBuffer()));
    const claimed = replaced(
      parts,
      'xl/worksheets/sheet2.xml',
      text(parts, 'xl/worksheets/sheet2.xml').replace(
        /<dimension ref="[^"]*"\/>/,
        '<dimension ref="A1:A2000001"/>',
      ),
    );
    expect(text(claimed, 'xl/worksheets/sheet2.xml')).toContain('A1:A2000001');
    const err = (() => {
      try {
        checkImportFile('User', 'big.xlsx', zipOf(claimed));
      } catch (e) {
        return e as HttpError;
      }
      throw new Error('expected a refusal');
    })();
    expect([err.statusCode, err.message]).toEqual([400, IMPORT_MESSAGES.tooManyRows(2_000_000)]);
  });

  it('does not depend on the order of the entries: workbook.xml last (exceljs) or first, deflated or stored', async () => {
    const written = await typesWorkbook(false);
    const parts = partsOf(written);
    expect(parts.at(-1)!.name).toBe('xl/workbook.xml');
    const index = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/sharedStrings.xml'];
    const indexFirst = [
      ...index.map((name) => parts.find((p) => p.name === name)!),
      ...parts.filter((p) => !index.includes(p.name)),
    ];
    const reversed = [...parts].reverse();
    const stored = parts.map((p) => ({ ...p, method: 0 as const }));
    for (const zip of [written, zipOf(indexFirst), zipOf(reversed), zipOf(stored)])
      expect(await rowsOf(zip)).toEqual(expectedTypes(false));
  });

  it('reads an exceljs-written workbook 200 times at once without losing a part (exceljs issue #3064)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Participants');
    sheet.addRow(['E-mail', 'First name', 'Arrival']);
    for (let i = 0; i < 300; i++)
      sheet.addRow([`p${i}@example.com`, `Name ${i}`, utc(2026, 5, 4)]).getCell(3).numFmt = 'yyyy-mm-dd';
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => rowsOf(xlsx)));
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed).toEqual([]);
    for (const r of results) {
      const rows = (r as PromiseFulfilledResult<FileRow[]>).value;
      expect(rows).toHaveLength(301);
      expect(rows[300]).toEqual({ rowNumber: 301, cells: ['p299@example.com', 'Name 299', utc(2026, 5, 4)] });
    }
  });
});

describe('xlsx reader: broken files', () => {
  const unreadable = async (zip: Buffer) => {
    const err = await refusal(() => rowsOf(zip));
    expect([err.statusCode, err.message, err.fields]).toEqual([
      400,
      IMPORT_MESSAGES.zipUnreadable,
      { file: IMPORT_MESSAGES.zipUnreadable },
    ]);
    // What went wrong travels along, for the log.
    expect(err.cause).toBeInstanceOf(Error);
    return err.cause as Error;
  };

  it('refuses malformed XML in the sheet, the shared strings, the styles or the workbook with 400 and says where', async () => {
    const parts = partsOf(await typesWorkbook(false));
    const broken = (name: string, change: (xml: string) => string) =>
      zipOf(replaced(parts, name, change(text(parts, name))));
    expect(
      (await unreadable(broken('xl/worksheets/sheet1.xml', (x) => x.replace('</row>', '</rows>')))).message,
    ).toMatch(/sheet1\.xml is not well-formed/);
    expect(
      (await unreadable(broken('xl/sharedStrings.xml', (x) => x.replace('<si>', '<si <')))).message,
    ).toMatch(/sharedStrings\.xml/);
    expect((await unreadable(broken('xl/styles.xml', (x) => x.slice(0, -20)))).message).toMatch(
      /styles\.xml/,
    );
    expect(
      (await unreadable(broken('xl/workbook.xml', (x) => x.replace('<sheets>', '<sheets &nbsp;>')))).message,
    ).toMatch(/workbook\.xml/);
  });

  it('refuses broken ZIP data: cut short, corrupt deflate, a part larger than it claims, no worksheet', async () => {
    const written = await typesWorkbook(false);
    await unreadable(written.subarray(0, written.length - 100));
    const parts = partsOf(written);
    const sheet = parts.find((p) => p.name === 'xl/worksheets/sheet1.xml')!;
    const zip = zipOf(parts);
    const packed = deflateRawSync(Buffer.from(sheet.data));
    const at = zip.indexOf(packed);
    expect(at).toBeGreaterThan(0);
    const corrupt = Buffer.from(zip);
    corrupt.fill(0xff, at + 10, at + 40);
    await unreadable(corrupt);
    expect(
      (await unreadable(zipOf(parts.map((p) => (p === sheet ? { ...p, declaredSize: 100 } : p))))).message,
    ).toMatch(/inflates past the 100 bytes/);
    await unreadable(zipOf(parts.filter((p) => !p.name.startsWith('xl/worksheets/'))));
  });

  it('refuses a malformed workbook index already at upload, with the cause', () => {
    const parts = partsOf(fixture('reader-types.xlsx'));
    const zip = zipOf(replaced(parts, 'xl/_rels/workbook.xml.rels', '<Relationships><Relationship'));
    try {
      checkImportFile('User', 'broken.xlsx', zip);
      throw new Error('expected a refusal');
    } catch (err) {
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).message).toBe(IMPORT_MESSAGES.zipUnreadable);
      expect(((err as HttpError).cause as Error).message).toMatch(/workbook\.xml\.rels is not well-formed/);
    }
  });

  it('streams: a reader that stops after the header never parses what comes much later', async () => {
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>row ${i + 1}</t></is></c></row>`,
    ).join('');
    const xlsx = zipOf([
      {
        name: 'xl/worksheets/sheet1.xml',
        data: `<worksheet><sheetData>${rows}<row><c><v>1</c></row></sheetData></worksheet>`,
      },
    ]);
    for await (const row of readRows(xlsx, 'xlsx')) {
      expect(row).toEqual({ rowNumber: 1, cells: ['row 1'] });
      break;
    }
    await unreadable(xlsx);
  });
});
