import { describe, it, expect } from 'vitest';
import { isEmail, emailSchema } from './email.js';
import { MESSAGES } from '../messages.js';
import { zodFieldErrors } from './errors.js';

describe('isEmail', () => {
  it.each([
    ['ann@example.com', true],
    ['first.last+tag@sub.example.co.uk', true],
    ["o'brien@example.ie", true],
    ['user@xn--bcher-kva.example', true],
    ['', false],
    ['ann', false],
    ['ann@', false],
    ['@example.com', false],
    ['ann@example', false],
    ['ann@@example.com', false],
    ['ann @example.com', false],
    ['ann@exa mple.com', false],
    ['.ann@example.com', false],
    ['ann.@example.com', false],
    ['ann..b@example.com', false],
    ['ann@-example.com', false],
    ['ann@example..com', false],
    ['ann@example.c', false],
    [`${'a'.repeat(250)}@x.com`, false],
  ])('%s → %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });
});

describe('emailSchema', () => {
  it('trims', () => {
    expect(emailSchema.parse(' ann@example.com ')).toBe('ann@example.com');
  });
  it.each([
    ['', MESSAGES.required],
    ['   ', MESSAGES.required],
    ['ann@', MESSAGES.invalidEmail],
    [42, MESSAGES.required],
  ])('%j → %s', (value, message) => {
    const result = emailSchema.safeParse(value);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((i) => i.message)).toEqual([message]);
  });
  it('reports under the field path', () => {
    const result = emailSchema.safeParse('x');
    if (result.success) throw new Error('expected failure');
    expect(zodFieldErrors(result.error)).toEqual({ '': MESSAGES.invalidEmail });
  });
});
