import { Button, Card, EmptyState, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserState } from '../../shared/session/hooks';
import { CalendarIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { EventDetailsForm } from './EventDetailsForm';
import { useConsoleEvent } from './useEvents';

/** `/event-details`: edits the selected event (kept in the persisted user state). */
export function EventDetailsPage() {
  const { t } = useTranslation('shell');
  const selectedEventId = useUserState().userData?.selectedEventId ?? null;
  const event = useConsoleEvent(selectedEventId);
  usePageTitle(t('eventDetails.title'));

  if (!selectedEventId) {
    return (
      <EmptyState
        icon={<CalendarIcon size={28} />}
        variant="light"
        title={t('eventDetails.noEventTitle')}
        description={t('eventDetails.noEventText')}
        py="xl"
      >
        <EmptyState.Actions>
          <Button component={Link} to="/">
            {t('eventDetails.chooseEvent')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>{t('eventDetails.title')}</Title>
        <Text c="dimmed">{event.data ? event.data.name : '\u00a0'}</Text>
      </Stack>
      {event.isError && !event.data ? (
        <LoadError message={event.error.message} onRetry={() => void event.refetch()} />
      ) : event.data && !event.isPlaceholderData ? (
        <Card>
          <EventDetailsForm key={`${event.data.id}:${event.dataUpdatedAt}`} event={event.data} />
        </Card>
      ) : (
        <Card role="status" aria-label={t('common:states.loading')}>
          <Stack>
            <Skeleton h={56} />
            <Skeleton h={90} />
            <Skeleton h={56} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
