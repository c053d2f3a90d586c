import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline, useQueuedChanges } from '../../shared/offline';
import { useUserState } from '../../shared/session/hooks';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { BackLink } from '../../shared/navigation/BackLink';
import { useAgendaRealtime } from './useAgendaRealtime';
import { useBookmarksRealtime } from './useBookmarks';
import { useOfflineSync } from './useEnroll';

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
 * The frame of the agenda screens: the way back (pages below a tab), the title and the offline
 * state; live seat counts, bookmarks and offline sync run while one of them is open. The event's
 * tabs are the participant layout's (features/participant-app).
 */
export function AgendaShell({
  eventId,
  back = false,
  title,
  children,
}: {
  eventId: string;
  /** A page below a tab (a session, a map, check-in): "Back" to where the participant came from. */
  back?: boolean;
  title: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  useAgendaRealtime(eventId);
  useBookmarksRealtime(eventId);
  useOfflineSync(eventId);
  return (
    <Stack gap="md">
      {back && <BackLink eventId={eventId} />}
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      <OfflineStatus />
      {children}
    </Stack>
  );
}
