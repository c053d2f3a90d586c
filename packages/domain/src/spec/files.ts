/** Spec part 5: accepted upload types, with what the content must look like. */
export const FILE_TYPES = {
  jpeg: { kind: 'image', extensions: ['jpeg', 'jpg'], mimeTypes: ['image/jpeg'] },
  png: { kind: 'image', extensions: ['png'], mimeTypes: ['image/png'] },
  mp4: { kind: 'video', extensions: ['mp4'], mimeTypes: ['video/mp4'] },
  m4v: { kind: 'video', extensions: ['m4v'], mimeTypes: ['video/x-m4v', 'video/mp4'] },
  mov: { kind: 'video', extensions: ['mov'], mimeTypes: ['video/quicktime'] },
  mp3: { kind: 'audio', extensions: ['mp3'], mimeTypes: ['audio/mpeg', 'audio/mp3'] },
  m4a: { kind: 'audio', extensions: ['m4a'], mimeTypes: ['audio/mp4', 'audio/x-m4a'] },
  pdf: { kind: 'pdf', extensions: ['pdf'], mimeTypes: ['application/pdf'] },
  ppt: { kind: 'presentation', extensions: ['ppt'], mimeTypes: ['application/vnd.ms-powerpoint'] },
  pptx: {
    kind: 'presentation',
    extensions: ['pptx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  },
  xlsx: {
    kind: 'spreadsheet',
    extensions: ['xlsx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  },
  csv: { kind: 'spreadsheet', extensions: ['csv'], mimeTypes: ['text/csv'] },
} as const;
export type FileType = keyof typeof FILE_TYPES;
export type FileKind = (typeof FILE_TYPES)[FileType]['kind'];

export const FILE_KINDS = [
  'image',
  'video',
  'audio',
  'pdf',
  'presentation',
  'spreadsheet',
] as const satisfies readonly FileKind[];

const ALL_FILE_TYPES = Object.keys(FILE_TYPES) as FileType[];

export function fileTypesOfKind(kind: FileKind): FileType[] {
  return ALL_FILE_TYPES.filter((type) => FILE_TYPES[type].kind === kind);
}

/** For an `<input accept>` or a dropzone: '.jpeg,.jpg,.png,image/jpeg,image/png'. */
export function acceptAttribute(kinds: readonly FileKind[]): string {
  const types = kinds.flatMap(fileTypesOfKind).map((type) => FILE_TYPES[type]);
  const extensions = types.flatMap((t) => t.extensions.map((e) => `.${e}`));
  return [...new Set([...extensions, ...types.flatMap((t) => t.mimeTypes)])].join(',');
}

/** 'Photo.JPG' → 'jpeg'; undefined for anything not accepted. */
export function fileTypeFromName(fileName: string): FileType | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return ALL_FILE_TYPES.find((type) =>
    (FILE_TYPES[type].extensions as readonly string[]).includes(extension),
  );
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

const includesAscii = (bytes: Uint8Array, text: string) => {
  const codes = [...text].map((c) => c.charCodeAt(0));
  for (let i = 0; i + codes.length <= bytes.length; i++) if (startsWith(bytes, codes, i)) return true;
  return false;
};

const M4V_BRANDS = ['M4V ', 'M4VH', 'M4VP'];
const M4A_BRANDS = ['M4A ', 'M4B '];
const QUICKTIME_ATOMS = ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];

function sniffIsoMedia(bytes: Uint8Array): FileType | undefined {
  const box = ascii(bytes, 4, 8);
  if (box !== 'ftyp') return QUICKTIME_ATOMS.includes(box) ? 'mov' : undefined;
  if (bytes.length < 12) return undefined;
  const brand = ascii(bytes, 8, 12);
  if (brand === 'qt  ') return 'mov';
  if (M4V_BRANDS.includes(brand)) return 'm4v';
  if (M4A_BRANDS.includes(brand)) return 'm4a';
  return 'mp4';
}

/**
 * The accepted type the content looks like, from its first bytes (pass at least the first 4 KB;
 * Office Open XML is told apart by the part names in the ZIP, so more bytes help).
 * CSV is plain text and has no signature: undefined.
 */
export function sniffFileType(bytes: Uint8Array): FileType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  // OLE2 compound document: the container of .ppt (also of .doc/.xls, which the extension rules out).
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ppt';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (includesAscii(bytes, 'ppt/')) return 'pptx';
    if (includesAscii(bytes, 'xl/')) return 'xlsx';
    return undefined;
  }
  if (startsWith(bytes, [0x49, 0x44, 0x33])) return 'mp3';
  // MPEG audio frame sync, layer III.
  const second = bytes[1];
  if (bytes[0] === 0xff && second !== undefined && (second & 0xe0) === 0xe0 && (second & 0x06) === 0x02)
    return 'mp3';
  if (bytes.length >= 8) return sniffIsoMedia(bytes);
  return undefined;
}

/** True when the name's extension is of `kind` and the content agrees with it (text for CSV). */
export function isAcceptedFile(fileName: string, bytes: Uint8Array, kinds: readonly FileKind[]): boolean {
  const byName = fileTypeFromName(fileName);
  if (byName === undefined || !(kinds as readonly string[]).includes(FILE_TYPES[byName].kind)) return false;
  if (byName === 'csv') return !bytes.includes(0);
  const byContent = sniffFileType(bytes);
  // MP4, M4V and MOV share one container; which brand a tool writes is not reliable.
  if (FILE_TYPES[byName].kind === 'video')
    return byContent !== undefined && FILE_TYPES[byContent].kind === 'video';
  return byContent === byName;
}

/** How far from the end a PDF's `%%EOF` may sit (trailing whitespace or a little garbage after it is common). */
const PDF_EOF_WINDOW = 2048;

/**
 * A whole PDF: it starts with `%PDF-` and has `%%EOF` near its end (a cut-off download or upload
 * has not). The content module's uploads and the Location import's PDF maps both ask this.
 */
export function isWholePdf(bytes: Uint8Array): boolean {
  return (
    sniffFileType(bytes.subarray(0, 8)) === 'pdf' &&
    includesAscii(bytes.subarray(Math.max(0, bytes.length - PDF_EOF_WINDOW)), '%%EOF')
  );
}
