import { describe, expect, it } from 'vitest';
import { headlineOf, nextPageOf, peopleOf } from './directory';
import type { PublicProfile } from './types';

const person = (n: number): PublicProfile => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  userId: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  jobTitle: '',
  company: '',
  bio: '',
  photoUrl: null,
  customFields: [],
});
const page = (from: number, count: number, total: number) => ({
  total,
  records: Array.from({ length: count }, (_, i) => person(from + i)),
});

describe('the directory pages', () => {
  it('asks for the next page while matches are missing', () => {
    const first = page(1, 20, 45);
    expect(nextPageOf(first, [first])).toBe(2);
    const second = page(21, 20, 45);
    expect(nextPageOf(second, [first, second])).toBe(3);
    const third = page(41, 5, 45);
    expect(nextPageOf(third, [first, second, third])).toBeUndefined();
  });

  it('stops at an empty page even when the total says more (people left meanwhile)', () => {
    const first = page(1, 20, 45);
    const empty = page(0, 0, 45);
    expect(nextPageOf(empty, [first, empty])).toBeUndefined();
    expect(nextPageOf(page(0, 0, 0), [page(0, 0, 0)])).toBeUndefined();
  });

  it('shows each person once when rows shifted between two requests', () => {
    const people = peopleOf([page(1, 3, 6), page(3, 3, 6)]);
    expect(people.map((p) => p.firstName)).toEqual(['First1', 'First2', 'First3', 'First4', 'First5']);
    expect(peopleOf(undefined)).toEqual([]);
  });

  it('writes the headline from what is set', () => {
    expect(headlineOf({ jobTitle: 'Head of Research', company: 'Fjord Labs' })).toBe(
      'Head of Research · Fjord Labs',
    );
    expect(headlineOf({ jobTitle: '', company: 'Fjord Labs' })).toBe('Fjord Labs');
    expect(headlineOf({ jobTitle: '', company: '' })).toBe('');
  });
});
