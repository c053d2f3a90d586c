import { Anchor, Skeleton, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef as TanColumnDef,
  type Row,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ColumnLayout } from './columns';
import { IconArrowDown, IconArrowUp, IconSelector } from './icons';
import classes from './list.module.css';
import { nextSort } from './query';
import type { ColumnDef, SortState } from './types';

/** Fixed row height: virtual rows are laid out without measuring. */
export const ROW_HEIGHT = 44;
/** More rows than this are virtualised (300, 1000 and View All). */
export const VIRTUAL_THRESHOLD = 60;
const DEFAULT_COLUMN_WIDTH = 180;
const ACTIONS_ID = '__actions';
const SKELETON_ROWS = 8;

export interface DataTableProps<T> {
  columns: readonly ColumnDef<T>[];
  layout: ColumnLayout;
  rowCount: number;
  getRecord: (index: number) => T | undefined;
  getRowId: (record: T) => string;
  loading: boolean;
  /** Show `empty` when there are no rows and loading is over (and the load did not fail). */
  showEmpty: boolean;
  empty: ReactNode;
  sort?: SortState;
  onSortChange?: (sort: SortState | undefined) => void;
  rowLink?: (record: T) => string;
  rowActions?: (record: T) => ReactNode;
  /** Id of the heading that names the table. */
  labelledBy: string;
  /** Scroll back to the top when this changes (new page or criteria). */
  resetKey?: string;
  /** Virtualise (fixed row height, sticky header, scrolling container). Default: rowCount > 60. */
  virtual?: boolean;
  /** The table reports its visible rows (windowed lists fetch what covers them). */
  onVisibleRangeChange?: (start: number, end: number) => void;
  /** CSS height of the scrolling container when virtualised. */
  height?: string;
}

/** The previous array while the items are the same objects: TanStack Table recomputes on a new `data` reference. */
function useStableArray<T>(next: T[]): T[] {
  const ref = useRef(next);
  const prev = ref.current;
  if (prev !== next && (prev.length !== next.length || prev.some((item, i) => item !== next[i]))) ref.current = next;
  return ref.current;
}

function ariaSort(sort: SortState | undefined, field: string | undefined): 'ascending' | 'descending' | 'none' | undefined {
  if (!field) return undefined;
  if (sort?.field !== field) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/** Clicks on a row open its link, except clicks on something interactive inside it. */
function isInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('a, button, input, select, textarea, [role="button"], label') !== null;
}

