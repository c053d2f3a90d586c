import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { EditButton, useEditDialog } from '../../shared/forms/EntityForm';
import type { SessionRow } from './api';
import { SessionBulkActions } from './SessionBulkActions';
import { SessionForm } from './SessionForm';
import { sessionsResource } from './sessionsResource';
import { useEventZone } from './useEventZone';

function SessionsOfEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('agenda');
  const time = useEventZone(eventId);
  const dialog = useEditDialog<SessionRow>();
  const deleting = useDeleteDialog<SessionRow>();
  const zone = time?.zone;
  const resource = useMemo(() => (zone ? sessionsResource(eventId, zone) : null), [eventId, zone]);
  usePageTitle(t('sessions.title'), !resource);

  if (!resource || !time) {
    return (
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('sessions.title')}
        </Title>
        <Stack gap="sm" role="status" aria-label={t('common:states.loading')}>
          <Skeleton h={40} />
          <Skeleton h={320} />
        </Stack>
      </Stack>
    );
  }

  const add = <Button onClick={dialog.openCreate}>{t('sessions.add')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={resource}
        title={t('sessions.title')}
        actions={add}
        rowActions={(s) => (
          <RowActions>
            <EditButton name={s.name} onClick={() => dialog.openEdit(s)} />
            <DeleteButton
              label={t('sessions.delete.button', { name: s.name })}
              onClick={() => deleting.open(s)}
            />
          </RowActions>
        )}
        empty={{ title: t('sessions.empty'), description: t('sessions.emptyText'), action: add }}
        bulkActions={(selection) => <SessionBulkActions eventId={eventId} selection={selection} />}
      >
        <Text size="sm" c="dimmed">
          {t('sessions.timezone', { zone: time.zone })}
        </Text>
      </ResourceListPage>
      {dialog.open && (
        <SessionForm
          eventId={eventId}
          zone={time.zone}
          firstDay={time.firstDay}
          days={time.days}
          record={dialog.record}
          onClose={dialog.close}
        />
      )}
      {deleting.record && (
        <ConfirmDelete
          path={resource.path}
          id={deleting.record.id}
          title={t('sessions.delete.title')}
          message={t('sessions.delete.text', { name: deleting.record.name })}
          confirmLabel={t('sessions.delete.confirm')}
          successMessage={t('sessions.delete.deleted', { name: deleting.record.name })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}

/** `/agenda`: the selected event's sessions. */
export function SessionsPage() {
  return <EventRequired>{(eventId) => <SessionsOfEvent key={eventId} eventId={eventId} />}</EventRequired>;
}
