import { Anchor, Card, EmptyState, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { PinRecord } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { MapViewer, PinMarker } from '../../shared/maps';
import { LoadError } from '../../shared/ui/LoadError';
import { AgendaShell } from './AgendaShell';
import { useMap } from './api';
import { materialPath, sessionPath } from './paths';
import { pinLocationName } from './pinText';
import { useSearchParamsUpdate } from '../../shared/navigation/useSearchParamsUpdate';

type Pin = Omit<PinRecord, 'material'> & { material: { id: string; name: string } | null };

/** What a pin points at, as links: its session, its material, its location. */
function PinTargets({ eventId, pin }: { eventId: string; pin: Pin }) {
  const { t } = useTranslation('participantAgenda');
  const location = pinLocationName(pin);
  return (
    <Stack gap={2}>
      {location && <Text size="sm">{t('maps.location', { name: location })}</Text>}
      {pin.session && (
        <Anchor component={Link} to={sessionPath(eventId, pin.session.id)} size="sm">
          {t('maps.session', { name: pin.session.name })}
        </Anchor>
      )}
      {pin.material && (
        <Anchor component={Link} to={materialPath(eventId, pin.material.id)} size="sm">
          {t('maps.material', { name: pin.material.name })}
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * `/event/:eventId/maps/:mapId[?pin=]`: a floor plan to zoom and pan (the shared read-only
 * viewer), its pins, and what each points at. `?pin=` centres and marks one pin (links from a
 * session's location); choosing a pin on the plan or in the list selects it there.
 */
export function MapPage() {
  const { eventId = '', mapId = '' } = useParams();
  const { t } = useTranslation('participantAgenda');
  const [params] = useSearchParams();
  const updateParams = useSearchParamsUpdate();
  const map = useMap(eventId, mapId);
  const selected = params.get('pin');
  const select = (id: string | null) =>
    updateParams(
      (next) => {
        if (id) next.set('pin', id);
        else next.delete('pin');
      },
      { replace: true },
    );

  let body;
  if (map.isPending) body = <Skeleton h={420} radius="md" role="status" aria-label={t('agenda.loading')} />;
  else if (map.isError && map.error.status === 404)
    body = <EmptyState title={t('maps.notFoundTitle')} description={t('maps.notFoundText')} py="xl" />;
  else if (map.isError) body = <LoadError onRetry={() => void map.refetch()} />;
  else {
    const m = map.data;
    const pins = (m.pins ?? []) as Pin[];
    body = (
      <Stack gap="md">
        {m.description && <Text>{m.description}</Text>}
        <MapViewer
          plan={{ url: m.url, fileType: m.fileType, width: m.width, height: m.height }}
          pins={pins.map((p) => ({ id: p.id, x: p.x, y: p.y, name: p.name, color: p.color }))}
          label={m.name}
          height="min(70vh, 560px)"
          onSelectPin={select}
          selectedPinId={selected}
          highlightPinId={selected}
        />
        {pins.length > 0 && (
          <Stack component="section" gap="xs" aria-labelledby="map-places">
            <Title order={2} size="h4" id="map-places">
              {t('maps.places')}
            </Title>
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {pins.map((p) => (
                <li key={p.id}>
                  <Card
                    withBorder
                    padding="sm"
                    radius="md"
                    style={p.id === selected ? { borderColor: p.color, borderWidth: 2 } : undefined}
                  >
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <UnstyledButton
                        onClick={() => select(p.id)}
                        aria-pressed={p.id === selected}
                        aria-label={p.name}
                        style={{ lineHeight: 0 }}
                      >
                        <PinMarker color={p.color} />
                      </UnstyledButton>
                      <Stack gap={2}>
                        <Text fw={700}>{p.name}</Text>
                        <PinTargets eventId={eventId} pin={p} />
                      </Stack>
                    </Group>
                  </Card>
                </li>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <AgendaShell eventId={eventId} back title={map.data?.name ?? t('maps.title')}>
      {body}
    </AgendaShell>
  );
}
