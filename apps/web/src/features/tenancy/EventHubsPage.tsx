import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTime, defineResource, ResourceListPage } from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EditButton, useEditDialog } from '../../shared/forms/EntityForm';
import { EventHubForm } from './EventHubForm';
import { organizationOptions } from './options';
import type { EventHub } from './types';

export const eventHubsResource = defineResource<EventHub>({
  key: 'event-hubs',
  path: 'event-hubs',
  searchPlaceholderKey: 'tenancy:eventHubs.search',
  rowLink: (h) => `/events?eventHubId=${encodeURIComponent(h.id)}`,
  filters: [
    {
      kind: 'select',
      id: 'organizationId',
      labelKey: 'tenancy:common.organization',
      options: organizationOptions,
    },
  ],
  columns: [
    {
      id: 'name',
      header: 'tenancy:common.name',
      sortField: 'name',
      exportField: 'name',
      width: 260,
      cell: (h) => h.name,
    },
    // Spec part 3: "The organization name is shown as organizationId".
    {
      id: 'organizationId',
      header: 'tenancy:common.organization',
      sortField: 'organizationName',
      exportField: 'organizationName',
      width: 240,
      cell: (h) => h.organizationName,
    },
    {
      id: 'createdAt',
      header: 'tenancy:common.createdAt',
      sortField: 'createdAt',
      exportField: 'createdAt',
      width: 200,
      cell: (h) => <DateTime value={h.createdAt} />,
    },
    {
      id: 'updatedAt',
      header: 'tenancy:common.updatedAt',
      sortField: 'updatedAt',
      exportField: 'updatedAt',
      width: 200,
      cell: (h) => <DateTime value={h.updatedAt} />,
    },
  ],
});

export function EventHubsPage() {
  const { t } = useTranslation('tenancy');
  const dialog = useEditDialog<EventHub>();
  const deleting = useDeleteDialog<EventHub>();
  const add = <Button onClick={dialog.openCreate}>{t('eventHubs.add')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={eventHubsResource}
        title={t('eventHubs.title')}
        actions={add}
        rowActions={(h) => (
          <RowActions>
            <EditButton name={h.name} onClick={() => dialog.openEdit(h)} />
            <DeleteButton
              label={t('common.deleteNamed', { name: h.name })}
              onClick={() => deleting.open(h)}
            />
          </RowActions>
        )}
        empty={{ title: t('eventHubs.empty'), description: t('eventHubs.emptyText'), action: add }}
      />
      {dialog.open && <EventHubForm record={dialog.record} onClose={dialog.close} />}
      {deleting.record && (
        <ConfirmDelete
          path={eventHubsResource.path}
          id={deleting.record.id}
          title={t('eventHubs.deleteTitle')}
          message={t('eventHubs.deleteText', { name: deleting.record.name })}
          confirmLabel={t('common.delete')}
          successMessage={t('eventHubs.deleted', { name: deleting.record.name })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}
