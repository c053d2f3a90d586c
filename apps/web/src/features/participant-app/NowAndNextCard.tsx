import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dayLabel, sessionPath, timeRange, useAgendaView, type SessionView } from '../participant-agenda';
import { clockTime, nowAndNext } from './nowNext';

/** The current time, moved on every minute (sessions start and end on minutes). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function SessionLine({ eventId, session, line }: { eventId: string; session: SessionView; line: string }) {
  return (
    <li>
      <Anchor component={Link} to={sessionPath(eventId, session.id)} fw={600}>
        {session.name}
      </Anchor>
      <Text size="sm" c="dimmed">
        {[line, session.location?.name].filter(Boolean).join(' · ')}
      </Text>
    </li>
  );
}

function Section({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {empty ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {children}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** What "Happening now" and "Up next" show, worked out once for the event home (which also keeps them out of "Upcoming sessions"). */
export type NowAndNextState = ReturnType<typeof useNowAndNext>;

/**
 * The event home's "Happening now" and "Up next", from the agenda the participant sees (the cached
 * `sessions/v2/view`, so it works offline too), in the event's zone, moved on every minute.
 */
export function useNowAndNext(eventId: string) {
  const view = useAgendaView(eventId);
  const now = useNow();
  const zone = view.data?.timezone ?? 'UTC';
  const picked = useMemo(
    () => nowAndNext(view.data?.sessions ?? [], now, zone),
    [view.data?.sessions, now, zone],
  );
  return { view, zone, picked };
}

export function NowAndNextCard({ eventId, state }: { eventId: string; state: NowAndNextState }) {
  const { t } = useTranslation('participantApp');
  const { view, zone, picked } = state;

  if (view.isPending)
    return <Skeleton h={120} radius="lg" role="status" aria-label={t('participantAgenda:agenda.loading')} />;
  if (view.isError) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Section
        id="happening-now"
        title={t('now.happening')}
        empty={picked.now.length ? null : t('now.happeningEmpty')}
      >
        {picked.now.map((s) => (
          <SessionLine
            key={s.id}
            eventId={eventId}
            session={s}
            line={t('now.endsAt', { time: clockTime(s.endAt, zone) })}
          />
        ))}
      </Section>
      <Section id="up-next" title={t('now.upNext')} empty={picked.next.length ? null : t('now.upNextEmpty')}>
        {picked.next.map((s) => (
          <SessionLine
            key={s.id}
            eventId={eventId}
            session={s}
            line={`${picked.nextToday ? t('now.today') : dayLabel(s.day)}, ${timeRange(s.startAt, s.endAt, zone)}`}
          />
        ))}
      </Section>
    </SimpleGrid>
  );
}
