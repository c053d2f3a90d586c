/**
 * The one byte range a `Range` header asks of a file of `size` bytes (RFC 9110 §14.1.2):
 * `{ start, end }` (both included) for `bytes=a-b`, `bytes=a-` and `bytes=-n`;
 * `'unsatisfiable'` when it starts past the end (answer 416); `undefined` when the header is
 * absent, malformed, of another unit, or asks for several ranges (answer the whole file, which
 * the RFC allows a server to do for any range request).
 */
export type ByteRange = { start: number; end: number };

const SPEC = /^(\d*)-(\d*)$/;

export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const eq = header.indexOf('=');
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return undefined;
  const specs = header.slice(eq + 1).split(',');
  if (specs.length !== 1) return undefined;
  const match = SPEC.exec(specs[0]!.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  const firstPos = first === '' ? undefined : Number(first);
  const lastPos = last === '' ? undefined : Number(last);
  // Digits too long for a safe integer are no range any file here could have.
  if (
    (firstPos !== undefined && !Number.isSafeInteger(firstPos)) ||
    (lastPos !== undefined && !Number.isSafeInteger(lastPos))
  )
    return undefined;
  if (firstPos === undefined) {
    // bytes=-n: the last n bytes (all of a shorter file); -0 asks for nothing.
    if (lastPos === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - lastPos!), end: size - 1 };
  }
  if (lastPos !== undefined && lastPos < firstPos) return undefined;
  if (firstPos >= size) return 'unsatisfiable';
  return { start: firstPos, end: Math.min(lastPos ?? size - 1, size - 1) };
}

/**
 * Whether an `If-None-Match` list holds the entity tag (weak comparison, as RFC 9110 §13.1.2 asks):
 * `*`, or the tag with or without `W/`.
 */
export function noneMatchHolds(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
