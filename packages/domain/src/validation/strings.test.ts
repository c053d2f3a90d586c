import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { maxLengthString, requiredString } from './strings.js';
import { zodFieldErrors } from './errors.js';

describe('requiredString', () => {
  it.each<[unknown, string | true]>([
    ['a', true],
    ['  a  ', true],
    ['', 'Required field'],
    ['   ', 'Required field'],
    [undefined, 'Required field'],
    [null, 'Required field'],
  ])('%j → %s', (value, expected) => {
    const result = requiredString().safeParse(value);
    expect(result.success ? true : result.error.issues.map((i) => i.message).join('|')).toBe(expected);
  });
  it('trims', () => {
    expect(requiredString().parse('  a  ')).toBe('a');
  });
  it('applies an optional max length after trimming', () => {
    expect(requiredString(3).safeParse(' abc ').success).toBe(true);
    expect(
      requiredString(3)
        .safeParse('abcd')
        .error?.issues.map((i) => i.message),
    ).toEqual(['Max length exceeded']);
    expect(
      requiredString(3)
        .safeParse('  ')
        .error?.issues.map((i) => i.message),
    ).toEqual(['Required field']);
  });
});

describe('maxLengthString', () => {
  it.each([
    ['', true],
    ['abcde', true],
    ['abcdef', false],
  ])('%j → %s', (value, ok) => {
    const result = maxLengthString(5).safeParse(value);
    expect(result.success).toBe(ok);
    if (!result.success) expect(result.error.issues[0]?.message).toBe('Max length exceeded');
  });
});

describe('zodFieldErrors', () => {
  const schema = z.object({
    name: requiredString(),
    address: z.object({ city: requiredString(5) }),
    tags: z.array(requiredString()),
  });
  it('maps each path to its first message', () => {
    const result = schema.safeParse({ name: ' ', address: { city: 'Amsterdam' }, tags: ['ok', ''] });
    if (result.success) throw new Error('expected failure');
    expect(zodFieldErrors(result.error)).toEqual({
      name: 'Required field',
      'address.city': 'Max length exceeded',
      'tags.1': 'Required field',
    });
  });
  it('keeps only the first message per path', () => {
    const twoIssues = z.string().min(5, 'first').regex(/x/, 'second');
    const result = z.object({ a: twoIssues }).safeParse({ a: 'b' });
    if (result.success) throw new Error('expected failure');
    expect(result.error.issues).toHaveLength(2);
    expect(zodFieldErrors(result.error)).toEqual({ a: 'first' });
  });
});
