import QRCode from 'qrcode';
import sharp from 'sharp';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { QR_EXPORT_DPI, type QrExportSize } from '@plenary/domain';

/**
 * QR exports for print (custom QR codes, session QR codes): a PNG of exactly size × size pixels
 * tagged 300 dpi (a pHYs chunk of 11811 pixels per metre, so a 1200 px code prints 4 inches wide),
 * and an A4 sheet of codes with their name, description and points under each.
 */
export async function qrPng(text: string, size: QrExportSize): Promise<Buffer> {
  const png = await QRCode.toBuffer(text, { type: 'png', width: size, margin: 4, errorCorrectionLevel: 'M' });
  return sharp(png).withMetadata({ density: QR_EXPORT_DPI }).png({ compressionLevel: 9 }).toBuffer();
}

export interface SheetCode {
  /** The text the code holds. */
  payload: string;
  name: string;
  description: string;
  /** A line under the description ('250 points'); '' for none. */
  note: string;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const COLUMNS = 2;
const ROWS = 3;
const QR_SIDE = 170;
const NAME_SIZE = 12;
const TEXT_SIZE = 9;
const DESCRIPTION_LINES = 3;

/** A4 pages of COLUMNS × ROWS codes, drawn as vectors (sharp at any print size). */
export async function qrSheetPdf(title: string, codes: readonly SheetCode[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Plenary');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const perPage = COLUMNS * ROWS;
  const cellWidth = (A4.width - 2 * MARGIN) / COLUMNS;
  const cellHeight = (A4.height - 2 * MARGIN) / ROWS;
  const pages = Math.max(1, Math.ceil(codes.length / perPage));
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([A4.width, A4.height]);
    codes.slice(p * perPage, (p + 1) * perPage).forEach((code, i) => {
      const x = MARGIN + (i % COLUMNS) * cellWidth;
      const top = A4.height - MARGIN - Math.floor(i / COLUMNS) * cellHeight;
      drawCode(page, { font, bold }, code, x, top, cellWidth);
    });
  }
  return Buffer.from(await doc.save());
}

function drawCode(
  page: PDFPage,
  fonts: { font: PDFFont; bold: PDFFont },
  code: SheetCode,
  x: number,
  top: number,
  width: number,
): void {
  const qrX = x + (width - QR_SIDE) / 2;
  drawQr(page, code.payload, qrX, top - QR_SIDE);
  const textWidth = width - 24;
  let y = top - QR_SIDE - 8 - NAME_SIZE;
  for (const line of wrap(fonts.bold, NAME_SIZE, code.name, textWidth, 2)) {
    page.drawText(line, { x: x + 12, y, size: NAME_SIZE, font: fonts.bold });
    y -= NAME_SIZE + 3;
  }
  for (const line of wrap(fonts.font, TEXT_SIZE, code.description, textWidth, DESCRIPTION_LINES)) {
    page.drawText(line, { x: x + 12, y, size: TEXT_SIZE, font: fonts.font, color: rgb(0.25, 0.25, 0.25) });
    y -= TEXT_SIZE + 3;
  }
  if (code.note)
    page.drawText(printableFor(fonts.bold, code.note), { x: x + 12, y, size: TEXT_SIZE, font: fonts.bold });
}

/** The code's dark modules as filled rectangles, one per horizontal run. */
function drawQr(page: PDFPage, text: string, x: number, y: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = QR_SIDE / (modules.size + 2 * quiet);
  page.drawRectangle({ x, y, width: QR_SIDE, height: QR_SIDE, color: rgb(1, 1, 1) });
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      page.drawRectangle({
        x: x + (quiet + start) * cell,
        y: y + QR_SIDE - (quiet + row + 1) * cell,
        width: (col - start) * cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }
  }
}

/** The standard PDF fonts cover Latin-1 and a few more: other characters print as '?'. */
function printableFor(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/\s+/g, ' ')].map((ch) => (supported.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

/** Greedy word wrap to `maxLines` lines of `width` points; the last line ends with '…' when cut. */
function wrap(font: PDFFont, size: number, text: string, width: number, maxLines: number): string[] {
  const words = printableFor(font, text).trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (!fits(line) && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]}...`;
  while (!fits(last) && last.length > 3) last = `${last.slice(0, -4)}...`;
  kept[maxLines - 1] = last;
  return kept;
}
