import { describe, expect, it } from 'vitest';
import {
  changeParams,
  hasCriteria,
  nextSort,
  pageRange,
  parseListParams,
  toApiQuery,
  toExportQuery,
  writeListParams,
} from './query';
import type { FilterDef, ListParams } from './types';

const filters: FilterDef[] = [
  { kind: 'select', id: 'organizationId', labelKey: 'x', options: [] },
  { kind: 'multiselect', id: 'status', labelKey: 'x', options: [{ value: 'DRAFT' }, { value: 'PUBLISHED' }] },
  { kind: 'boolean', id: 'isRequired', labelKey: 'x' },
  { kind: 'date-range', id: 'startAt', labelKey: 'x' },
];
const sortFields = ['name', 'createdAt'];
const parse = (qs: string) => parseListParams(new URLSearchParams(qs), filters, sortFields);

describe('parseListParams', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parse('')).toEqual({ page: 1, search: '', filters: {} });
  });

  it('reads page, limit, search, sort and every filter kind', () => {
    expect(
      parse(
        'page=3&limit=300&search=%20berlin%20&sort=createdAt:desc&organizationId=o1&status=DRAFT&status=PUBLISHED' +
          '&isRequired=true&startAtFrom=2025-01-01&startAtTo=2025-02-01',
      ),
    ).toEqual({
      page: 3,
      limit: 300,
      search: 'berlin',
      sort: { field: 'createdAt', direction: 'desc' },
      filters: {
        organizationId: 'o1',
        status: ['DRAFT', 'PUBLISHED'],
        isRequired: 'true',
        startAt: { from: '2025-01-01', to: '2025-02-01' },
      },
    });
  });

  it('accepts a comma-joined multiselect and drops duplicates', () => {
    expect(parse('status=DRAFT,PUBLISHED,DRAFT').filters).toEqual({ status: ['DRAFT', 'PUBLISHED'] });
  });

  it('falls back to defaults for invalid values', () => {
    expect(parse('page=0&limit=7&sort=password:asc&isRequired=maybe&startAtFrom=yesterday')).toEqual({
      page: 1,
      search: '',
      filters: {},
    });
    expect(parse('page=2.5&sort=name:sideways').page).toBe(1);
    expect(parse('sort=name:sideways').sort).toBeUndefined();
  });

  it('accepts View All as a limit', () => {
    expect(parse('limit=1000000').limit).toBe(1_000_000);
  });

  it('caps the search length', () => {
    expect(parse(`search=${'a'.repeat(500)}`).search).toHaveLength(200);
  });
});

describe('writeListParams', () => {
  it('round-trips through the URL', () => {
    const params: ListParams = {
      page: 2,
      limit: 1000,
      search: 'a&b',
      sort: { field: 'name', direction: 'asc' },
      filters: { status: ['PUBLISHED'], startAt: { to: '2025-03-01' }, isRequired: 'false' },
    };
    const sp = writeListParams(new URLSearchParams(), params, filters);
    expect(parse(sp.toString())).toEqual(params);
  });

  it('leaves defaults out and keeps params it does not own', () => {
    const sp = writeListParams(
      new URLSearchParams('tab=2&page=4&search=old&status=DRAFT'),
      { page: 1, search: '', filters: {} },
      filters,
    );
    expect(sp.toString()).toBe('tab=2');
  });
});

describe('toApiQuery / toExportQuery', () => {
  const params: ListParams = {
    page: 3,
    search: 'x',
    sort: { field: 'name', direction: 'desc' },
    filters: { status: ['DRAFT', 'PUBLISHED'], organizationId: 'o1', startAt: { from: '2025-01-01' } },
  };

  it('maps params to the API list query', () => {
    expect(toApiQuery(params, filters, 20)).toEqual({
      page: 3,
      limit: 20,
      search: 'x',
      sort: 'name:desc',
      status: 'DRAFT,PUBLISHED',
      organizationId: 'o1',
      startAtFrom: '2025-01-01',
    });
  });

  it('lets a window override the page', () => {
    expect(toApiQuery({ page: 1, search: '', filters: {} }, filters, 1000, 7)).toEqual({
      page: 7,
      limit: 1000,
    });
  });

  it('exports every matching record in the chosen format', () => {
    const q = toExportQuery(params, filters, 'xlsx');
    expect(q).toMatchObject({
      page: 1,
      limit: 1_000_000,
      format: 'xlsx',
      search: 'x',
      sort: 'name:desc',
      status: 'DRAFT,PUBLISHED',
    });
    expect('columns' in q).toBe(false);
  });

  it('exports the given columns in order', () => {
    expect(toExportQuery(params, filters, 'csv', ['name', 'createdAt']).columns).toBe('name,createdAt');
  });

  it("adds the resource's extra export parameters (e.g. the event)", () => {
    expect(toExportQuery(params, filters, 'csv', [], { eventId: 'e1' })).toMatchObject({
      eventId: 'e1',
      format: 'csv',
      search: 'x',
    });
  });
});

