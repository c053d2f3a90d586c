import { Badge, Text } from '@mantine/core';
import type { moderationSessionSchema } from '@plenary/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { defineResource, ResourceListPage } from '../../shared/list';
import { useUserState } from '../../shared/session/hooks';
import { eventClock, formatDay, type Clock } from '../../shared/time/format';
import { useUserEvents } from '../events';
import type { z } from 'zod';
import { moderationPaths } from './api';

type ModerationSession = z.input<typeof moderationSessionSchema>;

export const moderateSessionPath = (sessionId: string) => `/moderate/${encodeURIComponent(sessionId)}`;

function sessionsResource(eventId: string, clock: Clock) {
  return defineResource<ModerationSession>({
    key: `moderation-sessions-${eventId}`,
    path: moderationPaths.sessions(eventId),
    exportable: false,
    searchPlaceholderKey: 'moderation:sessions.search',
    rowLink: (s) => moderateSessionPath(s.id),
    rowLabel: (s) => s.name,
    columns: [
      { id: 'name', header: 'moderation:sessions.name', sortField: 'name', width: 280, cell: (s) => s.name },
      {
        id: 'startAt',
        header: 'moderation:sessions.time',
        sortField: 'startAt',
        width: 280,
        cell: (s) => `${formatDay(s.startAt, clock)} · ${s.timeSlot}`,
      },
      { id: 'location', header: 'moderation:sessions.location', width: 180, cell: (s) => s.location ?? '' },
      {
        id: 'instanceCount',
        header: 'moderation:sessions.instances',
        width: 110,
        align: 'right',
        cell: (s) => s.instanceCount,
      },
      {
        id: 'openCount',
        header: 'moderation:sessions.open',
        width: 90,
        align: 'right',
        cell: (s) =>
          s.openCount > 0 ? (
            <Badge color="green" variant="light">
              {s.openCount}
            </Badge>
          ) : (
            0
          ),
      },
      {
        id: 'pendingCount',
        header: 'moderation:sessions.pending',
        width: 170,
        align: 'right',
        cell: (s) =>
          s.pendingCount > 0 ? (
            <Badge color="orange" variant="filled">
              {s.pendingCount}
            </Badge>
          ) : (
            0
          ),
      },
    ],
  });
}

/** `/moderation`: the sessions the signed-in user moderates in the selected event. */
export function ModerationSessionsPage() {
  const { t } = useTranslation('moderation');
  const eventId = useUserState().userData?.selectedEventId ?? null;
  // Days on the event's clock: a programme spans several days.
  const zone = useUserEvents().data?.records.find((e) => e.id === eventId)?.timezone;
  const resource = useMemo(
    () => (eventId ? sessionsResource(eventId, eventClock(zone)) : null),
    [eventId, zone],
  );
  if (!resource) return <Text role="status">{t('sessions.chooseEvent')}</Text>;
  return (
    <ResourceListPage
      key={resource.key}
      resource={resource}
      title={t('sessions.title')}
      empty={{ title: t('sessions.empty'), description: t('sessions.emptyText') }}
    >
      <Text size="sm" c="dimmed">
        {t('sessions.intro')}
      </Text>
    </ResourceListPage>
  );
}
