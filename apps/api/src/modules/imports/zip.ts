import { constants, createInflateRaw, inflateRawSync } from 'node:zlib';

/**
 * What a ZIP (an .xlsx) claims about itself, read from its central directory without inflating
 * anything: the entry names, their compressed and unpacked sizes. Enough to refuse a zip bomb
 * (huge unpacked size, absurd ratio, thousands of entries) before a parser opens it. Then an
 * entry's data, inflated whole (small parts) or as a stream (xlsx-reader.ts), never past the size
 * the directory declared.
 */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  size: number;
  method: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_SIZE = 0xffffffff;

/** A workbook has a few dozen parts; thousands mean something else. */
export const XLSX_MAX_ENTRIES = 1000;
/** Unpacked size of all parts: 100,000 rows of a wide sheet stay far below it. */
export const XLSX_MAX_UNPACKED_BYTES = 500_000_000;
/** Deflate tops out near 1000:1 on pathological input; spreadsheet XML stays well under this. */
export const XLSX_MAX_RATIO = 400;

export class ZipFormatError extends Error {}

/** The entries of the central directory; throws ZipFormatError when there is none or it is broken. */
export function zipEntries(zip: Buffer, maxEntries: number): ZipEntry[] {
  // The end-of-central-directory record sits in the last 22 + 65535 (comment) bytes.
  const from = Math.max(0, zip.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = zip.length - 22; i >= from; i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('no central directory');
  const count = zip.readUInt16LE(eocd + 10);
  if (count > maxEntries) return new Array<ZipEntry>(count);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL)
      throw new ZipFormatError('broken central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    };
    // ZIP64 sizes (≥ 4 GB) are not something a spreadsheet upload has: count them as huge.
    if (entry.size === ZIP64_SIZE) entry.size = Number.MAX_SAFE_INTEGER;
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Where an entry's (compressed) data starts, after its local header. */
function dataStart(zip: Buffer, entry: ZipEntry): number {
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL)
    throw new ZipFormatError(`broken local header of ${entry.name}`);
  return at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
}

/** An entry's compressed data as the central directory sizes it. */
function entryData(zip: Buffer, entry: ZipEntry): Buffer {
  const start = dataStart(zip, entry);
  if (start + entry.compressedSize > zip.length)
    throw new ZipFormatError(`${entry.name} runs past the end of the file`);
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipFormatError(`${entry.name}: unknown compression ${entry.method}`);
  return zip.subarray(start, start + entry.compressedSize);
}

/**
 * The most an entry may unpack to: what the central directory says (checked against the limits
 * at upload), never more than XLSX_MAX_UNPACKED_BYTES nor `maxBytes`. A part that inflates past
 * it lies about itself and is refused while inflating, before the bytes pile up.
 */
function unpackLimit(entry: ZipEntry, maxBytes: number): number {
  if (entry.size > XLSX_MAX_UNPACKED_BYTES || entry.size > maxBytes)
    throw new ZipFormatError(`${entry.name} is too large (${entry.size} bytes unpacked)`);
  if (entry.size > 10_000_000 && entry.size > entry.compressedSize * XLSX_MAX_RATIO)
    throw new ZipFormatError(`${entry.name} unpacks ${XLSX_MAX_RATIO}× its size`);
  return entry.size;
}

/** A whole (small) entry inflated at once: a workbook's index parts. */
export function entryBytes(zip: Buffer, entry: ZipEntry, maxBytes: number): Buffer {
  const limit = unpackLimit(entry, maxBytes);
  const data = entryData(zip, entry);
  if (entry.method === 0) return data;
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, limit) });
  } catch (err) {
    throw new ZipFormatError(`${entry.name} could not be inflated`, { cause: err });
  }
}

/** Inflated chunks of this size are what a streaming reader parses at a time. */
export const ENTRY_CHUNK_BYTES = 64 * 1024;

/**
 * An entry inflated as a stream (stored and deflated entries): the next chunk is inflated when the
 * consumer asks for it, so a large sheet is never held unpacked.
 */
export async function* entryChunks(zip: Buffer, entry: ZipEntry, maxBytes: number): AsyncGenerator<Buffer> {
  const limit = unpackLimit(entry, maxBytes);
  const data = entryData(zip, entry);
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += ENTRY_CHUNK_BYTES)
      yield data.subarray(at, at + ENTRY_CHUNK_BYTES);
    return;
  }
  const inflate = createInflateRaw({ chunkSize: ENTRY_CHUNK_BYTES });
  inflate.end(data);
  let total = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limit) throw new ZipFormatError(`${entry.name} inflates past the ${limit} bytes it claims`);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof ZipFormatError) throw err;
    throw new ZipFormatError(`${entry.name} could not be inflated`, { cause: err });
  } finally {
    inflate.destroy();
  }
}

/** Up to `maxBytes` of an entry's start, inflating only as much of its data as that needs. */
export function entryHead(zip: Buffer, entry: ZipEntry, maxBytes: number): string {
  const start = dataStart(zip, entry);
  // Compressed data of ~maxBytes/4 is plenty for the first maxBytes of XML; a sync flush lets
  // zlib hand back what it has without the rest of the stream.
  const data = zip.subarray(
    start,
    Math.min(zip.length, start + Math.min(entry.compressedSize, Math.ceil(maxBytes / 4) + 1024)),
  );
  if (entry.method === 0) return data.subarray(0, maxBytes).toString('utf8');
  if (entry.method !== 8) throw new ZipFormatError('unknown compression');
  // Highly compressible data overflows maxBytes: feed less until it fits.
  for (let length = data.length; length >= 64; length = Math.floor(length / 2)) {
    try {
      return inflateRawSync(data.subarray(0, length), {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: maxBytes,
      }).toString('utf8');
    } catch (err) {
      if (!(err instanceof RangeError)) throw new ZipFormatError('broken data');
    }
  }
  return '';
}

/** Rows a worksheet's `<dimension ref="A1:H2000001"/>` claims (undefined when absent). */
export function claimedRows(sheetXmlHead: string): number | undefined {
  const ref = /<(?:\w+:)?dimension\s+ref="([^"]+)"/.exec(sheetXmlHead)?.[1];
  if (!ref) return undefined;
  const last = /(\d+)$/.exec(ref.split(':').at(-1) ?? '')?.[1];
  return last ? Number(last) : undefined;
}
