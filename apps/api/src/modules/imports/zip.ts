import { constants, inflateRawSync } from 'node:zlib';

/**
 * What a ZIP (an .xlsx) claims about itself, read from its central directory without inflating
 * anything: the entry names, their compressed and unpacked sizes. Enough to refuse a zip bomb
 * (huge unpacked size, absurd ratio, thousands of entries) before a parser opens it.
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
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new ZipFormatError('broken central directory');
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

/** Up to `maxBytes` of an entry's start, inflating only as much of its data as that needs. */
export function entryHead(zip: Buffer, entry: ZipEntry, maxBytes: number): string {
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new ZipFormatError('broken local header');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  // Compressed data of ~maxBytes/4 is plenty for the first maxBytes of XML; a sync flush lets
  // zlib hand back what it has without the rest of the stream.
  const data = zip.subarray(start, Math.min(zip.length, start + Math.min(entry.compressedSize, Math.ceil(maxBytes / 4) + 1024)));
  if (entry.method === 0) return data.subarray(0, maxBytes).toString('utf8');
  if (entry.method !== 8) throw new ZipFormatError('unknown compression');
  // Highly compressible data overflows maxBytes: feed less until it fits.
  for (let length = data.length; length >= 64; length = Math.floor(length / 2)) {
    try {
      return inflateRawSync(data.subarray(0, length), { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: maxBytes }).toString('utf8');
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
