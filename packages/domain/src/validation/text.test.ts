import { describe, expect, it } from 'vitest';
import { hasDisallowedCharacters, hasInvisibleFormatting, nameString } from './text.js';

describe('hasDisallowedCharacters (the boundary rule)', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD83Db'],
    ['a lone low surrogate', 'a\uDE00b'],
    ['a high surrogate at the end', 'ab\uD83D'],
    ['a bell', 'a\u0007'],
    ['vertical tab', 'a\u000Bb'],
    ['escape', '\u001B[31m'],
  ])('refuses %s', (_what, text) => {
    expect(hasDisallowedCharacters(text)).toBe(true);
  });
  it.each([
    ['tab, LF and CR', 'a\tb\r\nc'],
    ['a surrogate pair (emoji)', 'party \uD83C\uDF89'],
    ['accents and scripts', 'Zoë 山田 محمد'],
    ['bidi marks (allowed in free text)', 'a\u202Eb\u200Bc'],
    ['DEL and C1', 'a\u007F\u0085'],
  ])('accepts %s', (_what, text) => {
    expect(hasDisallowedCharacters(text)).toBe(false);
  });
});

describe('names (nameString)', () => {
  const message = (v: unknown) => {
    const r = nameString(100).safeParse(v);
    return r.success ? true : r.error.issues[0]!.message;
  };
  it.each([
    ['a right-to-left override', 'Jo\u202Egnp.exe'],
    ['a left-to-right isolate', '\u2066Ann\u2069'],
    ['a zero-width space', 'An\u200Bn'],
    ['a byte-order mark inside', 'An\uFEFFn'],
    ['a joiner at the start', '\u200DAnn'],
    ['a joiner at the end', 'Ann\u200C'],
    ['a name of joiners only', '\u200C\u200D'],
  ])('refuses %s', (_what, v) => {
    expect(message(v)).toBe('Contains characters that are not allowed');
  });
  it.each([
    ['a Persian name with a non-joiner', 'می\u200Cخواهم'],
    ['an emoji sequence with joiners', 'Ann \uD83D\uDC69\u200D\uD83D\uDCBB'],
    ['a right-to-left mark', 'שלום\u200F'],
    ['a plain name', 'Ann-Marie O’Neil'],
  ])('accepts %s', (_what, v) => {
    expect(message(v)).toBe(true);
  });
  it('keeps the required and length rules', () => {
    expect(message('  ')).toBe('Required field');
    expect(message('x'.repeat(101))).toBe('Max length exceeded');
  });
  it('hasInvisibleFormatting agrees', () => {
    expect(hasInvisibleFormatting('a\u202Db')).toBe(true);
    expect(hasInvisibleFormatting('ab')).toBe(false);
  });
});
