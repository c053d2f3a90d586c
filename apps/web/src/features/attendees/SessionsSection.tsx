import { Anchor, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { participantAgendaSchema } from '@plenary/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useApiQuery } from '../../shared/api/query';
import { DateTime } from '../../shared/list';
import { LoadError } from '../../shared/ui/LoadError';
import { sessionDetailRoute } from '../agenda';
import { useConsoleEvent } from '../events';
import { participantApi } from './paths';
import { Section } from './Section';

type Agenda = z.input<typeof participantAgendaSchema>;

function Group3({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}

/** The participant's sessions: enrolled, waitlisted (with the place in line) and check-ins. */
export function SessionsSection({ eventId, participantId }: { eventId: string; participantId: string }) {
  const { t } = useTranslation('attendees');
  const agenda = useApiQuery<Agenda>(`${participantApi(eventId, participantId)}/agenda`);
  // Event times in the event's zone, like the agenda.
  const zone = useConsoleEvent(eventId).data?.timezone;
  let body: ReactNode;
  if (agenda.isError)
    body = <LoadError message={agenda.error.message} onRetry={() => void agenda.refetch()} />;
  else if (!agenda.data)
    body = (
      <Stack gap="sm" role="status" aria-label={t('common.loading')}>
        <Skeleton h={28} />
        <Skeleton h={28} />
      </Stack>
    );
  else {
    const { enrolled, waitlisted, checkIns } = agenda.data;
    const sessionLink = (id: string, name: string) => (
      <Anchor
        component={Link}
        to={sessionDetailRoute(id)}
        size="sm"
        fw={500}
        style={{ overflowWrap: 'anywhere' }}
      >
        {name}
      </Anchor>
    );
    body = (
      <Stack gap="md">
        <Group3 title={t('agenda.enrolled')} empty={t('agenda.noEnrolled')}>
          {enrolled.map((s) => (
            <li key={s.sessionId}>
              {sessionLink(s.sessionId, s.name)}
              <Text size="xs" c="dimmed">
                <DateTime value={s.startAt} timeZone={zone} />
                {s.locationName ? ` · ${s.locationName}` : ''}
              </Text>
            </li>
          ))}
        </Group3>
        <Group3 title={t('agenda.waitlisted')} empty={t('agenda.noWaitlisted')}>
          {waitlisted.map((s) => (
            <li key={s.sessionId}>
              <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                {sessionLink(s.sessionId, s.name)}
                <Badge variant="light" color="orange" style={{ flexShrink: 0, textTransform: 'none' }}>
                  {t('agenda.position', { position: s.position })}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                <DateTime value={s.startAt} timeZone={zone} />
              </Text>
            </li>
          ))}
        </Group3>
        <Group3 title={t('agenda.checkIns')} empty={t('agenda.noCheckIns')}>
          {checkIns.map((c) => (
            <li key={`${c.sessionId}-${c.checkedInAt}`}>
              {sessionLink(c.sessionId, c.name)}
              <Text size="xs" c="dimmed">
                <DateTime value={c.checkedInAt} timeZone={zone} /> · {t(`agenda.method.${c.method}`)}
              </Text>
            </li>
          ))}
        </Group3>
      </Stack>
    );
  }
  return <Section title={t('agenda.title')}>{body}</Section>;
}
