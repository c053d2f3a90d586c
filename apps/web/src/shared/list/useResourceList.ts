import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { apiFetch } from '../api/client';
import { DEFAULT_PAGE_SIZE, isViewAll, toApiQuery } from './query';
import type { ListAnswer, ListParams, ResourceDef } from './types';
import {
  locate,
  PLACEHOLDER_ROWS,
  sameWindows,
  WINDOW_SIZE,
  windowQuery,
  windowsForRange,
  windowsToFetch,
} from './windows';

/**
 * The spec's list cycle (part 4), for one list:
 * - a request sets `loading`;
 * - success stores `records` and `total` and clears `loading`;
 * - failure clears `loading` and shows no message (`failed` is set, nothing is toasted);
 * - `reset()` empties the records and sets `loading` again (it refetches).
 */
export interface ResourceList<T> {
  records: T[];
  total: number;
  loading: boolean;
  failed: boolean;
  /** True once an answer is on screen (the previous page's while the next loads). */
  loaded: boolean;
  /** Effective page size (URL, else view settings, else 20). */
  limit: number;
  /** View All: rows are fetched in windows of 1000 as the user scrolls. */
  windowed: boolean;
  /** Rows the table lays out: the page's records, or every row of View All. */
  rowCount: number;
  /** Row by index in the table (paged: records[index]; windowed: undefined until its window arrives). */
  getRecord: (index: number) => T | undefined;
  /** The table reports what is on screen; windowed lists fetch the windows that cover it. */
  setVisibleRange: (start: number, end: number) => void;
  reset: () => void;
  refresh: () => void;
}

export interface UseResourceListOptions {
  /** Page size when the URL has none (the user's view settings). */
  defaultLimit?: number;
  /** Hold the request back (e.g. until view settings are read). */
  enabled?: boolean;
}

/** Query key root of a resource's lists: invalidate it after a write. */
export const listKey = (path: string) => ['list', path] as const;

const silent = { silent: true } as const;

/** View All: the windows to hold (visible rows ± margin) and those with rows on screen, for some criteria. */
interface WindowView {
  criteriaKey: string;
  windows: number[];
  visible: number[];
}

export function useResourceList<T>(
  resource: ResourceDef<T>,
  params: ListParams,
  options: UseResourceListOptions = {},
): ResourceList<T> {
  const client = useQueryClient();
  const limit = params.limit ?? options.defaultLimit ?? DEFAULT_PAGE_SIZE;
  const windowed = isViewAll(limit);
  const enabled = options.enabled ?? true;
  const root = useMemo(() => listKey(resource.path), [resource.path]);

  // Paged: one request per page; the previous page stays on screen (dimmed) while the next loads.
  const pageQuery = toApiQuery(params, resource.filters, limit);
  const paged = useQuery({
    queryKey: [...root, pageQuery],
    queryFn: ({ signal }) => apiFetch<ListAnswer<T>>(resource.path, { query: pageQuery, signal }),
    enabled: enabled && !windowed,
    placeholderData: keepPreviousData,
    meta: silent,
  });

  // Windowed (View All): the windows covering the visible rows, for the current criteria.
  const criteria = toApiQuery(params, resource.filters, WINDOW_SIZE, 1);
  const criteriaKey = JSON.stringify(criteria);
  const [view, setView] = useState<WindowView>({ criteriaKey, windows: [0], visible: [0] });
  const current = view.criteriaKey === criteriaKey ? view : { criteriaKey, windows: [0], visible: [0] };
  const windows = current.windows;
  const windowKey = (w: number) => [...root, 'window', criteria, w] as const;
  // The windows with rows on screen first, the margin's once those answered.
  const fetchNow = windowsToFetch(windows, current.visible, (w) => {
    const state = client.getQueryState(windowKey(w));
    return state !== undefined && state.status !== 'pending';
  });
  const windowResults = useQueries({
    queries: windows.map((w) => ({
      queryKey: windowKey(w),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch<ListAnswer<T>>(resource.path, { query: { ...criteria, ...windowQuery(w) }, signal }),
      enabled: enabled && windowed && fetchNow.includes(w),
      meta: silent,
    })),
  });

  // The total comes from the first answer for these criteria and is kept while windows come and
  // go (so the scroll height stays put); only a newer answer, e.g. after a write, replaces it.
  const totals = useRef(new Map<string, { total: number; at: number }>());
  let known = totals.current.get(criteriaKey);
  for (const r of windowResults) {
    if (r.data && (!known || r.dataUpdatedAt > known.at))
      known = { total: r.data.total, at: r.dataUpdatedAt };
  }
  if (known) totals.current.set(criteriaKey, known);
  const windowTotal = known?.total;

  const windowRecords = (w: number): T[] | undefined => {
    const i = windows.indexOf(w);
    const fromQuery = i >= 0 ? windowResults[i]?.data : undefined;
    return (fromQuery ?? client.getQueryData<ListAnswer<T>>(windowKey(w)))?.records;
  };

  const totalRef = useRef(windowTotal);
  totalRef.current = windowTotal;
  const setVisibleRange = useCallback(
    (start: number, end: number) => {
      const next = windowsForRange(start, end, totalRef.current);
      const visible = windowsForRange(start, end, totalRef.current, 0);
      setView((prev) =>
        prev.criteriaKey === criteriaKey &&
        sameWindows(prev.windows, next) &&
        sameWindows(prev.visible, visible)
          ? prev
          : { criteriaKey, windows: next, visible },
      );
    },
    [criteriaKey],
  );

  const reset = useCallback(() => {
    totals.current.clear();
    void client.resetQueries({ queryKey: root });
  }, [client, root]);
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: root });
  }, [client, root]);

  const pagedRecords = useMemo(() => paged.data?.records ?? [], [paged.data]);

  if (windowed) {
    const records = windows.flatMap((w) => windowRecords(w) ?? []);
    return {
      records,
      total: windowTotal ?? 0,
      loading: !enabled || windowResults.some((r) => r.isFetching),
      failed: windowResults.some((r) => r.isError),
      loaded: windowTotal !== undefined,
      limit,
      windowed,
      rowCount: windowTotal ?? (windowResults.some((r) => r.isError) ? 0 : PLACEHOLDER_ROWS),
      getRecord: (index) => {
        const { window, offset } = locate(index);
        return windowRecords(window)?.[offset];
      },
      setVisibleRange,
      reset,
      refresh,
    };
  }
  return {
    records: pagedRecords,
    total: paged.data?.total ?? 0,
    loading: !enabled || paged.isFetching,
    failed: paged.isError,
    // The previous page counts while the next one loads (it stays on screen, dimmed).
    loaded: paged.data !== undefined,
    limit,
    windowed,
    rowCount: pagedRecords.length,
    getRecord: (index) => pagedRecords[index],
    setVisibleRange,
    reset,
    refresh,
  };
}
