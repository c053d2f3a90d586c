import ExcelJS from 'exceljs';
import Papa from 'papaparse';

/** Rows of a CSV export (header first), read back with papaparse; the byte-order mark is checked and dropped. */
export function readCsv(body: string): string[][] {
  if (!body.startsWith('\uFEFF')) throw new Error('CSV export without a byte-order mark');
  const parsed = Papa.parse<string[]>(body.slice(1), { delimiter: ',', skipEmptyLines: true });
  if (parsed.errors.length > 0) throw new Error(`CSV export does not parse: ${parsed.errors[0]?.message}`);
  return parsed.data;
}

/** Rows of the first sheet of an XLSX export (header first), read back with exceljs. */
export async function readXlsx(
  payload: Buffer,
): Promise<Array<Array<string | number | boolean | Date | null>>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('XLSX export without a sheet');
  const rows: Array<Array<string | number | boolean | Date | null>> = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1); // exceljs rows are 1-based
    rows.push(values.map((v) => (v === undefined ? null : (v as string | number | boolean | Date | null))));
  });
  return rows;
}
