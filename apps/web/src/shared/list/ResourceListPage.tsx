import { Button, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_PAGE_SIZE } from '@plenary/domain';
import { useCallback, useEffect, useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../ui/usePageTitle';
import { defaultLayout, exportColumnsOf, resolveLayout, type ColumnLayout } from './columns';
import { DataTable } from './DataTable';
import { IconInbox } from './icons';
import classes from './list.module.css';
import { ListToolbar } from './ListToolbar';
import { Pagination } from './Pagination';
import { hasCriteria, pageRange, toApiQuery } from './query';
import { shownSelectionState, useRowSelection, type RowSelection } from './selection';
import type { ResourceDef } from './types';
import { useListParams } from './useListParams';
import { useResourceList } from './useResourceList';
import { useViewSettings } from './viewSettings';

export interface ResourceListPageProps<T> {
  resource: ResourceDef<T>;
  /** Page heading and document title (already translated). */
  title: string;
  /** Buttons next to the heading, e.g. "Add organisation". */
  actions?: ReactNode;
  /** Per-row buttons (e.g. Edit), in a last column that the column chooser leaves alone. */
  rowActions?: (record: T) => ReactNode;
  /** Width of the row-actions column in px (default: room for two icon buttons). */
  rowActionsWidth?: number;
  /** Friendly empty state when the list is empty without search or filters. */
  empty?: { title?: string; description?: string; action?: ReactNode };
  /** Extra content between the toolbar and the table. */
  children?: ReactNode;
  /**
   * Row selection with bulk actions: checkboxes in a first column, and a bar above the table while
   * rows are selected with these actions, the count and "Clear selection". The selection is kept
   * across pages and cleared when the search or filters change.
   */
  bulkActions?: (selection: RowSelection) => ReactNode;
  /** A list inside a screen: a section headed by an h2; the screen keeps its h1 and document title. */
  section?: boolean;
}

/**
 * A whole list screen from a resource definition: heading, toolbar (search, filters, column
 * chooser, export), table, pagination. Query in the URL; columns and page size in view settings.
 */
export function ResourceListPage<T>({
  resource,
  title,
  actions,
  rowActions,
  rowActionsWidth,
  empty,
  children,
  bulkActions,
  section = false,
}: ResourceListPageProps<T>) {
  const { t } = useTranslation('list');
  usePageTitle(title, !section);
  const titleId = useId();
  const settings = useViewSettings(resource.key);
  const { params, setParams } = useListParams(resource);
  const list = useResourceList(resource, params, {
    defaultLimit: settings.saved?.pageSize,
    enabled: settings.ready,
  });
  const layout = useMemo(
    () => resolveLayout(resource.columns, settings.saved),
    [resource.columns, settings.saved],
  );
  const savedPageSize = settings.saved?.pageSize ?? DEFAULT_PAGE_SIZE;
  const saveLayout = (next: ColumnLayout) =>
    settings.save({ columns: next.visible, order: next.order, pageSize: savedPageSize });

  // A page past the end (records deleted, a stale link): go to the last page.
  const { pages } = pageRange(params.page, list.limit, list.total);
  useEffect(() => {
    if (list.loaded && !list.windowed && list.total > 0 && params.page > pages)
      setParams({ page: pages }, { replace: true });
  }, [list.loaded, list.windowed, list.total, params.page, pages, setParams]);

  const criteria = hasCriteria(params, resource.filters);

  const selection = useRowSelection();
  const criteriaKey = JSON.stringify(toApiQuery({ ...params, page: 1 }, resource.filters, 1));
  const clearSelection = selection.clear;
  useEffect(() => clearSelection(), [criteriaKey, clearSelection]);
  const shownIds = useMemo(() => list.records.map(resource.getRowId), [list.records, resource.getRowId]);
  const setSelection = selection.set;
  const setShown = useCallback((on: boolean) => setSelection(shownIds, on), [setSelection, shownIds]);
  const tableSelection = useMemo(
    () =>
      bulkActions
        ? {
            isSelected: selection.isSelected,
            set: setSelection,
            shown: shownSelectionState(new Set(selection.ids), shownIds),
            setShown,
          }
        : undefined,
    [bulkActions, selection, setSelection, shownIds, setShown],
  );
  const emptyContent = criteria ? (
    <Text className={classes.noResults} role="status">
      {t('empty.noResults')}
    </Text>
  ) : (
    <EmptyState
      icon={<IconInbox width={28} height={28} />}
      withIndicatorBackground
      title={empty?.title ?? t('empty.title')}
      description={empty?.description ?? t('empty.description')}
    >
      {empty?.action && <EmptyState.Actions>{empty.action}</EmptyState.Actions>}
    </EmptyState>
  );

  return (
    <Stack gap="md" {...(section ? { component: 'section', 'aria-labelledby': titleId } : {})}>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={section ? 2 : 1} id={titleId} fz={section ? 'xl' : { base: 24, sm: 28 }}>
          {title}
        </Title>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      <ListToolbar
        params={params}
        setParams={setParams}
        filters={resource.filters}
        searchPlaceholder={t(resource.searchPlaceholderKey)}
        columns={resource.columns}
        layout={layout}
        onLayoutChange={saveLayout}
        onLayoutReset={() => saveLayout(defaultLayout(resource.columns))}
        {...(resource.exportable
          ? {
              exportKey: resource.key,
              exportPath: resource.exportPath,
              exportQuery: resource.exportQuery,
              exportColumns: exportColumnsOf(resource.columns, layout),
            }
          : {})}
      />
      {children}
      {bulkActions && selection.count > 0 && (
        <Group
          className={classes.selectionBar}
          justify="space-between"
          gap="sm"
          wrap="wrap"
          role="region"
          aria-label={t('selection.label')}
        >
          <Group gap="sm" wrap="wrap">
            <Text fw={600} size="sm" role="status" aria-live="polite">
              {t('selection.count', { count: selection.count })}
            </Text>
            {bulkActions(selection)}
          </Group>
          <Button variant="subtle" size="compact-sm" onClick={selection.clear}>
            {t('selection.clear')}
          </Button>
        </Group>
      )}
      <DataTable
        columns={resource.columns}
        layout={layout}
        rowCount={list.rowCount}
        getRecord={list.getRecord}
        getRowId={resource.getRowId}
        loading={list.loading}
        showEmpty={!list.failed && list.loaded}
        empty={emptyContent}
        sort={params.sort}
        onSortChange={(sort) => setParams({ sort })}
        {...(resource.rowLink ? { rowLink: resource.rowLink } : {})}
        {...(rowActions ? { rowActions } : {})}
        {...(rowActionsWidth ? { rowActionsWidth } : {})}
        selection={tableSelection}
        rowLabel={resource.rowLabel}
        labelledBy={titleId}
        resetKey={JSON.stringify(toApiQuery(params, resource.filters, list.limit))}
        virtual={list.windowed || list.rowCount > 60}
        onVisibleRangeChange={list.setVisibleRange}
      />
      <Pagination
        page={params.page}
        limit={list.limit}
        total={list.total}
        loaded={list.loaded}
        onPageChange={(page) => setParams({ page })}
        onLimitChange={(limit) => {
          setParams({ limit });
          settings.save({ columns: layout.visible, order: layout.order, pageSize: limit });
        }}
        id={resource.key}
      />
    </Stack>
  );
}
