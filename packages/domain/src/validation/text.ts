import type { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { requiredString } from './strings.js';

/**
 * The text rule of the API boundary (docs/SECURITY.md, section 2).
 *
 * Every string the API accepts — params, query, JSON bodies (keys too), multipart fields, file names
 * and the headers used as data — must be storable and harmless as text:
 * - NUL (U+0000): PostgreSQL text and jsonb can not hold it;
 * - lone surrogates (U+D800–U+DFFF without their pair): not encodable as UTF-8, so not storable either;
 * - C0 controls other than tab, LF and CR: no text needs them, and they make XLSX exports invalid XML.
 */
const UNSTORABLE =
  // eslint-disable-next-line no-control-regex -- finding these control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Upper bound for any string the API accepts, even where its schema names no smaller one. */
export const TEXT_MAX_LENGTH = 100_000;

/** True when the text holds a character the boundary refuses (see above). */
export const hasDisallowedCharacters = (text: string): boolean => UNSTORABLE.test(text);

/**
 * Names and titles must show what they say. Refused in them:
 * - bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what
 *   follows, so 'Jo\u202Egnp.exe' reads as 'Joexe.png' in lists, e-mails and exports;
 * - zero-width space and byte-order mark (U+200B, U+FEFF): invisible, they make look-alike names;
 * - zero-width non-joiner and joiner (U+200C, U+200D) unless between two visible characters:
 *   Persian and Indic names and emoji sequences need them there, and only there.
 * Long free text (descriptions, bios) may hold them: right-to-left writing uses them legitimately.
 */
const BIDI_OR_INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200B\uFEFF]/;
const STRAY_JOINER = /(?:^|[\s\u200C\u200D])[\u200C\u200D]|[\u200C\u200D](?:$|\s)/u;

export const hasInvisibleFormatting = (text: string): boolean =>
  BIDI_OR_INVISIBLE.test(text) || STRAY_JOINER.test(text);

/** Refines a string schema with the name rule ('Contains characters that are not allowed'). */
export const visibleText = <S extends z.ZodType<string>>(schema: S) =>
  schema.refine((v) => !hasInvisibleFormatting(v), { error: MESSAGES.disallowedCharacters });

/** A required, trimmed name or title: 'Required field', 'Max length exceeded', and the name rule. */
export function nameString(maxLength: number) {
  return visibleText(requiredString(maxLength));
}