describe('changeParams', () => {
  const base: ListParams = { page: 5, limit: 300, search: '', filters: {} };
  it('keeps the page when only the page changes', () => {
    expect(changeParams(base, { page: 6 }).page).toBe(6);
  });
  it('goes back to page 1 on any other change', () => {
    expect(changeParams(base, { search: 'x' })).toEqual({ page: 1, limit: 300, search: 'x', filters: {} });
    expect(changeParams(base, { filters: { status: ['DRAFT'] } }).page).toBe(1);
    expect(changeParams(base, { sort: { field: 'name', direction: 'asc' } }).page).toBe(1);
  });
  it('drops a cleared sort', () => {
    const sorted = changeParams(base, { sort: { field: 'name', direction: 'asc' } });
    expect('sort' in changeParams(sorted, { sort: undefined })).toBe(false);
  });
});

describe('hasCriteria', () => {
  it('is true for a search or any filter value, false otherwise', () => {
    expect(hasCriteria({ page: 1, search: '', filters: {} }, filters)).toBe(false);
    expect(hasCriteria({ page: 1, search: '', filters: { status: [] } }, filters)).toBe(false);
    expect(hasCriteria({ page: 1, search: 'x', filters: {} }, filters)).toBe(true);
    expect(hasCriteria({ page: 1, search: '', filters: { startAt: { to: '2025-01-01' } } }, filters)).toBe(
      true,
    );
  });
});

describe('nextSort', () => {
  it('cycles none → asc → desc → none, and restarts on another field', () => {
    const asc = nextSort(undefined, 'name');
    expect(asc).toEqual({ field: 'name', direction: 'asc' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ field: 'name', direction: 'desc' });
    expect(nextSort(desc, 'name')).toBeUndefined();
    expect(nextSort(desc, 'createdAt')).toEqual({ field: 'createdAt', direction: 'asc' });
  });
});

describe('pageRange', () => {
  it('computes "x–y of total"', () => {
    expect(pageRange(1, 20, 45)).toEqual({ from: 1, to: 20, pages: 3 });
    expect(pageRange(3, 20, 45)).toEqual({ from: 41, to: 45, pages: 3 });
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0, pages: 1 });
    expect(pageRange(1, 1_000_000, 100_000)).toEqual({ from: 1, to: 100_000, pages: 1 });
  });
});

describe('number-range filters', () => {
  const ranged: FilterDef[] = [{ kind: 'number-range', id: 'cf_budget', labelKey: 'x', labelText: 'Budget' }];
  const read = (qs: string) => parseListParams(new URLSearchParams(qs), ranged, []);

  it('read {id}From / {id}To as decimal numbers and drop anything else', () => {
    expect(read('cf_budgetFrom=-10.5&cf_budgetTo=200').filters).toEqual({
      cf_budget: { from: '-10.5', to: '200' },
    });
    expect(read('cf_budgetFrom=abc&cf_budgetTo=1e3').filters).toEqual({});
    expect(read('cf_budgetTo=7').filters).toEqual({ cf_budget: { to: '7' } });
  });

  it('write to the URL and the API query like date ranges, and count as criteria', () => {
    const params: ListParams = { page: 1, search: '', filters: { cf_budget: { from: '5' } } };
    expect(writeListParams(new URLSearchParams('keep=1'), params, ranged).toString()).toBe(
      'keep=1&cf_budgetFrom=5',
    );
    expect(toApiQuery(params, ranged, 20)).toEqual({ page: 1, limit: 20, cf_budgetFrom: '5' });
    expect(hasCriteria(params, ranged)).toBe(true);
    expect(hasCriteria({ ...params, filters: {} }, ranged)).toBe(false);
  });
});
