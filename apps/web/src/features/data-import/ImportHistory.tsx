import { Badge, EmptyState, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, IMPORT_STATUSES, type ImportStatus, type ImportTable } from '@plenary/domain';
import i18next from 'i18next';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  DateTime,
  defaultLayout,
  defineResource,
  formatCount,
  hasCriteria,
  ListToolbar,
  Pagination,
  resolveLayout,
  toApiQuery,
  useListParams,
  useResourceList,
  useViewSettings,
  type ColumnLayout,
  type ResourceDef,
} from '../../shared/list';
import { IconInbox } from '../../shared/list/icons';
import { importsPath, type ImportHistoryRow } from './api';
import { importPath, stepToShow } from './steps';

const STATUS_COLORS: Record<ImportStatus, string> = {
  UPLOADED: 'gray',
  VERIFYING: 'blue',
  VERIFIED: 'teal',
  INVALID: 'orange',
  IMPORTING: 'blue',
  COMPLETED: 'green',
  FAILED: 'red',
  CANCELLED: 'gray',
};

/** Where a row of the history leads: the wizard at the import's step (a discarded one shows that it was). */
const rowLink = (r: ImportHistoryRow) => importPath(r.table, stepToShow(r.status, undefined) ?? 'upload', r.id);

const count = (n: number | null) => (n === null ? '' : formatCount(n, i18next.language));

function historyResource(eventId: string, tables: readonly ImportTable[]): ResourceDef<ImportHistoryRow> {
  const t = i18next.getFixedT(null, 'dataImport');
  return defineResource<ImportHistoryRow>({
    key: 'data-imports',
    path: importsPath(eventId),
    searchPlaceholderKey: 'dataImport:history.search',
    exportable: false,
    rowLink,
    filters: [
      { kind: 'multiselect', id: 'table', labelKey: 'dataImport:history.table', options: tables.map((table) => ({ value: table, labelKey: `dataImport:tables.${table}` })) },
      { kind: 'multiselect', id: 'status', labelKey: 'dataImport:history.status', options: IMPORT_STATUSES.map((s) => ({ value: s, labelKey: `dataImport:status.${s}` })) },
    ],
    columns: [
      {
        id: 'fileName',
        header: 'dataImport:history.file',
        sortField: 'fileName',
        width: 190,
        cell: (r) => (
          <Text size="sm" fw={500} truncate title={r.fileName} span>
            {r.fileName}
          </Text>
        ),
      },
      { id: 'table', header: 'dataImport:history.table', sortField: 'table', width: 105, cell: (r) => t(`tables.${r.table}`) },
      {
        id: 'status',
        header: 'dataImport:history.status',
        sortField: 'status',
        width: 125,
        cell: (r) => (
          <Badge variant="light" color={STATUS_COLORS[r.status]} title={r.message ?? undefined}>
            {t(`status.${r.status}`)}
          </Badge>
        ),
      },
      { id: 'rows', header: 'dataImport:history.rows', width: 70, align: 'right', defaultVisible: false, cell: (r) => count(r.counts.rows) },
      { id: 'created', header: 'dataImport:history.created', width: 80, align: 'right', cell: (r) => count(r.counts.created) },
      { id: 'updated', header: 'dataImport:history.updated', width: 80, align: 'right', cell: (r) => count(r.counts.updated) },
      { id: 'skipped', header: 'dataImport:history.skipped', width: 80, align: 'right', cell: (r) => count(r.counts.skipped) },
      { id: 'errors', header: 'dataImport:history.errors', width: 80, align: 'right', defaultVisible: false, cell: (r) => count(r.counts.errors) },
      { id: 'createdBy', header: 'dataImport:history.by', sortField: 'createdBy', width: 130, cell: (r) => r.createdBy },
      { id: 'createdAt', header: 'dataImport:history.when', sortField: 'createdAt', width: 165, cell: (r) => <DateTime value={r.createdAt} /> },
      { id: 'completedAt', header: 'dataImport:history.completedAt', sortField: 'completedAt', width: 180, defaultVisible: false, cell: (r) => <DateTime value={r.completedAt} /> },
    ],
  });
}

/**
 * The history of the event's imports (list machinery composed by hand: the screen's heading is the
 * wizard's, this list has its own h2): search by file or person, filter by table and status,
 * sort, columns, page sizes; a row opens the import where it is.
 */
export function ImportHistory({ eventId, tables }: { eventId: string; tables: readonly ImportTable[] }) {
  const { t } = useTranslation('dataImport');
  const { t: tl } = useTranslation('list');
  const titleId = useId();
  const resource = useMemo(() => historyResource(eventId, tables), [eventId, tables]);
  const settings = useViewSettings(resource.key);
  const { params, setParams } = useListParams(resource);
  const list = useResourceList(resource, params, { defaultLimit: settings.saved?.pageSize, enabled: settings.ready });
  const layout = useMemo(() => resolveLayout(resource.columns, settings.saved), [resource.columns, settings.saved]);
  const pageSize = settings.saved?.pageSize ?? DEFAULT_PAGE_SIZE;
  const saveLayout = (next: ColumnLayout) => settings.save({ columns: next.visible, order: next.order, pageSize });

  const empty = hasCriteria(params, resource.filters) ? (
    <Text role="status" ta="center" py="md">
      {tl('empty.noResults')}
    </Text>
  ) : (
    <EmptyState icon={<IconInbox width={28} height={28} />} withIndicatorBackground title={t('history.empty')} description={t('history.emptyText')} />
  );

  return (
    <Stack gap="md" component="section" aria-labelledby={titleId}>
      <Title order={2} id={titleId} fz="xl">
        {t('history.title')}
      </Title>
      <ListToolbar
        params={params}
        setParams={setParams}
        filters={resource.filters}
        searchPlaceholder={t('history.search')}
        columns={resource.columns}
        layout={layout}
        onLayoutChange={saveLayout}
        onLayoutReset={() => saveLayout(defaultLayout(resource.columns))}
      />
      <DataTable
        columns={resource.columns}
        layout={layout}
        rowCount={list.rowCount}
        getRecord={list.getRecord}
        getRowId={resource.getRowId}
        loading={list.loading}
        showEmpty={!list.failed && list.loaded}
        empty={empty}
        sort={params.sort}
        onSortChange={(sort) => setParams({ sort })}
        rowLink={rowLink}
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
