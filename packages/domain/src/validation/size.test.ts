import { describe, it, expect } from 'vitest';
import { isSizeValue, sizeValueSchema } from './size.js';
import { MESSAGES } from '../messages.js';

describe('isSizeValue (1 to 4 values like 10px)', () => {
  it.each([
    ['10px', true],
    ['0px', true],
    ['1.5px', true],
    ['10px 20px', true],
    ['10px 20px 30px', true],
    ['10px 20px 30px 40px', true],
    ['10px  20px', true],
    ['10px 20px 30px 40px 50px', false],
    ['10', false],
    ['px', false],
    ['10 px', false],
    ['10em', false],
    ['-10px', false],
    ['10px,20px', false],
    ['', false],
    ['   ', false],
  ])('%j → %s', (value, expected) => {
    expect(isSizeValue(value)).toBe(expected);
  });
  it('schema uses its message', () => {
    expect(sizeValueSchema.safeParse('10').error?.issues[0]?.message).toBe(MESSAGES.invalidSizeValue);
    expect(sizeValueSchema.parse(' 10px 20px ')).toBe('10px 20px');
  });
});
