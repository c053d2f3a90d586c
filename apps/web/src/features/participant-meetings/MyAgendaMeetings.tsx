import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { participantPaths } from '../../shared/navigation/participantPaths';
import { useMeetingsRealtime, useMyMeetings } from './api';
import { MeetingCard } from './MeetingCard';

/**
 * My Agenda's "Meetings" section: the participant's booked meetings (with the meeting point and an
 * .ics each). Renders nothing until they have one, so My Agenda stays as it was for those without.
 */
export function MyAgendaMeetings({ eventId }: { eventId: string }) {
  const { t } = useTranslation('meetings');
  useMeetingsRealtime(eventId);
  const mine = useMyMeetings(eventId);
  const booked = (mine.data?.meetings ?? []).filter((m) => m.status === 'ACCEPTED');
  if (!mine.data || booked.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="my-agenda-meetings">
      <Title order={2} size="h4" id="my-agenda-meetings">
        {t('agenda.title')}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {booked.map((m) => (
          <MeetingCard key={m.id} eventId={eventId} meeting={m} me={mine.data.participantId} />
        ))}
      </Stack>
      <Text size="sm">
        <Anchor component={Link} to={participantPaths.meetings(eventId)}>
          {t('agenda.open')}
        </Anchor>
      </Text>
    </Stack>
  );
}
