import { apiFetch } from '../api/client';
import type {
  ApiQuery,
  ColumnDef,
  FilterDef,
  FilterOption,
  ListAnswer,
  RemoteOptions,
  ResourceDef,
} from './types';

export interface ResourceInput<T> {
  key: string;
  path: string;
  columns: readonly ColumnDef<T>[];
  filters?: readonly FilterDef[];
  searchPlaceholderKey: string;
  rowLink?: (record: T) => string;
  rowLabel?: (record: T) => string;
  exportable?: boolean;
  exportPath?: string;
  exportQuery?: ApiQuery;
  /** Defaults to `record.id`. */
  getRowId?: (record: T) => string;
}

function idOf(record: unknown): string {
  const id = (record as { id?: unknown }).id;
  if (typeof id === 'string' || typeof id === 'number') return String(id);
  throw new Error('defineResource: records need an `id`, or pass getRowId');
}

/** Declares a list once: the API path, its columns and filters. See shared/list/README.md. */
export function defineResource<T>(input: ResourceInput<T>): ResourceDef<T> {
  const ids = new Set<string>();
  for (const c of input.columns) {
    if (ids.has(c.id)) throw new Error(`defineResource(${input.key}): duplicate column '${c.id}'`);
    ids.add(c.id);
  }
  return Object.freeze({
    key: input.key,
    path: input.path,
    columns: input.columns,
    filters: input.filters ?? [],
    searchPlaceholderKey: input.searchPlaceholderKey,
    ...(input.rowLink ? { rowLink: input.rowLink } : {}),
    ...(input.rowLabel ? { rowLabel: input.rowLabel } : {}),
    exportable: input.exportable ?? true,
    ...(input.exportPath ? { exportPath: input.exportPath } : {}),
    ...(input.exportQuery ? { exportQuery: input.exportQuery } : {}),
    getRowId: input.getRowId ?? idOf,
  });
}

/** Most options a filter loads (sorted by name on the server). */
export const OPTIONS_LIMIT = 1000;

/** Filter options loaded from a list endpoint, e.g. `optionsFrom<Org>('organizations', (o) => ({ value: o.id, label: o.name }))`. */
export function optionsFrom<R>(
  path: string,
  toOption: (record: R) => FilterOption,
  query: Record<string, string | number> = { limit: OPTIONS_LIMIT, sort: 'name:asc' },
): RemoteOptions {
  return {
    path,
    query,
    load: async (signal) => {
      const answer = await apiFetch<ListAnswer<R>>(path, { query, signal });
      return answer.records.map(toOption);
    },
  };
}

export function sortFieldsOf<T>(resource: ResourceDef<T>): string[] {
  return resource.columns.flatMap((c) => (c.sortField ? [c.sortField] : []));
}
