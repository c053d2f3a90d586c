import { Button, Skeleton, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCustomFields } from '../../shared/custom-fields';
import { ResourceListPage } from '../../shared/list';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useFocusReturnOnClose } from '../../shared/ui/useFocusReturnOnClose';
import { AddParticipantDialog } from './AddParticipantDialog';
import { BulkActions } from './BulkActions';
import { EventRequired } from '../../shared/ui/EventRequired';
import { participantsResource } from './participantsResource';
import { MAGIC_LINKS_PATH } from './paths';

function AttendeesList({ eventId }: { eventId: string }) {
  const { t } = useTranslation('attendees');
  const fields = useCustomFields(eventId);
  const [adding, setAdding] = useState(false);
  const focusReturn = useFocusReturnOnClose();
  // The columns and filters follow the event's custom fields: the list waits for them.
  const resource = useMemo(
    () => (fields.data ? participantsResource(eventId, fields.data) : null),
    [eventId, fields.data],
  );
  usePageTitle(t('list.title'));

  if (!resource) {
    return (
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('list.title')}
        </Title>
        {fields.isError ? (
          <LoadError message={fields.error.message} onRetry={() => void fields.refetch()} />
        ) : (
          <Stack gap="sm" role="status" aria-label={t('common.loading')}>
            <Skeleton h={40} />
            <Skeleton h={320} />
          </Stack>
        )}
      </Stack>
    );
  }

  const add = (
    <Button
      onClick={() => {
        focusReturn.remember();
        setAdding(true);
      }}
    >
      {t('list.add')}
    </Button>
  );
  return (
    <>
      <ResourceListPage
        resource={resource}
        title={t('list.title')}
        actions={
          <>
            <Button component={Link} to={MAGIC_LINKS_PATH} variant="default">
              {t('magicLinks.reportLink')}
            </Button>
            {add}
          </>
        }
        empty={{ title: t('list.empty'), description: t('list.emptyText'), action: add }}
        bulkActions={(selection) => (
          <BulkActions eventId={eventId} selection={selection} fields={fields.data ?? []} />
        )}
      />
      {adding && (
        <AddParticipantDialog
          eventId={eventId}
          fields={fields.data ?? []}
          onClose={() => {
            setAdding(false);
            focusReturn.restore();
          }}
        />
      )}
    </>
  );
}

/** `/attendees`: the selected event's participants. */
export function AttendeesPage() {
  return <EventRequired>{(eventId) => <AttendeesList key={eventId} eventId={eventId} />}</EventRequired>;
}
