import { Badge, Text } from '@mantine/core';
import { DIRECTORY_FILTER_LABELS, DIRECTORY_FILTERS, DIRECTORY_VIEWS } from '@plenary/domain';
import i18next from 'i18next';
import { DateTime, defineResource, type ResourceDef } from '../../shared/list';
import { directoriesPath, type DirectoryRow } from './api';

/** What the filter selects, with its sessions or labels named. */
export function filterText(d: DirectoryRow): string {
  const t = i18next.getFixedT(null, 'directories');
  const label = DIRECTORY_FILTER_LABELS[d.filter];
  if (d.filter === 'SESSION_SPEAKERS' && d.sessions.length > 0)
    return `${label}: ${d.sessions.map((s) => s.name).join(', ')}`;
  if (d.filter === 'CUSTOM') {
    const parts = [
      ...d.labels.map((l) => l.name),
      ...(d.customFieldValues.length > 0
        ? [t('list.customFields', { count: d.customFieldValues.length })]
        : []),
    ];
    return parts.length > 0 ? `${label}: ${parts.join(', ')}` : label;
  }
  return label;
}

const viewOptions = DIRECTORY_VIEWS.map((v) => ({ value: v, labelKey: `directories:views.${v}` }));
const filterOptions = DIRECTORY_FILTERS.map((v) => ({ value: v, label: DIRECTORY_FILTER_LABELS[v] }));

/** The directories of one event (console `/directories`): name, view, filter, position, dates. */
export function directoriesResource(eventId: string): ResourceDef<DirectoryRow> {
  const t = i18next.getFixedT(null, 'directories');
  return defineResource<DirectoryRow>({
    key: `directories-${eventId}`,
    path: directoriesPath(eventId),
    exportable: false,
    searchPlaceholderKey: 'directories:list.search',
    rowLabel: (d) => d.name,
    filters: [
      { kind: 'multiselect', id: 'view', labelKey: 'directories:list.filterView', options: viewOptions },
      {
        kind: 'multiselect',
        id: 'filter',
        labelKey: 'directories:list.filterFilter',
        options: filterOptions,
      },
    ],
    columns: [
      {
        id: 'name',
        header: 'directories:list.columns.name',
        sortField: 'name',
        width: 240,
        cell: (d) => (
          <Text size="sm" fw={500} truncate title={d.name}>
            {d.name}
          </Text>
        ),
      },
      {
        id: 'view',
        header: 'directories:list.columns.view',
        sortField: 'view',
        width: 130,
        cell: (d) => (
          <Badge variant="light" style={{ textTransform: 'none' }}>
            {t(`views.${d.view}`)}
          </Badge>
        ),
      },
      {
        id: 'filter',
        header: 'directories:list.columns.filter',
        sortField: 'filter',
        width: 260,
        cell: (d) => {
          const text = filterText(d);
          return (
            <Text size="sm" truncate title={text}>
              {text}
            </Text>
          );
        },
      },
      {
        id: 'position',
        header: 'directories:list.columns.position',
        sortField: 'position',
        width: 100,
        align: 'right',
        cell: (d) => String(d.position),
      },
      {
        id: 'createdAt',
        header: 'directories:list.columns.createdAt',
        sortField: 'createdAt',
        width: 180,
        defaultVisible: false,
        cell: (d) => <DateTime value={d.createdAt} />,
      },
      {
        id: 'updatedAt',
        header: 'directories:list.columns.updatedAt',
        sortField: 'updatedAt',
        width: 180,
        cell: (d) => <DateTime value={d.updatedAt} />,
      },
    ],
  });
}
