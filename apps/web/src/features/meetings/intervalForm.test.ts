import { describe, expect, it } from 'vitest';
import { pointsFromText, timeFromInput, timeToInput } from './intervalForm';

describe('interval form values', () => {
  it('turns the API times into time-input values and back', () => {
    expect(timeToInput('09:30 AM')).toBe('09:30');
    expect(timeToInput('12:00 AM')).toBe('00:00');
    expect(timeToInput('02:05 PM')).toBe('14:05');
    expect(timeFromInput('14:05')).toBe('02:05 PM');
    expect(timeFromInput('00:00')).toBe('12:00 AM');
    expect(timeFromInput('')).toBe('');
  });

  it('reads meeting points one per line', () => {
    expect(pointsFromText(' Table 1\n\nTable 2  \n')).toEqual(['Table 1', 'Table 2']);
  });
});
