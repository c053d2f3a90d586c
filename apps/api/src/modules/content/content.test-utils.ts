import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../../../test/harness.js';
import { simplePdf } from './simple-pdf.js';

/** Small real files of every material type, made here (no binary fixtures in the repository). */

export const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#2b8a3e' } })
    .png()
    .toBuffer();
export const jpeg = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#1c7ed6' } })
    .jpeg()
    .toBuffer();
export const pdf = (text = 'Handout') => simplePdf([text, 'Plenary test document']);

/** An ISO base media file: ftyp with `brand`, an empty moov and a few bytes of mdat (what mp4/m4v/m4a/mov files start with). */
function isoMedia(brand: string, compatible: string[]): Buffer {
  const box = (type: string, payload: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + payload.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, payload]);
  };
  const ftyp = box(
    'ftyp',
    Buffer.concat([
      Buffer.from(brand, 'latin1'),
      Buffer.from([0, 0, 2, 0]),
      ...compatible.map((c) => Buffer.from(c, 'latin1')),
    ]),
  );
  return Buffer.concat([ftyp, box('free', Buffer.alloc(8)), box('mdat', Buffer.alloc(64))]);
}
export const mp4 = () => isoMedia('isom', ['isom', 'iso2', 'mp41']);
export const m4v = () => isoMedia('M4V ', ['M4V ', 'mp42', 'isom']);
export const m4a = () => isoMedia('M4A ', ['M4A ', 'mp42', 'isom']);
export const mov = () => isoMedia('qt  ', ['qt  ']);

/** An ID3v2 tag and three silent MPEG-1 layer III frames (128 kbit/s, 44.1 kHz: 417 bytes each). */
export function mp3(): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([id3, frame, frame, frame]);
}

/** An OLE2 compound document header (the container of .ppt). */
export function ppt(): Buffer {
  const bytes = Buffer.alloc(1024);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return bytes;
}

/** A ZIP of stored entries (no compression), enough for an Office Open XML package. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const pptx = () =>
  zip({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>',
    'ppt/presentation.xml':
      '<?xml version="1.0"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
  });

export const xlsx = () => zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });

/** A multipart body: text fields, then (optionally) one file in the field "file". */
export function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer; field?: string }) {
  const boundary = `----plenary${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Requests against one event's content routes as one token. */
export function client(t: TestContext, token: string | undefined, eventId: string) {
  const url = (path: string) => (path.startsWith('/api/') ? path : `/api/v1/events/${eventId}/${path}`);
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    t.as(token, { method, url: url(path), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const upload = (
    method: 'POST' | 'PUT',
    path: string,
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer; field?: string },
    headers: Record<string, string> = {},
  ) => {
    const body = form(fields, file);
    return t.as(token, {
      method,
      url: url(path),
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, payload: unknown = {}) => call('POST', path, payload),
    patch: (path: string, payload: unknown = {}) => call('PATCH', path, payload),
    delete: (path: string) => call('DELETE', path),
    upload,
  };
}
export type Client = ReturnType<typeof client>;
