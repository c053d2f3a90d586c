import { FILE_TYPES, fileTypesOfKind, type FileKind } from '@plenary/domain';

/** A dropzone's `accept` (mime type → extensions) for the spec's file kinds. */
export function dropzoneAccept(kinds: readonly FileKind[]): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const type of kinds.flatMap(fileTypesOfKind)) {
    const { mimeTypes, extensions } = FILE_TYPES[type];
    for (const mime of mimeTypes)
      accept[mime] = [...new Set([...(accept[mime] ?? []), ...extensions.map((e) => `.${e}`)])];
  }
  return accept;
}

/** '.jpeg, .jpg, .png, …' for messages. */
export function extensionList(kinds: readonly FileKind[]): string {
  return kinds
    .flatMap(fileTypesOfKind)
    .flatMap((type) => FILE_TYPES[type].extensions.map((e) => `.${e}`))
    .join(', ');
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** 1234567 → '1.2 MB' (decimal units, as the limits are written). */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** The kind of preview the browser can show for a stored file type. */
export function previewKind(fileType: string): 'image' | 'video' | 'audio' | 'pdf' | 'none' {
  const kind = (FILE_TYPES as Record<string, { kind: string } | undefined>)[fileType]?.kind;
  return kind === 'image' || kind === 'video' || kind === 'audio' || kind === 'pdf' ? kind : 'none';
}
