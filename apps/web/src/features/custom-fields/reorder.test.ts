import { describe, expect, it } from 'vitest';
import { matchName, moveId } from './reorder';

describe('moveId', () => {
  it('swaps with the neighbour and stays put at either end', () => {
    expect(moveId(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveId(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a'], 'x', 1)).toEqual(['a']);
  });
});

describe('matchName', () => {
  it('finds by part of the name, case-insensitively', () => {
    const fields = [{ name: 'T-shirt size' }, { name: 'Diet' }];
    expect(matchName(fields, ' SIZE ')).toEqual([{ name: 'T-shirt size' }]);
    expect(matchName(fields, '')).toBe(fields);
  });
});
