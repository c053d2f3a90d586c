/**
 * Word-cloud answers: one word or a short phrase, trimmed, inner spaces collapsed, case-folded
 * (so "AI", "ai " and "Ai" merge), at most WORD_MAX_LENGTH characters and WORD_MAX_WORDS words.
 * Profanity is filtered on the server before a word reaches any screen (apps/api engagement).
 */
export const WORD_MAX_LENGTH = 40;
export const WORD_MAX_WORDS = 3;

/** The merged form of an answer, or undefined when it is not one word or a short phrase. */
export function normaliseWord(text: string): string | undefined {
  const folded = text.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('en');
  if (folded.length === 0 || folded.length > WORD_MAX_LENGTH) return undefined;
  if (folded.split(' ').length > WORD_MAX_WORDS) return undefined;
  return folded;
}
