import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOnline, useQueuedChanges } from '../../shared/offline';
import { useUserState } from '../../shared/session/hooks';
import { ArrowLeftIcon } from '../../shared/ui/icons';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { participantEventPath } from '../events/paths';
import { agendaPath, mapsPath, myAgendaPath, scanPath } from './paths';
import { useAgendaRealtime } from './useAgendaRealtime';
import { useOfflineSync } from './useEnroll';

type Section = 'agenda' | 'my-agenda' | 'maps' | 'scan';

/** "You are offline" and the number of changes waiting to sync. */
export function OfflineStatus() {
  const { t } = useTranslation('participantAgenda');
  const online = useOnline();
  const userId = useUserState().tokenData?.userId;
  const pending = useQueuedChanges().filter((c) => c.userId === userId).length;
  if (online && pending === 0) return null;
  return (
    <Alert color="yellow" variant="light" role="status" py="xs">
      {!online && t('offline.banner')} {pending > 0 && t('offline.pending', { count: pending })}
    </Alert>
  );
}

/**
 * The frame of the agenda screens: back to the event, the section's title, the sections as tabs
 * (links), the offline state; live seat counts and offline sync run while one of them is open.
 */
export function AgendaShell({
  eventId,
  section,
  title,
  children,
}: {
  eventId: string;
  section: Section;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('participantAgenda');
  usePageTitle(title);
  useAgendaRealtime(eventId);
  useOfflineSync(eventId);
  const paths: Record<Section, string> = {
    agenda: agendaPath(eventId),
    'my-agenda': myAgendaPath(eventId),
    maps: mapsPath(eventId),
    scan: scanPath(eventId),
  };
  const labels: Record<Section, string> = {
    agenda: t('nav.agenda'),
    'my-agenda': t('nav.myAgenda'),
    maps: t('nav.maps'),
    scan: t('nav.scan'),
  };
  return (
    <Stack gap="md">
      <Anchor
        component={Link}
        to={participantEventPath(eventId)}
        size="sm"
        style={{ alignSelf: 'flex-start' }}
      >
        <Group gap={4} component="span">
          <ArrowLeftIcon size={16} />
          {t('nav.backToEvent')}
        </Group>
      </Anchor>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      <Group component="nav" aria-label={t('nav.label')} gap={6} wrap="nowrap" style={{ overflowX: 'auto' }}>
        {(Object.keys(paths) as Section[]).map((s) => (
          <Button
            key={s}
            component={Link}
            to={paths[s]}
            size="compact-sm"
            style={{ flexShrink: 0 }}
            radius="xl"
            variant={s === section ? 'filled' : 'default'}
            aria-current={s === section ? 'page' : undefined}
          >
            {labels[s]}
          </Button>
        ))}
      </Group>
      <OfflineStatus />
      {children}
    </Stack>
  );
}
