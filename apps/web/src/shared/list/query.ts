/**
 * Pure mapping between the URL's search params, the list params the screen works with and the
 * API query (`page`, `limit`, `search`, `sort=field:asc|desc`, area filters).
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, VIEW_ALL_LIMIT } from '@plenary/domain';
import type {
  ApiQuery,
  DateRange,
  FilterDef,
  FilterValue,
  FilterValues,
  ListParams,
  SortState,
} from './types';

export const SEARCH_MAX = 200;
const SORT_RE = /^([A-Za-z0-9_.]+):(asc|desc)$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER_RE = /^-?\d+(\.\d+)?$/;

/** Filters whose value is a from/to range, sent as `{id}From` and `{id}To`. */
export function isRangeFilter(
  def: FilterDef,
): def is Extract<FilterDef, { kind: 'date-range' | 'number-range' }> {
  return def.kind === 'date-range' || def.kind === 'number-range';
}

export const EMPTY_PARAMS: ListParams = { page: 1, search: '', filters: {} };

export function isPageSize(n: number): boolean {
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(n);
}

export function isViewAll(limit: number): boolean {
  return limit >= VIEW_ALL_LIMIT;
}

/** Params owned by a list with these filters (everything else in the URL is left alone). */
export function ownedKeys(filters: readonly FilterDef[]): string[] {
  const keys = ['page', 'limit', 'search', 'sort'];
  for (const f of filters) {
    if (isRangeFilter(f)) keys.push(`${f.id}From`, `${f.id}To`);
    else keys.push(f.id);
  }
  return keys;
}

function parseFilter(def: FilterDef, sp: URLSearchParams): FilterValue | undefined {
  switch (def.kind) {
    case 'select': {
      const v = sp.get(def.id);
      return v ? v : undefined;
    }
    case 'multiselect': {
      const values = sp
        .getAll(def.id)
        .flatMap((v) => v.split(','))
        .filter(Boolean);
      return values.length ? [...new Set(values)] : undefined;
    }
    case 'boolean': {
      const v = sp.get(def.id);
      return v === 'true' || v === 'false' ? v : undefined;
    }
    case 'date-range':
    case 'number-range': {
      const valid = def.kind === 'date-range' ? DATE_RE : NUMBER_RE;
      const from = (sp.get(`${def.id}From`) ?? '').trim();
      const to = (sp.get(`${def.id}To`) ?? '').trim();
      const range: DateRange = {};
      if (valid.test(from)) range.from = from;
      if (valid.test(to)) range.to = to;
      return range.from || range.to ? range : undefined;
    }
  }
}

/**
 * URL → params. Anything invalid falls back to the default: a page below 1, a limit that is not
 * one of the page-size options, a sort on a field the table cannot sort, a malformed date.
 */
export function parseListParams(
  sp: URLSearchParams,
  filters: readonly FilterDef[],
  sortFields: readonly string[],
): ListParams {
  const pageNum = Number(sp.get('page'));
  const page = Number.isInteger(pageNum) && pageNum >= 1 ? pageNum : 1;
  const limitNum = Number(sp.get('limit'));
  const limit = sp.has('limit') && isPageSize(limitNum) ? limitNum : undefined;
  const search = (sp.get('search') ?? '').trim().slice(0, SEARCH_MAX);
  const m = SORT_RE.exec(sp.get('sort') ?? '');
  const sort: SortState | undefined =
    m && sortFields.includes(m[1]!) ? { field: m[1]!, direction: m[2] as SortState['direction'] } : undefined;
  const values: Record<string, FilterValue> = {};
  for (const def of filters) {
    const v = parseFilter(def, sp);
    if (v !== undefined) values[def.id] = v;
  }
  const params: ListParams = { page, search, filters: values };
  if (limit !== undefined) params.limit = limit;
  if (sort) params.sort = sort;
  return params;
}

