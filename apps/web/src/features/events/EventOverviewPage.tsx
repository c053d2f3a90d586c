import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { selectEvent } from '../../shared/session/userStore';
import { formatInZone } from '../../shared/time/zones';
import { CalendarIcon, ClockIcon, EditIcon, GlobeIcon, MapPinIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { eventPhase, PHASE_COLOR } from './eventPhase';
import { EVENT_DETAILS_PATH } from './paths';
import { EventDashboard } from '../event-dashboard';
import { useConsoleEvent } from './useEvents';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} aria-hidden>
        {icon}
      </Text>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text>{children}</Text>
      </div>
    </Group>
  );
}

/** `/:eventId/overview`: the event dashboard, the console's landing page of an event, in the event's own time zone. */
export function EventOverviewPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('shell');
  const event = useConsoleEvent(eventId);
  const data = event.data;
  usePageTitle(data ? t('overview.pageTitle', { name: data.name }) : t('overview.title'));

  useEffect(() => selectEvent(eventId), [eventId]);

  if (event.isError && !data)
    return <LoadError message={event.error.message} onRetry={() => void event.refetch()} />;
  if (!data) {
    return (
      <Stack gap="lg" role="status" aria-label={t('common:states.loading')}>
        <Skeleton h={36} w="50%" />
        <Skeleton h={120} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Skeleton h={96} />
          <Skeleton h={96} />
          <Skeleton h={96} />
        </SimpleGrid>
      </Stack>
    );
  }

  const phase = eventPhase(data);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={6}>
          <Text size="sm" c="dimmed" fw={600}>
            {t('overview.title')}
          </Text>
          <Group gap="sm">
            <Title order={1}>{data.name}</Title>
            <Badge color={PHASE_COLOR[phase]} variant="light" size="lg">
              {t(`eventPhase.${phase}`)}
            </Badge>
          </Group>
        </Stack>
        <Button
          component={Link}
          to={EVENT_DETAILS_PATH}
          leftSection={<EditIcon size={18} />}
          variant="default"
        >
          {t('overview.edit')}
        </Button>
      </Group>
      <Card>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Fact icon={<CalendarIcon />} label={t('overview.starts')}>
            {formatInZone(data.startAt, data.timezone)}
          </Fact>
          <Fact icon={<ClockIcon />} label={t('overview.ends')}>
            {formatInZone(data.endAt, data.timezone)}
          </Fact>
          <Fact icon={<GlobeIcon />} label={t('overview.timezone')}>
            {data.timezone}
          </Fact>
          <Fact icon={<MapPinIcon />} label={t('overview.address')}>
            {data.address || t('overview.noAddress')}
          </Fact>
        </SimpleGrid>
        {data.description && (
          <Text mt="lg" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {data.description}
          </Text>
        )}
      </Card>
      <EventDashboard eventId={eventId} />
    </Stack>
  );
}
