import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTime, defineResource, ResourceListPage } from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EditButton, useEditDialog } from '../../shared/forms/EntityForm';
import { EventForm } from './EventForm';
import { eventHubOptions, organizationOptions } from './options';
import type { TenancyEvent } from './types';

export const eventsResource = defineResource<TenancyEvent>({
  key: 'events',
  path: 'events',
  searchPlaceholderKey: 'tenancy:events.search',
  rowLink: (e) => `/${encodeURIComponent(e.id)}/overview`,
  filters: [
    {
      kind: 'select',
      id: 'organizationId',
      labelKey: 'tenancy:common.organization',
      options: organizationOptions,
    },
    { kind: 'select', id: 'eventHubId', labelKey: 'tenancy:common.eventHub', options: eventHubOptions },
    { kind: 'date-range', id: 'startAt', labelKey: 'tenancy:events.startsBetween' },
  ],
  columns: [
    {
      id: 'name',
      header: 'tenancy:events.columns.name',
      sortField: 'name',
      exportField: 'name',
      width: 240,
      cell: (e) => e.name,
    },
    {
      id: 'organizationName',
      header: 'tenancy:events.columns.organization',
      sortField: 'organizationName',
      exportField: 'organizationName',
      cell: (e) => e.organizationName,
    },
    {
      id: 'eventHubName',
      header: 'tenancy:events.columns.eventHub',
      sortField: 'eventHubName',
      exportField: 'eventHubName',
      cell: (e) => e.eventHubName,
    },
    // Event times are shown in the event's own zone.
    {
      id: 'startAt',
      header: 'tenancy:events.columns.startAt',
      sortField: 'startAt',
      exportField: 'startAt',
      width: 200,
      cell: (e) => <DateTime value={e.startAt} timeZone={e.timezone} />,
    },
    {
      id: 'endAt',
      header: 'tenancy:events.columns.endAt',
      sortField: 'endAt',
      exportField: 'endAt',
      width: 200,
      cell: (e) => <DateTime value={e.endAt} timeZone={e.timezone} />,
    },
    {
      id: 'timezone',
      header: 'tenancy:events.columns.timezone',
      exportField: 'timezone',
      width: 170,
      cell: (e) => e.timezone,
    },
    {
      id: 'createdAt',
      header: 'tenancy:events.columns.createdAt',
      sortField: 'createdAt',
      exportField: 'createdAt',
      width: 200,
      cell: (e) => <DateTime value={e.createdAt} />,
    },
  ],
});

export function EventsPage() {
  const { t } = useTranslation('tenancy');
  const dialog = useEditDialog<TenancyEvent>();
  const deleting = useDeleteDialog<TenancyEvent>();
  const add = <Button onClick={dialog.openCreate}>{t('events.add')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={eventsResource}
        title={t('events.title')}
        actions={add}
        rowActions={(e) => (
          <RowActions>
            <EditButton name={e.name} onClick={() => dialog.openEdit(e)} />
            <DeleteButton
              label={t('common.deleteNamed', { name: e.name })}
              onClick={() => deleting.open(e)}
            />
          </RowActions>
        )}
        empty={{ title: t('events.empty'), description: t('events.emptyText'), action: add }}
      />
      {dialog.open && <EventForm record={dialog.record} onClose={dialog.close} />}
      {deleting.record && (
        <ConfirmDelete
          path={eventsResource.path}
          id={deleting.record.id}
          title={t('events.deleteTitle')}
          message={t('events.deleteText', { name: deleting.record.name })}
          confirmLabel={t('common.delete')}
          successMessage={t('events.deleted', { name: deleting.record.name })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}
