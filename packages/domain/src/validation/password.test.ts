import { describe, it, expect } from 'vitest';
import { isStrongPassword, passwordSchema } from './password.js';
import { MESSAGES } from '../messages.js';

describe('isStrongPassword (spec part 5)', () => {
  it.each([
    ['Abcdef1!', true, 'exactly 8 with every class'],
    ['Correct-Horse-9', true, 'long'],
    ['Ünïcödé1#', true, 'non-ASCII letters count'],
    ['Abcde1!', false, '7 characters'],
    ['abcdef1!', false, 'no uppercase'],
    ['ABCDEF1!', false, 'no lowercase'],
    ['Abcdefg!', false, 'no digit'],
    ['Abcdefg1', false, 'no special character'],
    ['Abcdef1 ', false, 'a space is not a special character'],
    ['', false, 'empty'],
  ])('%s → %s (%s)', (value, expected) => {
    expect(isStrongPassword(value)).toBe(expected);
  });
});

describe('passwordSchema', () => {
  it.each([
    ['', MESSAGES.required],
    ['Abcde1!', MESSAGES.invalidPassword],
  ])('%j → %s', (value, message) => {
    const result = passwordSchema.safeParse(value);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((i) => i.message)).toEqual([message]);
  });
  it('does not trim or change the password', () => {
    expect(passwordSchema.parse(' Abcdef1! ')).toBe(' Abcdef1! ');
  });
});
