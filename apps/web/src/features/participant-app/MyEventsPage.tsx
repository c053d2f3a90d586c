import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserState } from '../../shared/session/hooks';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { EventGrid, participantEventPath, useUserEvents } from '../events';

/** Participant `/`: the events this person takes part in. */
export function MyEventsPage() {
  const { t } = useTranslation('shell');
  const name = useUserState().basicDetails.firstName;
  const events = useUserEvents();
  usePageTitle(t('myEvents.title'));
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{name ? t('myEvents.greeting', { name }) : t('myEvents.title')}</Title>
        <Text c="dimmed">{t('myEvents.intro')}</Text>
      </Stack>
      {events.isError ? (
        <LoadError onRetry={() => void events.refetch()} />
      ) : (
        <EventGrid
          events={events.data?.records}
          loading={events.isPending}
          linkTo={(e) => participantEventPath(e.id)}
          emptyTitle={t('myEvents.emptyTitle')}
          emptyText={t('myEvents.emptyText')}
          wide={false}
        />
      )}
    </Stack>
  );
}
