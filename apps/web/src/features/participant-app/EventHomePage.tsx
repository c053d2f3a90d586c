import {
  Anchor,
  Box,
  Card,
  EmptyState,
  Group,
  isLightColor,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DEFAULT_COLORS } from '@plenary/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { formatInZone } from '../../shared/time/zones';
import { CalendarIcon, GlobeIcon, MapPinIcon, ArrowLeftIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useUserEvents } from '../events';
import { UpcomingSessions } from '../participant-agenda';
import { EventHomeCards } from '../participant-profile';
import { NowAndNextCard, useNowAndNext } from './NowAndNextCard';

/** Pages the participant app can show so far; the app designer will supply more. */
const KNOWN_PAGES = new Set(['home']);

/** `/event/:eventId/:pageId`: the event's home page in the event's colours. */
/** Happening now and Up next, then the upcoming sessions after those (each session shown once). */
function HomeSessions({ eventId, timezone }: { eventId: string; timezone: string }) {
  const nowNext = useNowAndNext(eventId);
  const { now, next } = nowNext.picked;
  const shownAbove = useMemo(() => new Set([...now, ...next].map((s) => s.id)), [now, next]);
  return (
    <>
      <NowAndNextCard eventId={eventId} state={nowNext} />
      <UpcomingSessions eventId={eventId} timezone={timezone} exclude={shownAbove} />
    </>
  );
}

export function EventHomePage() {
  const { eventId = '', pageId = 'home' } = useParams();
  const { t } = useTranslation('shell');
  const events = useUserEvents();
  const event = events.data?.records.find((e) => e.id === eventId);
  usePageTitle(event?.name ?? t('eventHome.title'));

  if (events.isError) return <LoadError onRetry={() => void events.refetch()} />;
  if (events.isPending) {
    return (
      <Stack role="status" aria-label={t('common:states.loading')}>
        <Skeleton h={200} radius="lg" />
        <Skeleton h={100} radius="lg" />
      </Stack>
    );
  }
  if (!event) return <Navigate to="/no-event-access" replace />;
  if (!KNOWN_PAGES.has(pageId)) {
    return (
      <EmptyState
        title={t('common:states.notFoundTitle')}
        description={t('common:states.notFoundText')}
        py="xl"
      />
    );
  }

  const primary = event.primaryColor || DEFAULT_COLORS.primary;
  const secondary = event.secondaryColor || DEFAULT_COLORS.secondary;
  const onPrimary = isLightColor(primary) ? '#000000' : '#ffffff';
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/" size="sm">
        <Group gap={4} component="span">
          <ArrowLeftIcon size={16} />
          {t('eventHome.allEvents')}
        </Group>
      </Anchor>
      <Box
        p={{ base: 'lg', sm: 'xl' }}
        style={{
          borderRadius: 'var(--mantine-radius-lg)',
          color: onPrimary,
          background: primary,
          borderBottom: `6px solid ${secondary}`,
        }}
      >
        <Title order={1} c="inherit" fz={{ base: 28, sm: 36 }}>
          {event.name}
        </Title>
        <Group gap={6} mt="sm" wrap="nowrap">
          <CalendarIcon size={18} />
          <Text c="inherit">
            {t('common:dates.range', {
              start: formatInZone(event.startAt, event.timezone),
              end: formatInZone(event.endAt, event.timezone),
            })}
          </Text>
        </Group>
      </Box>
      <Card>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('eventHome.about')}
          </Title>
          {event.description && <Text style={{ whiteSpace: 'pre-line' }}>{event.description}</Text>}
          {event.address && (
            <Group gap={6} c="dimmed" wrap="nowrap">
              <MapPinIcon size={16} />
              <Text size="sm">{event.address}</Text>
            </Group>
          )}
          <Group gap={6} c="dimmed" wrap="nowrap">
            <GlobeIcon size={16} />
            <Text size="sm">{t('common:dates.timezone', { timezone: event.timezone })}</Text>
          </Group>
        </Stack>
      </Card>
      <HomeSessions eventId={event.id} timezone={event.timezone} />
      <EventHomeCards eventId={event.id} />
    </Stack>
  );
}
