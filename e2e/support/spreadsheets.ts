import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';

/** The first sheet of an xlsx as rows of cell texts (empty cells as ''). */
export async function readWorkbook(path: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) =>
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))),
    ),
  );
  return rows;
}

/** Writes rows (the first one the header) as a real xlsx, as a spreadsheet program would (exceljs). */
export async function writeWorkbook(
  path: string,
  rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null>>,
  sheet = 'Sheet1',
): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet);
  for (const row of rows) ws.addRow([...row]);
  await book.xlsx.writeFile(path);
  return path;
}

/** Clicks the button that opens the file chooser and gives it `path`. */
export async function chooseFile(page: Page, button: string, path: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(path);
}
