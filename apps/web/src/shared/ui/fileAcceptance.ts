/** What a file field takes: MIME type → the extensions (with their dot) that type may carry. */
export type FileAccept = Readonly<Record<string, readonly string[]>>;

/** Why a file was refused before upload. */
export type FileRefusal = 'count' | 'size' | 'type';

type FileFacts = Pick<File, 'name' | 'type' | 'size'>;

/** The `accept` attribute of the native input: every MIME type and extension. */
export function acceptAttribute(accept: FileAccept): string {
  return [...new Set([...Object.keys(accept), ...Object.values(accept).flat()])].join(',');
}

function typeMatches(type: string, pattern: string): boolean {
  const wanted = pattern.toLowerCase();
  const actual = type.toLowerCase();
  return wanted.endsWith('/*') ? actual.startsWith(wanted.slice(0, -1)) : actual === wanted;
}

/**
 * A file is taken when its MIME type or its name's extension is listed (what the native input's
 * `accept` does too). Browsers and systems disagree on types (a CSV is "application/vnd.ms-excel"
 * on some), so the extension alone suffices; the API checks the content anyway.
 */
export function isAccepted(file: Pick<File, 'name' | 'type'>, accept: FileAccept): boolean {
  const name = file.name.toLowerCase();
  return Object.entries(accept).some(
    ([mime, extensions]) =>
      (file.type !== '' && typeMatches(file.type, mime)) ||
      extensions.some((e) => name.endsWith(e.toLowerCase())),
  );
}

/** The first reason to refuse `files` for a single-file field, or null when the one file is fine. */
export function refusalOf(
  files: readonly FileFacts[],
  accept: FileAccept,
  maxBytes: number,
): FileRefusal | null {
  if (files.length !== 1) return 'count';
  const [file] = files as [FileFacts];
  if (file.size > maxBytes) return 'size';
  if (!isAccepted(file, accept)) return 'type';
  return null;
}

/**
 * While dragging, the browser shows only the items' kinds and MIME types (no names or sizes):
 * refuse more than one file or a type that is known and not listed; an unknown type is let
 * through to the drop, where the name decides.
 */
export function dragVerdict(
  items: ReadonlyArray<Pick<DataTransferItem, 'kind' | 'type'>>,
  accept: FileAccept,
): 'accept' | 'reject' {
  const files = items.filter((item) => item.kind === 'file');
  if (files.length !== 1) return 'reject';
  const { type } = files[0]!;
  return type === '' || Object.keys(accept).some((mime) => typeMatches(type, mime)) ? 'accept' : 'reject';
}
