import { describe, it, expect } from 'vitest';
import {
  FILE_TYPES,
  acceptAttribute,
  fileTypeFromName,
  fileTypesOfKind,
  isAcceptedFile,
  isWholePdf,
  sniffFileType,
  type FileType,
} from './files.js';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const ftyp = (brand: string) => bytes([0, 0, 0, 0x20], 'ftyp', brand, [0, 0, 2, 0]);

const SAMPLES: Record<Exclude<FileType, 'csv'>, Uint8Array> = {
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'),
  mp4: ftyp('isom'),
  m4v: ftyp('M4V '),
  mov: ftyp('qt  '),
  mp3: bytes('ID3', [4, 0, 0, 0, 0, 0]),
  m4a: ftyp('M4A '),
  pdf: bytes('%PDF-1.7\n'),
  ppt: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
  pptx: bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0], '[Content_Types].xml', [0, 0], 'ppt/presentation.xml'),
  xlsx: bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0], '[Content_Types].xml', [0, 0], 'xl/workbook.xml'),
};

describe('file types (spec part 5)', () => {
  it.each([
    ['image', ['jpeg', 'jpg', 'png']],
    ['video', ['mp4', 'm4v', 'mov']],
    ['audio', ['mp3', 'm4a']],
    ['pdf', ['pdf']],
    ['presentation', ['ppt', 'pptx']],
    ['spreadsheet', ['xlsx', 'csv']],
  ] as const)('%s accepts %j', (kind, extensions) => {
    expect(fileTypesOfKind(kind).flatMap((t) => FILE_TYPES[t].extensions)).toEqual(extensions);
  });

  it.each([
    ['photo.JPG', 'jpeg'],
    ['photo.jpeg', 'jpeg'],
    ['clip.mov', 'mov'],
    ['deck.final.pptx', 'pptx'],
    ['attendees.csv', 'csv'],
    ['script.exe', undefined],
    ['noextension', undefined],
    ['archive.jpg.exe', undefined],
  ])('fileTypeFromName(%j) → %s', (name, expected) => {
    expect(fileTypeFromName(name)).toBe(expected);
  });

  it('builds an accept attribute', () => {
    expect(acceptAttribute(['image'])).toBe('.jpeg,.jpg,.png,image/jpeg,image/png');
  });
});

describe('sniffFileType', () => {
  it.each(Object.entries(SAMPLES))('%s', (type, sample) => {
    expect(sniffFileType(sample)).toBe(type);
  });

  it.each([
    ['MPEG frame sync (no ID3)', bytes([0xff, 0xfb, 0x90, 0x44]), 'mp3'],
    ['old QuickTime without ftyp', bytes([0, 0, 0, 8], 'wide', [0, 0]), 'mov'],
    ['mp42 brand', ftyp('mp42'), 'mp4'],
    ['ADTS AAC is not mp3', bytes([0xff, 0xf1, 0x50, 0x80]), undefined],
    ['plain zip', bytes([0x50, 0x4b, 0x03, 0x04], 'word/document.xml'), undefined],
    ['text', bytes('name,email\n'), undefined],
    ['html pretending', bytes('<html>'), undefined],
    ['empty', new Uint8Array(), undefined],
    ['too short', bytes([0xff]), undefined],
    ['ftyp cut short', bytes([0, 0, 0, 8], 'ftyp'), undefined],
  ])('%s', (_, sample, expected) => {
    expect(sniffFileType(sample)).toBe(expected);
  });
});

const CSV_TEXT = bytes('a,b\n1,2\n');
const content = (key: keyof typeof SAMPLES | 'csvText') => (key === 'csvText' ? CSV_TEXT : SAMPLES[key]);

describe('isAcceptedFile', () => {
  it.each([
    ['photo.jpg', 'jpeg', ['image'], true],
    ['photo.png', 'jpeg', ['image'], false],
    ['photo.jpg', 'pdf', ['image'], false],
    ['photo.jpg', 'jpeg', ['pdf'], false],
    ['clip.mp4', 'mov', ['video'], true],
    ['clip.mov', 'mp4', ['video'], true],
    ['clip.mp4', 'm4a', ['audio'], false],
    ['song.m4a', 'm4a', ['audio'], true],
    ['song.mp3', 'mp3', ['audio'], true],
    ['deck.pptx', 'pptx', ['presentation', 'pdf'], true],
    ['deck.pptx', 'xlsx', ['presentation'], false],
    ['deck.ppt', 'ppt', ['presentation'], true],
    ['people.xlsx', 'xlsx', ['spreadsheet'], true],
    ['people.csv', 'csvText', ['spreadsheet'], true],
    ['people.csv', 'xlsx', ['spreadsheet'], false],
  ] as const)('%s with %s content as %j → %s', (name, key, kinds, expected) => {
    expect(isAcceptedFile(name, content(key), kinds)).toBe(expected);
  });
});

describe('isWholePdf', () => {
  const padding = (n: number) => new Array<number>(n).fill(0x20);
  it.each([
    ['a PDF from header to %%EOF', bytes('%PDF-1.7\n', '1 0 obj\nendobj\n', '%%EOF'), true],
    ['a little after %%EOF', bytes('%PDF-1.4\n', '%%EOF', '\r\n', padding(100)), true],
    ['cut off (no %%EOF)', bytes('%PDF-1.7\n', '1 0 obj\n'), false],
    ['%%EOF too far from the end', bytes('%PDF-1.7\n', '%%EOF', padding(4096)), false],
    ['not a PDF', bytes([0x89, 0x50, 0x4e, 0x47], '%%EOF'), false],
    ['empty', new Uint8Array(0), false],
  ])('%s', (_, input, expected) => {
    expect(isWholePdf(input)).toBe(expected);
  });
});
