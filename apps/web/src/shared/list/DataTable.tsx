import { Checkbox, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef as TanColumnDef,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useEffect,
  useMemo,
  useRef,
  type CSSProperties,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, type NavigateFunction } from 'react-router';
import { headerOf, type ColumnLayout } from './columns';
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
const ACTIONS_WIDTH = 88;
const SELECT_ID = '__select';
const SELECT_WIDTH = 44;
const SKELETON_ROWS = 8;
const NO_DATA: never[] = [];

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
  /** Width of the row-actions column in px (default 88: two icon buttons). */
  rowActionsWidth?: number;
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
  /** Row selection (bulk actions): a checkbox column first, and one in the header for the rows shown. */
  selection?: TableSelection | undefined;
  /** A row's name for its checkbox ("Select <name>"). */
  rowLabel?: ((record: T) => string) | undefined;
}

export interface TableSelection {
  isSelected: (id: string) => boolean;
  set: (ids: readonly string[], on: boolean) => void;
  /** The header checkbox: the rows shown are all, some or none selected. */
  shown: 'all' | 'some' | 'none';
  /** Selects or unselects every row shown. */
  setShown: (on: boolean) => void;
}

function ariaSort(
  sort: SortState | undefined,
  field: string | undefined,
): 'ascending' | 'descending' | 'none' | undefined {
  if (!field) return undefined;
  if (sort?.field !== field) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/** Clicks on a row open its link, except clicks on something interactive inside it. */
function isInteractive(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('a, button, input, select, textarea, [role="button"], label') !== null
  );
}

/** A visible body column: the resource's definition, or the row-actions column. */
interface BodyColumn<T> {
  id: string;
  def: ColumnDef<T> | undefined;
}

interface BodyRowProps<T> {
  record: T;
  index: number;
  columns: readonly BodyColumn<T>[];
  primaryId: string | undefined;
  link: string | undefined;
  rowActions: ((record: T) => ReactNode) | undefined;
  navigate: NavigateFunction;
  /** UI language: rows re-render when it changes (cells format dates with it). */
  lang: string;
  /** Selection checkbox: undefined without selection; rows re-render when it changes. */
  selected: boolean | undefined;
  onSelect: ((id: string, on: boolean) => void) | undefined;
  rowId: string;
  rowName: string;
}

/**
 * One body row. Memoised on the record and the column set: while scrolling, only rows that come
 * into view render, which keeps 100,000-row lists smooth.
 */
const BodyRow = memo(function BodyRow<T>({
  record,
  index,
  columns,
  primaryId,
  link,
  rowActions,
  navigate,
  selected,
  onSelect,
  rowId,
  rowName,
}: BodyRowProps<T>) {
  const { t } = useTranslation('list');
  const onClick = link
    ? (e: MouseEvent<HTMLTableRowElement>) => {
        if (!isInteractive(e.target) && !window.getSelection()?.toString()) void navigate(link);
      }
    : undefined;
  return (
    <tr
      className={link ? `${classes.row} ${classes.clickable}` : classes.row}
      aria-rowindex={index + 2}
      onClick={onClick}
    >
      {columns.map(({ id, def }) => {
        if (id === SELECT_ID) {
          return (
            <td key={id} className={classes.select}>
              {/* A plain input styled like Mantine's Checkbox: rows mount at every scroll step, and the
                  component took a third of a row's rendering time (bench/attendees-view-all.ts). */}
              <input
                type="checkbox"
                className={classes.rowCheck}
                aria-label={t('selection.selectRow', { name: rowName })}
                checked={selected ?? false}
                onChange={(e) => onSelect?.(rowId, e.currentTarget.checked)}
              />
            </td>
          );
        }
        const content = def ? def.cell(record) : rowActions?.(record);
        return (
          <td
            key={id}
            className={def ? undefined : classes.actions}
            style={def?.align ? { textAlign: def.align } : undefined}
          >
            {link && id === primaryId ? (
              <Link to={link} className={classes.link}>
                {content}
              </Link>
            ) : (
              content
            )}
          </td>
        );
      })}
    </tr>
  );
}) as <T>(props: BodyRowProps<T>) => ReactElement;

function SkeletonRow({ index, columns }: { index: number; columns: readonly { id: string }[] }) {
  return (
    <tr className={classes.row} aria-rowindex={index + 2} aria-hidden="true">
      {columns.map((c, i) => (
        <td key={c.id}>
          <span className={classes.skeleton} style={{ width: `${55 + ((index * 7 + i * 13) % 40)}%` }} />
        </td>
      ))}
    </tr>
  );
}

