import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  VIEW_ALL_LIMIT,
  listQuerySchema,
  listResponse,
  parseSort,
} from './list.js';

describe('list constants (spec part 9)', () => {
  it('pins page sizes', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(VIEW_ALL_LIMIT).toBe(1_000_000);
    expect(PAGE_SIZE_OPTIONS).toEqual([20, 300, 1000, 1_000_000]);
  });
});

describe('listQuerySchema', () => {
  it('defaults page 1 and limit 20', () => {
    expect(listQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
  });
  it('coerces query strings and trims search', () => {
    expect(
      listQuerySchema.parse({ page: '3', limit: '1000000', search: '  ann ', sort: 'user.lastName:desc' }),
    ).toEqual({
      page: 3,
      limit: 1_000_000,
      search: 'ann',
      sort: 'user.lastName:desc',
    });
  });
  it.each([
    ['page 0', { page: '0' }],
    ['page not a number', { page: 'x' }],
    ['page fraction', { page: '1.5' }],
    ['limit 0', { limit: '0' }],
    ['limit above View All', { limit: '1000001' }],
    ['search too long', { search: 'a'.repeat(201) }],
    ['sort without direction', { sort: 'name' }],
    ['sort with bad direction', { sort: 'name:up' }],
    ['sort with injection', { sort: 'name;drop:asc' }],
  ])('rejects %s', (_, query) => {
    expect(listQuerySchema.safeParse(query).success).toBe(false);
  });
  it('accepts search of 200 characters', () => {
    expect(listQuerySchema.safeParse({ search: 'a'.repeat(200) }).success).toBe(true);
  });
});

describe('parseSort', () => {
  it.each([
    ['name:asc', { field: 'name', direction: 'asc' }],
    ['organization.name:desc', { field: 'organization.name', direction: 'desc' }],
    ['name', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s', (sort, expected) => {
    expect(parseSort(sort)).toEqual(expected);
  });
});

describe('listResponse', () => {
  const schema = listResponse(z.object({ id: z.string() }));
  it('accepts records and total', () => {
    expect(schema.parse({ records: [{ id: 'a' }], total: 1 })).toEqual({ records: [{ id: 'a' }], total: 1 });
  });
  it.each([[{ records: [{ id: 1 }], total: 1 }], [{ records: [], total: 1.5 }], [{ records: [] }]])(
    'rejects %j',
    (value) => {
      expect(schema.safeParse(value).success).toBe(false);
    },
  );
  it('strips columns the record schema does not list', () => {
    expect(schema.parse({ records: [{ id: 'a', secret: 'x' }], total: 1 }).records[0]).toEqual({ id: 'a' });
  });
});