/**
 * The list table: TanStack Table for the column model (order, visibility, server-side sorting),
 * TanStack Virtual for long lists. Sort buttons sit in the headers (`aria-sort` on the `th`), the
 * primary cell is a link when rows lead somewhere, and a virtualised table keeps `aria-rowcount`
 * and `aria-rowindex` so assistive technology knows the real size.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    columns,
    layout,
    rowCount,
    getRecord,
    getRowId,
    loading,
    showEmpty,
    empty,
    sort,
    onSortChange,
    rowLink,
    rowActions,
    labelledBy,
    resetKey,
    onVisibleRangeChange,
    height,
  } = props;
  const { t } = useTranslation('list');
  const navigate = useNavigate();
  const virtual = props.virtual ?? rowCount > VIRTUAL_THRESHOLD;
  const scrollRef = useRef<HTMLDivElement>(null);

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    enabled: virtual,
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const first = virtual ? (items[0]?.index ?? 0) : 0;
  const last = virtual ? (items[items.length - 1]?.index ?? 0) : Math.max(0, rowCount - 1);

  useEffect(() => {
    onVisibleRangeChange?.(first, last);
  }, [first, last, onVisibleRangeChange]);

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [resetKey]);

  // Only the rows on screen go through the row model: cheap at 100,000 rows.
  const indexes = useMemo(
    () => (virtual ? items.map((i) => i.index) : Array.from({ length: rowCount }, (_, i) => i)),
    // `items` is a new array every scroll frame; first/last say everything that matters.
    [virtual, first, last, rowCount],
  );
  const slice = indexes.map((index) => ({ index, record: getRecord(index) }));
  const data = useStableArray(slice.flatMap((s) => (s.record === undefined ? [] : [s.record])));

  const primaryId = layout.visible[0];
  const tanColumns = useMemo<TanColumnDef<T>[]>(() => {
    const defs: TanColumnDef<T>[] = columns.map((c) => ({
      id: c.id,
      header: () => t(c.header),
      cell: ({ row }) => c.cell(row.original),
      enableSorting: Boolean(c.sortField),
      meta: c,
    }));
    if (rowActions) defs.push({ id: ACTIONS_ID, header: () => t('table.actions'), cell: ({ row }) => rowActions(row.original) });
    return defs;
  }, [columns, rowActions, t]);

  const columnVisibility = useMemo<VisibilityState>(() => {
    const shown = new Set(layout.visible);
    return Object.fromEntries(columns.map((c) => [c.id, shown.has(c.id)]));
  }, [columns, layout.visible]);
  const sorting = useMemo<SortingState>(() => {
    const col = sort && columns.find((c) => c.sortField === sort.field);
    return col && sort ? [{ id: col.id, desc: sort.direction === 'desc' }] : [];
  }, [columns, sort]);

  const table = useReactTable({
    data,
    columns: tanColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (record) => getRowId(record),
    // Sorting and paging happen on the server. Without these, TanStack Table resets the page index
    // whenever `data` changes, which re-renders, which... (an endless render loop).
    manualSorting: true,
    manualPagination: true,
    autoResetAll: false,
    state: {
      columnOrder: rowActions ? [...layout.order, ACTIONS_ID] : layout.order,
      columnVisibility,
      sorting,
    },
  });
  const leafColumns = table.getVisibleLeafColumns();
  const colSpan = leafColumns.length;
  const rowsById = new Map(table.getRowModel().rows.map((r) => [r.id, r]));

  const widthOf = (id: string) =>
    id === ACTIONS_ID ? 88 : (columns.find((c) => c.id === id)?.width ?? DEFAULT_COLUMN_WIDTH);
  const minWidth = leafColumns.reduce((sum, c) => sum + widthOf(c.id), 0);

  const renderRow = (row: Row<T>, index: number) => {
    const record = row.original;
    const link = rowLink?.(record);
    const onClick = link
      ? (e: MouseEvent<HTMLTableRowElement>) => {
          if (!isInteractive(e.target) && !window.getSelection()?.toString()) void navigate(link);
        }
      : undefined;
    return (
      <Table.Tr
        key={row.id}
        className={`${classes.row} ${link ? classes.clickable : ''}`}
        aria-rowindex={index + 2}
        onClick={onClick}
      >
        {row.getVisibleCells().map((cell) => {
          const def = cell.column.columnDef.meta as ColumnDef<T> | undefined;
          const content = flexRender(cell.column.columnDef.cell, cell.getContext());
          return (
            <Table.Td key={cell.id} ta={def?.align}>
              {link && cell.column.id === primaryId ? (
                <Anchor component={Link} to={link} fw={500}>
                  {content}
                </Anchor>
              ) : (
                content
              )}
            </Table.Td>
          );
        })}
      </Table.Tr>
    );
  };

  const skeletonRow = (index: number) => (
    <Table.Tr key={`skeleton-${index}`} className={classes.row} aria-rowindex={index + 2} aria-hidden="true">
      {leafColumns.map((c) => (
        <Table.Td key={c.id}>
          <Skeleton height={12} radius="sm" width={`${55 + ((index * 7 + c.id.length * 13) % 40)}%`} />
        </Table.Td>
      ))}
    </Table.Tr>
  );

  let body: ReactNode;
  if (rowCount === 0 && loading) {
    body = Array.from({ length: SKELETON_ROWS }, (_, i) => skeletonRow(i));
  } else if (rowCount === 0) {
    body = showEmpty ? (
      <Table.Tr>
        <Table.Td colSpan={colSpan} className={classes.emptyCell}>
          {empty}
        </Table.Td>
      </Table.Tr>
    ) : null;
  } else {
    const rows = slice.map(({ index, record }) => {
      const row = record === undefined ? undefined : rowsById.get(getRowId(record));
      return row ? renderRow(row, index) : skeletonRow(index);
    });
    if (virtual) {
      const top = items[0]?.start ?? 0;
      const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
      body = (
        <>
          {top > 0 && (
            <tr aria-hidden="true">
              <td colSpan={colSpan} style={{ height: top, padding: 0, border: 0 }} />
            </tr>
          )}
          {rows}
          {bottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={colSpan} style={{ height: bottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </>
      );
    } else body = rows;
  }

  const style = { '--list-row-height': `${ROW_HEIGHT}px`, ...(height ? { '--list-height': height } : {}) } as CSSProperties;

  return (
    <div
      ref={scrollRef}
      className={`${classes.scroller} ${virtual ? classes.virtual : ''}`}
      style={style}
      // A scrolling region must be reachable by keyboard (WCAG 2.1.1); arrow and page keys scroll it.
      tabIndex={virtual ? 0 : undefined}
      role={virtual ? 'region' : undefined}
      aria-labelledby={virtual ? labelledBy : undefined}
    >
      {loading && rowCount > 0 && <div className={classes.progress} aria-hidden="true" />}
      <Table
        className={`${classes.table} ${loading && rowCount > 0 ? classes.busy : ''}`}
        style={{ minWidth }}
        stickyHeader={virtual}
        highlightOnHover
        verticalSpacing={0}
        aria-labelledby={labelledBy}
        aria-rowcount={rowCount + 1}
        aria-busy={loading}
      >
        <colgroup>
          {leafColumns.map((c) => (
            <col key={c.id} style={{ width: widthOf(c.id) }} />
          ))}
        </colgroup>
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id} aria-rowindex={1} style={{ height: ROW_HEIGHT }}>
              {group.headers.map((header) => {
                const def = header.column.columnDef.meta as ColumnDef<T> | undefined;
                const field = def?.sortField;
                const label = flexRender(header.column.columnDef.header, header.getContext());
                const direction = header.column.getIsSorted();
                if (header.column.id === ACTIONS_ID) {
                  return (
                    <Table.Th key={header.id} scope="col">
                      <VisuallyHidden>{label}</VisuallyHidden>
                    </Table.Th>
                  );
                }
                return (
                  <Table.Th key={header.id} scope="col" aria-sort={ariaSort(sort, field)} ta={def?.align}>
                    {field && onSortChange ? (
                      <UnstyledButton
                        className={`${classes.sortButton} ${direction ? classes.sorted : ''}`}
                        onClick={() => onSortChange(nextSort(sort, field))}
                      >
                        <span>{label}</span>
                        {direction === 'asc' ? (
                          <IconArrowUp className={classes.sortIcon} />
                        ) : direction === 'desc' ? (
                          <IconArrowDown className={classes.sortIcon} />
                        ) : (
                          <IconSelector className={classes.sortIcon} />
                        )}
                      </UnstyledButton>
                    ) : (
                      label
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
      {rowCount === 0 && loading && <VisuallyHidden role="status">{t('table.loading')}</VisuallyHidden>}
    </div>
  );
}