/**
 * The list table. TanStack Table is the column model (order, visibility, server-side sorting,
 * headers); TanStack Virtual lays out long lists with a fixed row height and a sticky header.
 * Sort buttons sit in the headers (`aria-sort` on the `th`), the primary cell is a link when rows
 * lead somewhere, and a virtualised table keeps `aria-rowcount`/`aria-rowindex` truthful.
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
    rowActionsWidth = ACTIONS_WIDTH,
    labelledBy,
    resetKey,
    onVisibleRangeChange,
    height,
    selection,
    rowLabel,
  } = props;
  const { t, i18n } = useTranslation('list');
  const navigate = useNavigate();
  const virtual = props.virtual ?? rowCount > VIRTUAL_THRESHOLD;
  const selectable = selection !== undefined;
  const scrollRef = useRef<HTMLDivElement>(null);

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Rows render synchronously with the scroll, so a few beyond each edge are enough; each one
    // more is rendered again at every jump (12 → 6 took a jump from ~28 to ~19 ms of CPU).
    overscan: 6,
    enabled: virtual,
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  // The rows in view, without the overscan (a windowed list fetches the windows holding them first).
  const first = virtual ? (virtualizer.range?.startIndex ?? 0) : 0;
  const last = virtual ? (virtualizer.range?.endIndex ?? 0) : Math.max(0, rowCount - 1);

  useEffect(() => {
    onVisibleRangeChange?.(first, last);
  }, [first, last, onVisibleRangeChange]);

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [resetKey]);

  // Column model. No rows go through TanStack's row model: rows come from the virtualizer.
  const tanColumns = useMemo<TanColumnDef<T>[]>(() => {
    const defs: TanColumnDef<T>[] = columns.map((c) => ({
      id: c.id,
      header: () => headerOf(c, t),
      enableSorting: Boolean(c.sortField),
      meta: c,
    }));
    if (rowActions) defs.push({ id: ACTIONS_ID, header: () => t('table.actions') });
    if (selectable) defs.unshift({ id: SELECT_ID, header: () => t('selection.selectShown') });
    return defs;
  }, [columns, rowActions, t, selectable]);
  const columnVisibility = useMemo<VisibilityState>(() => {
    const shown = new Set(layout.visible);
    return Object.fromEntries(columns.map((c) => [c.id, shown.has(c.id)]));
  }, [columns, layout.visible]);
  const sorting = useMemo<SortingState>(() => {
    const col = sort && columns.find((c) => c.sortField === sort.field);
    return col && sort ? [{ id: col.id, desc: sort.direction === 'desc' }] : [];
  }, [columns, sort]);
  const columnOrder = useMemo(
    () => [...(selectable ? [SELECT_ID] : []), ...layout.order, ...(rowActions ? [ACTIONS_ID] : [])],
    [layout.order, rowActions, selectable],
  );

  const table = useReactTable<T>({
    data: NO_DATA,
    columns: tanColumns,
    getCoreRowModel: getCoreRowModel(),
    // Sorting and paging happen on the server; never let the table reset state on its own
    // (a reset re-renders, and a state change per render is an endless loop).
    manualSorting: true,
    manualPagination: true,
    autoResetAll: false,
    state: { columnOrder, columnVisibility, sorting },
  });
  const leafColumns = table.getVisibleLeafColumns();
  const leafKey = leafColumns.map((c) => c.id).join('|');
  const bodyColumns = useMemo<BodyColumn<T>[]>(
    () => leafColumns.map((c) => ({ id: c.id, def: c.columnDef.meta as ColumnDef<T> | undefined })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- leafKey says everything that matters about leafColumns (new objects every render)
    [leafKey, tanColumns],
  );
  const colSpan = bodyColumns.length;
  const primaryId = layout.visible[0];

  const widthOf = (id: string) =>
    id === ACTIONS_ID
      ? rowActionsWidth
      : id === SELECT_ID
        ? SELECT_WIDTH
        : (columns.find((c) => c.id === id)?.width ?? DEFAULT_COLUMN_WIDTH);
  const minWidth = bodyColumns.reduce((sum, c) => sum + widthOf(c.id), 0);

  const setSelection = selection?.set;
  const onSelect = useMemo(
    () => (setSelection ? (id: string, on: boolean) => setSelection([id], on) : undefined),
    [setSelection],
  );

  const row = (index: number) => {
    const record = getRecord(index);
    if (record === undefined) return <SkeletonRow key={`s${index}`} index={index} columns={bodyColumns} />;
    return (
      <BodyRow<T>
        key={getRowId(record)}
        record={record}
        index={index}
        columns={bodyColumns}
        primaryId={primaryId}
        link={rowLink?.(record)}
        rowActions={rowActions}
        navigate={navigate}
        lang={i18n.language}
        selected={selection?.isSelected(getRowId(record))}
        onSelect={onSelect}
        rowId={getRowId(record)}
        rowName={rowLabel?.(record) ?? getRowId(record)}
      />
    );
  };

  // The header changes with the columns and the sort, not with scrolling.
  const shownSelected = selection?.shown;
  const setShownSelected = selection?.setShown;
  const thead = useMemo(
    () => (
      <Table.Thead>
        {table.getHeaderGroups().map((group) => (
          <Table.Tr key={group.id} aria-rowindex={1} className={classes.row}>
            {group.headers.map((header) => {
              const def = header.column.columnDef.meta as ColumnDef<T> | undefined;
              const field = def?.sortField;
              const label = flexRender(header.column.columnDef.header, header.getContext());
              const direction = header.column.getIsSorted();
              if (header.column.id === SELECT_ID) {
                return (
                  <Table.Th key={header.id} scope="col" className={classes.select}>
                    <Checkbox
                      aria-label={t('selection.selectShown')}
                      checked={shownSelected === 'all'}
                      indeterminate={shownSelected === 'some'}
                      disabled={rowCount === 0}
                      onChange={(e) => setShownSelected?.(e.currentTarget.checked)}
                    />
                  </Table.Th>
                );
              }
              if (header.column.id === ACTIONS_ID) {
                return (
                  <Table.Th key={header.id} scope="col" className={classes.actions}>
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
    ),
    // `table` is one instance for the component's life; leafKey and sort capture its state.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- leafKey stands for the columns
    [table, leafKey, sort, onSortChange, tanColumns, shownSelected, setShownSelected, rowCount, t],
  );

  let body: ReactNode;
  if (rowCount === 0 && loading) {
    body = Array.from({ length: SKELETON_ROWS }, (_, i) => (
      <SkeletonRow key={`s${i}`} index={i} columns={bodyColumns} />
    ));
  } else if (rowCount === 0) {
    body = null; // The empty state goes under the table, outside the scrolling region.
  } else if (virtual) {
    const top = items[0]?.start ?? 0;
    const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
    body = (
      <>
        {top > 0 && (
          <tr aria-hidden="true" className={classes.spacer}>
            <td colSpan={colSpan} style={{ height: top }} />
          </tr>
        )}
        {items.map((item) => row(item.index))}
        {bottom > 0 && (
          <tr aria-hidden="true" className={classes.spacer}>
            <td colSpan={colSpan} style={{ height: bottom }} />
          </tr>
        )}
      </>
    );
  } else {
    body = Array.from({ length: rowCount }, (_, i) => row(i));
  }

  const style = {
    '--list-row-height': `${ROW_HEIGHT}px`,
    ...(height ? { '--list-height': height } : {}),
  } as CSSProperties;
  const busy = loading && rowCount > 0;
  // A wide table scrolls sideways; on a phone, a message inside it would sit off-screen.
  const emptyShown = rowCount === 0 && !loading && showEmpty;
  const scrolling = virtual && !emptyShown;

  return (
    <div className={classes.frame} style={style}>
      <div
        ref={scrollRef}
        className={`${classes.scroller} ${scrolling ? classes.virtual : ''} ${emptyShown ? classes.still : ''}`}
        // A scrolling region must be reachable by keyboard (WCAG 2.1.1); arrow and page keys scroll it.
        tabIndex={scrolling ? 0 : undefined}
        role={scrolling ? 'region' : undefined}
        aria-labelledby={scrolling ? labelledBy : undefined}
      >
        {busy && <div className={classes.progress} aria-hidden="true" />}
        <Table
          // Dim stale rows of a page that is being replaced; a virtual list fetching more rows while
          // scrolling only shows the progress bar (the rows it waits for are skeletons already).
          className={`${classes.table} ${busy && !virtual ? classes.busy : ''}`}
          style={{ minWidth }}
          stickyHeader={scrolling}
          aria-labelledby={labelledBy}
          aria-rowcount={rowCount + 1}
          aria-busy={loading}
        >
          <colgroup>
            {bodyColumns.map((c) => (
              <col key={c.id} style={{ width: widthOf(c.id) }} />
            ))}
          </colgroup>
          {thead}
          <tbody className={classes.body}>{body}</tbody>
        </Table>
        {rowCount === 0 && loading && <VisuallyHidden role="status">{t('table.loading')}</VisuallyHidden>}
      </div>
      {emptyShown && <div className={classes.empty}>{empty}</div>}
    </div>
  );
}
