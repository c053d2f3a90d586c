import { Anchor, Box, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAgendaView, useUpcomingSessions } from './api';
import { agendaPath, myAgendaPath, sessionPath } from './paths';
import { SeatStatus } from './EnrollButton';
import { SessionTime } from './SessionTime';
import { dayLabel } from './times';

const SHOWN = 5;

/**
 * The event home's "Upcoming sessions": the next sessions of the 13-day window, and the way to the
 * agenda and My Agenda. `exclude`: sessions the home already shows above (Happening now, Up next).
 */
export function UpcomingSessions({
  eventId,
  timezone,
  exclude,
}: {
  eventId: string;
  timezone: string;
  exclude?: ReadonlySet<string>;
}) {
  const { t } = useTranslation('participantAgenda');
  const upcoming = useUpcomingSessions(eventId);
  // The agenda is fetched along, so it is there (and cached for offline use) when the participant opens it.
  useAgendaView(eventId);
  const sessions = (upcoming.data?.sessions ?? []).filter((s) => !exclude?.has(s.id)).slice(0, SHOWN);
  const excludedSome = (upcoming.data?.sessions.length ?? 0) > 0 && Boolean(exclude?.size);
  return (
    <Card component="section" aria-labelledby="upcoming-sessions">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="upcoming-sessions">
            {t('upcoming.title')}
          </Title>
          <Group gap="xs">
            <Button component={Link} to={myAgendaPath(eventId)} variant="default" size="xs">
              {t('upcoming.mine')}
            </Button>
            <Button component={Link} to={agendaPath(eventId)} size="xs">
              {t('upcoming.all')}
            </Button>
          </Group>
        </Group>
        {upcoming.isPending ? (
          <Skeleton h={60} role="status" aria-label={t('agenda.loading')} />
        ) : sessions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(excludedSome ? 'upcoming.emptyAfterNext' : 'upcoming.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {sessions.map((s) => (
              <Group component="li" key={s.id} justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Anchor component={Link} to={sessionPath(eventId, s.id)} fw={600}>
                    {s.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {dayLabel(s.day)}
                  </Text>
                  <SessionTime session={s} zone={timezone} />
                </div>
                {/* The seats badge keeps its words; the name wraps instead (390 px cut it to "17 SEAT…"). */}
                <Box style={{ flexShrink: 0 }}>
                  <SeatStatus session={s} withPending={false} />
                </Box>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
