import type { DirectoryItem, ListResult } from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import { customFieldLines, headlineOf, nameOf, nextPageOf, peopleOf } from './people';

const person = (id: string, extra: Partial<DirectoryItem> = {}): DirectoryItem => ({
  id,
  userId: `u${id}`,
  firstName: 'Ada',
  lastName: id,
  jobTitle: '',
  company: '',
  bio: '',
  photoUrl: null,
  customFields: [],
  ...extra,
});
const page = (ids: string[], total: number): ListResult<DirectoryItem> => ({
  records: ids.map((id) => person(id)),
  total,
});

describe('directory people', () => {
  it('asks for the next page until every match is loaded', () => {
    const first = page(['a', 'b'], 3);
    expect(nextPageOf(first, [first])).toBe(2);
    const second = page(['c'], 3);
    expect(nextPageOf(second, [first, second])).toBeUndefined();
    const empty = page([], 5);
    expect(nextPageOf(empty, [first, empty])).toBeUndefined();
  });

  it('lists each person once across pages', () => {
    expect(peopleOf([page(['a', 'b'], 3), page(['b', 'c'], 3)]).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(peopleOf(undefined)).toEqual([]);
  });

  it('writes names, headlines and custom fields as short text', () => {
    expect(nameOf(person('Lovelace'))).toBe('Ada Lovelace');
    expect(headlineOf({ jobTitle: 'CTO', company: '' })).toBe('CTO');
    expect(headlineOf({ jobTitle: 'CTO', company: 'Acme' })).toBe('CTO · Acme');
    const p = person('x', {
      customFields: [
        { id: '1', name: 'Country', dataType: 'STRING', currencyCode: null, value: 'France' },
        { id: '2', name: 'Topics', dataType: 'ENUM', currencyCode: null, value: ['AI', 'Web'] },
        { id: '3', name: 'Extra', dataType: 'NUMBER', currencyCode: null, value: 3 },
      ],
    });
    expect(customFieldLines(p)).toEqual(['Country: France', 'Topics: AI, Web']);
  });
});
