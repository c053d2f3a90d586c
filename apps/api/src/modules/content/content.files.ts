import sharp from 'sharp';
import {
  AGENDA_MESSAGES,
  CONTENT_MESSAGES,
  FILE_TYPES,
  fileTypeFromName,
  isAcceptedFile,
  isWholePdf,
  MATERIAL_FILE_KINDS,
  sniffFileType,
  type FileType,
} from '@plenary/domain';
import { HttpError } from '../../platform/errors.js';
import type { StoredContentType } from '../../platform/storage.js';

/**
 * Upload checks of the content module. Nothing is trusted from the client but the bytes: the
 * type is the file name's extension, and the content must agree with it (`isAcceptedFile`:
 * signatures, and for PPTX the part names of the ZIP). The declared MIME type is ignored.
 */

/** Larger images are refused before they are decoded (decompression bombs). */
export const IMAGE_MAX_PIXELS = 50_000_000;
const WINDOW = 64 * 1024;

const refuse = (message: string, status = 400) =>
  new HttpError(status, `file: ${message}`, { file: message });

/**
 * The bytes the type checks read: the first 64 KB (signatures, the first ZIP entries) followed by
 * the last 64 KB (a ZIP's central directory lists every part name, so a PPTX is told from an XLSX
 * whatever the order of its entries), without scanning a 100 MB upload.
 */
function sniffWindow(bytes: Buffer): Buffer {
  if (bytes.length <= 2 * WINDOW) return bytes;
  return Buffer.concat([bytes.subarray(0, WINDOW), bytes.subarray(bytes.length - WINDOW)]);
}

export interface CheckedFile {
  fileType: FileType;
  contentType: StoredContentType;
  bytes: Buffer;
}

/** The stored content type of an accepted type (the first MIME type the spec lists for it). */
export function contentTypeOf(type: FileType): StoredContentType {
  return FILE_TYPES[type].mimeTypes[0] as StoredContentType;
}

async function assertDecodableImage(bytes: Buffer): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).metadata();
    if (!meta.width || !meta.height || meta.width * meta.height > IMAGE_MAX_PIXELS)
      throw new Error('no size');
    return { width: meta.width, height: meta.height };
  } catch (cause) {
    throw Object.assign(refuse(CONTENT_MESSAGES.imageUnreadable), { cause });
  }
}

/**
 * A material: one of the spec's types (images jpeg/jpg/png, video mp4/m4v/mov, audio mp3/m4a,
 * PDF, PPT/PPTX) by extension, the content of that type (videos: any of the three, they share a
 * container), images decodable, PDFs whole. Kept byte for byte.
 */
export async function checkMaterialFile(fileName: string, bytes: Buffer): Promise<CheckedFile> {
  const byName = fileTypeFromName(fileName);
  if (!byName || !(MATERIAL_FILE_KINDS as readonly string[]).includes(FILE_TYPES[byName].kind))
    throw refuse(AGENDA_MESSAGES.fileType);
  if (!isAcceptedFile(fileName, sniffWindow(bytes), MATERIAL_FILE_KINDS))
    throw refuse(AGENDA_MESSAGES.fileContent);
  if (byName === 'pdf' && !isWholePdf(bytes)) throw refuse(AGENDA_MESSAGES.fileContent);
  if (FILE_TYPES[byName].kind === 'image') await assertDecodableImage(bytes);
  return { fileType: byName, contentType: contentTypeOf(byName), bytes };
}

/** A location's PDF map: named .pdf and a PDF by content. */
export function checkPdf(fileName: string, bytes: Buffer): CheckedFile {
  if (fileTypeFromName(fileName) !== 'pdf') throw refuse(CONTENT_MESSAGES.pdfOnly);
  if (!isWholePdf(bytes)) throw refuse(AGENDA_MESSAGES.fileContent);
  return { fileType: 'pdf', contentType: 'application/pdf', bytes };
}

export interface CheckedMap extends CheckedFile {
  fileType: 'png' | 'jpeg' | 'pdf';
  width: number | null;
  height: number | null;
}

/**
 * A floor plan: PNG, JPEG or PDF, by extension and content alike. Images are decoded and written
 * again by sharp: turned upright by their EXIF orientation (so the stored width and height are
 * what a browser shows, and pins' fractions match), metadata dropped; PNG stays PNG. A PDF keeps
 * its bytes; its size is unknown to the server (the client reports it with PATCH).
 */
export async function checkMapFile(fileName: string, bytes: Buffer): Promise<CheckedMap> {
  const byName = fileTypeFromName(fileName);
  if (byName !== 'png' && byName !== 'jpeg' && byName !== 'pdf') throw refuse(AGENDA_MESSAGES.mapFileType);
  if (sniffFileType(bytes.subarray(0, 16)) !== byName) throw refuse(AGENDA_MESSAGES.fileContent);
  if (byName === 'pdf') {
    if (!isWholePdf(bytes)) throw refuse(AGENDA_MESSAGES.fileContent);
    return { fileType: 'pdf', contentType: 'application/pdf', bytes, width: null, height: null };
  }
  await assertDecodableImage(bytes);
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate();
    const { data, info } =
      byName === 'png'
        ? await image.png({ compressionLevel: 8 }).toBuffer({ resolveWithObject: true })
        : await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    return {
      fileType: byName,
      contentType: contentTypeOf(byName),
      bytes: data,
      width: info.width,
      height: info.height,
    };
  } catch (cause) {
    throw Object.assign(refuse(CONTENT_MESSAGES.imageUnreadable), { cause });
  }
}
