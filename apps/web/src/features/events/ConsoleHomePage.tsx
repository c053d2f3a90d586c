import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { selectEvent } from '../../shared/session/userStore';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { EventGrid } from './EventGrid';
import { useUserEvents } from './useEvents';
import { overviewPath } from './paths';
import { LoadError } from '../../shared/ui/LoadError';

/** Console `/`: the signed-in admin's events; choosing one opens its overview. */
export function ConsoleHomePage() {
  const { t } = useTranslation('shell');
  const events = useUserEvents();
  usePageTitle(t('consoleHome.title'));

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('consoleHome.title')}</Title>
        <Text c="dimmed">
          {events.data ? t('consoleHome.count', { count: events.data.total }) : t('consoleHome.intro')}
        </Text>
      </Stack>
      {events.isError ? (
        <LoadError onRetry={() => void events.refetch()} />
      ) : (
        <EventGrid
          events={events.data?.records}
          loading={events.isPending}
          linkTo={(e) => overviewPath(e.id)}
          onOpen={(e) => selectEvent(e.id)}
          emptyTitle={t('consoleHome.emptyTitle')}
          emptyText={t('consoleHome.emptyText')}
        />
      )}
    </Stack>
  );
}
