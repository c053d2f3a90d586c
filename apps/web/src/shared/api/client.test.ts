import { describe, expect, it } from 'vitest';
import { apiUrl } from './client';

describe('apiUrl', () => {
  it('prefixes /api/v1 and trims leading slashes', () => {
    expect(apiUrl('users/1/events')).toBe('/api/v1/users/1/events');
    expect(apiUrl('/auth')).toBe('/api/v1/auth');
  });
  it('encodes the query, repeats arrays and drops empty values', () => {
    expect(apiUrl('events', { page: 2, search: 'a b', status: ['OPEN', 'CLOSED'], sort: undefined, x: null, y: '' })).toBe(
      '/api/v1/events?page=2&search=a+b&status=OPEN&status=CLOSED',
    );
  });
});