/** Filter values → flat query entries (shared by the URL and the API query). */
function filterEntries(filters: readonly FilterDef[], values: FilterValues): [string, string][] {
  const out: [string, string][] = [];
  for (const def of filters) {
    const v = values[def.id];
    if (v === undefined) continue;
    if (isRangeFilter(def)) {
      const range = v as DateRange;
      if (range.from) out.push([`${def.id}From`, range.from]);
      if (range.to) out.push([`${def.id}To`, range.to]);
    } else if (Array.isArray(v)) {
      if (v.length) out.push([def.id, v.join(',')]);
    } else if (typeof v === 'string' && v !== '') {
      out.push([def.id, v]);
    }
  }
  return out;
}

/**
 * Params → URL. Starts from `current` so search params that belong to someone else survive;
 * defaults (page 1, no search, no sort, no filter) are left out to keep URLs short.
 */
export function writeListParams(
  current: URLSearchParams,
  params: ListParams,
  filters: readonly FilterDef[],
): URLSearchParams {
  const sp = new URLSearchParams(current);
  for (const key of ownedKeys(filters)) sp.delete(key);
  if (params.page > 1) sp.set('page', String(params.page));
  if (params.limit !== undefined) sp.set('limit', String(params.limit));
  if (params.search) sp.set('search', params.search);
  if (params.sort) sp.set('sort', `${params.sort.field}:${params.sort.direction}`);
  for (const [k, v] of filterEntries(filters, params.filters)) sp.set(k, v);
  return sp;
}

/** True when a search or a filter narrows the list (decides no-results text vs empty state). */
export function hasCriteria(params: ListParams, filters: readonly FilterDef[]): boolean {
  return params.search !== '' || filterEntries(filters, params.filters).length > 0;
}

/** The API query for one page: `{ page, limit, search?, sort?, ...filters }`. */
export function toApiQuery(
  params: ListParams,
  filters: readonly FilterDef[],
  limit: number,
  page: number = params.page,
): ApiQuery {
  const q: ApiQuery = { page, limit };
  if (params.search) q.search = params.search;
  if (params.sort) q.sort = `${params.sort.field}:${params.sort.direction}`;
  for (const [k, v] of filterEntries(filters, params.filters)) q[k] = v;
  return q;
}

/**
 * Export takes every matching record, whatever page is on screen, with the given columns in the
 * given order (the visible ones), or all the export offers when `columns` is empty.
 */
export function toExportQuery(
  params: ListParams,
  filters: readonly FilterDef[],
  format: 'csv' | 'xlsx',
  columns: readonly string[] = [],
  extra: ApiQuery = {},
): ApiQuery {
  const q: ApiQuery = { ...extra, ...toApiQuery(params, filters, VIEW_ALL_LIMIT, 1), format };
  if (columns.length) q.columns = columns.join(',');
  return q;
}

/** Applies a change the user made. Any change other than the page itself goes back to page 1. */
export function changeParams(params: ListParams, patch: Partial<ListParams>): ListParams {
  const next: ListParams = { ...params, ...patch };
  const onlyPage = Object.keys(patch).every((k) => k === 'page');
  if (!onlyPage) next.page = patch.page ?? 1;
  if (next.limit === undefined) delete next.limit;
  if (next.sort === undefined) delete next.sort;
  return next;
}

/** Header click cycle: none → ascending → descending → none. */
export function nextSort(current: SortState | undefined, field: string): SortState | undefined {
  if (current?.field !== field) return { field, direction: 'asc' };
  return current.direction === 'asc' ? { field, direction: 'desc' } : undefined;
}

/** "x–y of total" numbers for a page. */
export function pageRange(
  page: number,
  limit: number,
  total: number,
): { from: number; to: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (total === 0) return { from: 0, to: 0, pages };
  const from = Math.min((page - 1) * limit + 1, total);
  return { from, to: Math.min(page * limit, total), pages };
}

export { DEFAULT_PAGE_SIZE, VIEW_ALL_LIMIT };
