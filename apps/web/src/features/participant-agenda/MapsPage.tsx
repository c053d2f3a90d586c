import { Card, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MapPinIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { AgendaShell } from './AgendaShell';
import { useMaps } from './api';
import { mapPath } from './paths';

/** `/event/:eventId/maps`: the event's interactive maps (floor plans). */
export function MapsPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('participantAgenda');
  const maps = useMaps(eventId);

  let body;
  if (maps.isPending)
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} role="status" aria-label={t('agenda.loading')}>
        <Skeleton h={90} radius="md" />
        <Skeleton h={90} radius="md" />
      </SimpleGrid>
    );
  else if (maps.isError) body = <LoadError onRetry={() => void maps.refetch()} />;
  else if (maps.data.records.length === 0)
    body = <EmptyState icon={<MapPinIcon size={28} />} title={t('maps.empty')} py="xl" />;
  else
    body = (
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2 }}
        spacing="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {maps.data.records.map((m) => (
          <li key={m.id}>
            <Card component={Link} to={mapPath(eventId, m.id)} withBorder radius="md" padding="md" h="100%">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <MapPinIcon size={22} />
                <Stack gap={2}>
                  <Text fw={700}>{m.name}</Text>
                  {m.description && (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {m.description}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {t('maps.pins', { count: m.pinCount })}
                  </Text>
                </Stack>
              </Group>
            </Card>
          </li>
        ))}
      </SimpleGrid>
    );

  return (
    <AgendaShell eventId={eventId} back title={t('maps.title')}>
      {body}
    </AgendaShell>
  );
}
