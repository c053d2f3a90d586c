import { Button } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditButton, useEditDialog } from '../../shared/forms/EntityForm';
import { ResourceListPage } from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import type { DirectoryRow } from './api';
import { directoriesResource } from './directoriesResource';
import { DirectoryForm } from './DirectoryForm';

function DirectoriesOfEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('directories');
  const resource = useMemo(() => directoriesResource(eventId), [eventId]);
  const dialog = useEditDialog<DirectoryRow>();
  const deleting = useDeleteDialog<DirectoryRow>();
  const add = <Button onClick={dialog.openCreate}>{t('list.add')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={resource}
        title={t('list.title')}
        actions={add}
        rowActions={(d) => (
          <RowActions>
            <EditButton name={d.name} onClick={() => dialog.openEdit(d)} />
            <DeleteButton
              label={t('list.delete.button', { name: d.name })}
              onClick={() => deleting.open(d)}
            />
          </RowActions>
        )}
        empty={{ title: t('list.empty'), description: t('list.emptyText'), action: add }}
      />
      {dialog.open && <DirectoryForm eventId={eventId} record={dialog.record} onClose={dialog.close} />}
      {deleting.record && (
        <ConfirmDelete
          path={resource.path}
          id={deleting.record.id}
          title={t('list.delete.title')}
          message={t('list.delete.text', { name: deleting.record.name })}
          confirmLabel={t('list.delete.confirm')}
          successMessage={t('list.delete.deleted', { name: deleting.record.name })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}

/** `/directories`: the selected event's directories (spec part 2). */
export function DirectoriesPage() {
  return <EventRequired>{(eventId) => <DirectoriesOfEvent key={eventId} eventId={eventId} />}</EventRequired>;
}
