import { Badge, Text } from '@mantine/core';
import { IMPORT_STATUSES, type ImportStatus, type ImportTable } from '@plenary/domain';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime, defineResource, formatCount, ResourceListPage, type ResourceDef } from '../../shared/list';
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
const rowLink = (r: ImportHistoryRow) =>
  importPath(r.table, stepToShow(r.status, undefined) ?? 'upload', r.id);

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
      {
        kind: 'multiselect',
        id: 'table',
        labelKey: 'dataImport:history.table',
        options: tables.map((table) => ({ value: table, labelKey: `dataImport:tables.${table}` })),
      },
      {
        kind: 'multiselect',
        id: 'status',
        labelKey: 'dataImport:history.status',
        options: IMPORT_STATUSES.map((s) => ({ value: s, labelKey: `dataImport:status.${s}` })),
      },
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
      {
        id: 'table',
        header: 'dataImport:history.table',
        sortField: 'table',
        width: 105,
        cell: (r) => t(`tables.${r.table}`),
      },
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
      {
        id: 'rows',
        header: 'dataImport:history.rows',
        width: 70,
        align: 'right',
        defaultVisible: false,
        cell: (r) => count(r.counts.rows),
      },
      {
        id: 'created',
        header: 'dataImport:history.created',
        width: 80,
        align: 'right',
        cell: (r) => count(r.counts.created),
      },
      {
        id: 'updated',
        header: 'dataImport:history.updated',
        width: 80,
        align: 'right',
        cell: (r) => count(r.counts.updated),
      },
      {
        id: 'skipped',
        header: 'dataImport:history.skipped',
        width: 80,
        align: 'right',
        cell: (r) => count(r.counts.skipped),
      },
      {
        id: 'errors',
        header: 'dataImport:history.errors',
        width: 80,
        align: 'right',
        defaultVisible: false,
        cell: (r) => count(r.counts.errors),
      },
      {
        id: 'createdBy',
        header: 'dataImport:history.by',
        sortField: 'createdBy',
        width: 130,
        cell: (r) => r.createdBy,
      },
      {
        id: 'createdAt',
        header: 'dataImport:history.when',
        sortField: 'createdAt',
        width: 165,
        cell: (r) => <DateTime value={r.createdAt} />,
      },
      {
        id: 'completedAt',
        header: 'dataImport:history.completedAt',
        sortField: 'completedAt',
        width: 180,
        defaultVisible: false,
        cell: (r) => <DateTime value={r.completedAt} />,
      },
    ],
  });
}

/**
 * The history of the event's imports, a section under the wizard: search by file or person,
 * filter by table and status, sort, columns, page sizes; a row opens the import where it is.
 */
export function ImportHistory({ eventId, tables }: { eventId: string; tables: readonly ImportTable[] }) {
  const { t } = useTranslation('dataImport');
  const resource = useMemo(() => historyResource(eventId, tables), [eventId, tables]);
  return (
    <ResourceListPage
      resource={resource}
      title={t('history.title')}
      section
      empty={{ title: t('history.empty'), description: t('history.emptyText') }}
    />
  );
}
