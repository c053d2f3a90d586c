import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvLines, xlsxFile, xlsxStream } from './spreadsheets.js';

const SRC = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-utils)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('platform/spreadsheets: the one writer of CSV and XLSX', () => {
  it('is the only source file that imports exceljs or calls papaparse unparse', () => {
    const writers = sourceFiles(SRC)
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return /from ['"]exceljs['"]/.test(text) || /\.unparse\s*\(/.test(text);
      })
      .map((file) => relative(SRC, file));
    expect(writers).toEqual(['platform/spreadsheets.ts']);
  });

  it('neutralises every formula-like header and cell of a CSV, dates as ISO 8601', () => {
    const text = csvLines([
      ['=SUM(A1)', '+1', '-2', '@x', '\tt', 'plain'],
      [new Date('2025-01-02T03:04:05.000Z'), 3, null, undefined, true, "'=kept"],
    ]);
    expect(text).toBe(`'=SUM(A1),'+1,'-2,'@x,'\tt,plain\r\n2025-01-02T03:04:05.000Z,3,,,true,'=kept\r\n`);
  });

  it('neutralises headers and cells of the streamed and the in-memory XLSX', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const stream = xlsxStream(out);
    const sheet = stream.sheet('S');
    sheet.columns([{ header: '=A1' }, { header: 'ok' }]);
    sheet.addRow(['+cmd', 5]);
    sheet.commit();
    await stream.commit();
    const file = await xlsxFile((book) => {
      const s = book.sheet('T');
      s.columns([{ header: '@h' }]);
      s.addRow(['-1+1']);
    });
    for (const [bytes, name] of [
      [Buffer.concat(chunks), 'S'],
      [file, 'T'],
    ] as const) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      const rows = book
        .getWorksheet(name)!
        .getSheetValues()
        .slice(1)
        .map((r) => (r as unknown[]).slice(1));
      expect(rows).toEqual(
        name === 'S'
          ? [
              ["'=A1", 'ok'],
              ["'+cmd", 5],
            ]
          : [["'@h"], ["'-1+1"]],
      );
    }
  });
});
