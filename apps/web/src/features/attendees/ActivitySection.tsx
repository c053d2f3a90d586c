import { Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../shared/list';
import { LoadError } from '../../shared/ui/LoadError';
import { useParticipantActivity } from './api';
import { Section } from './Section';
import type { ParticipantActivity } from './types';

/** Who did it, in words: the participant themselves, an admin by name, or nobody known (an import, a removed account). */
function actorText(
  entry: ParticipantActivity,
  t: (key: string, o?: Record<string, unknown>) => string,
): string {
  if (entry.bySelf) return t('activity.bySelf');
  if (entry.actorName) return t('activity.by', { name: entry.actorName });
  return '';
}

/** What happened to the participant, newest first (audit rows and magic links). */
export function ActivitySection({ eventId, participantId }: { eventId: string; participantId: string }) {
  const { t } = useTranslation('attendees');
  const activity = useParticipantActivity(eventId, participantId);
  let body;
  if (activity.isError)
    body = <LoadError message={activity.error.message} onRetry={() => void activity.refetch()} />;
  else if (!activity.data)
    body = (
      <Stack gap="sm" role="status" aria-label={t('common.loading')}>
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  else if (activity.data.records.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t('activity.empty')}
      </Text>
    );
  else
    body = (
      <>
        <Timeline bulletSize={12} lineWidth={2} component="ol" style={{ listStyle: 'none', padding: 0 }}>
          {activity.data.records.map((entry) => (
            <Timeline.Item
              key={entry.id}
              component="li"
              title={
                <Text size="sm" fw={600} component="span">
                  {t(`activity.kind.${entry.kind}`)}
                </Text>
              }
            >
              {entry.email && (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.email}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                <DateTime value={entry.at} />
                {actorText(entry, t) ? ` · ${actorText(entry, t)}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
        {activity.data.total > activity.data.records.length && (
          <Text size="xs" c="dimmed" mt="sm">
            {t('activity.more', { shown: activity.data.records.length, total: activity.data.total })}
          </Text>
        )}
      </>
    );
  return <Section title={t('activity.title')}>{body}</Section>;
}
