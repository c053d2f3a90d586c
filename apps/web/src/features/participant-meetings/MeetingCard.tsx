import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../shared/time/format';
import { isApiError } from '../../shared/api/errors';
import { CalendarIcon } from '../../shared/ui/icons';
import { toast } from '../../shared/ui/toast';
import { downloadMeetingCalendar, useAnswerMeeting, type MeetingView } from './api';
import { otherOf } from './logic';
import { SlotModal } from './SlotModal';

/** One meeting or request of the participant, with what they may do with it now. */
export function MeetingCard({ eventId, meeting, me }: { eventId: string; meeting: MeetingView; me: string }) {
  const { t, i18n } = useTranslation('meetings');
  const answer = useAnswerMeeting(eventId);
  const [proposing, setProposing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const other = otherOf(meeting, me);
  const name = other.userName;
  const myTurn = meeting.status === 'PENDING' && meeting.awaitingId === me;
  // mutateAsync: the card moves to another section (and remounts) when the list refetches, so
  // per-call onSuccess callbacks of mutate() would be dropped; the promise still settles.
  const act = (kind: 'accept' | 'decline' | 'cancel') =>
    answer
      .mutateAsync({ meetingId: meeting.id, answer: { kind } })
      .then(() =>
        toast.success(
          kind === 'accept'
            ? t('participant.accepted', { name })
            : kind === 'decline'
              ? t('participant.declined')
              : t('participant.cancelled'),
        ),
      )
      .catch((e: unknown) => toast.error(isApiError(e) && e.message ? e.message : t('participant.failed')));
  return (
    <Card withBorder padding="md" component="li" aria-label={t('participant.withPerson', { name })}>
      <Stack gap={6}>
        <Title order={3} size="h5">
          {t('participant.withPerson', { name })}
        </Title>
        {(other.jobTitle || other.company) && (
          <Text size="sm" c="dimmed">
            {[other.jobTitle, other.company].filter(Boolean).join(', ')}
          </Text>
        )}
        <Text size="sm" fw={500}>
          {t('participant.when', {
            date: formatCalendarDate(meeting.date, i18n.language),
            time: meeting.timeSlot,
          })}
        </Text>
        {meeting.status === 'ACCEPTED' && (
          <Text size="sm">
            {meeting.meetingPoint
              ? t('participant.meetingPoint', { point: meeting.meetingPoint })
              : t('participant.noMeetingPoint')}
          </Text>
        )}
        {meeting.status !== 'ACCEPTED' && meeting.status !== 'PENDING' && (
          <Text size="sm" c="dimmed">
            {t(`status.${meeting.status}`)}
          </Text>
        )}
        {meeting.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('participant.message', { message: meeting.message })}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          {myTurn && (
            <>
              <Button size="xs" loading={answer.isPending} onClick={() => void act('accept')}>
                {t('participant.accept')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setProposing(true)}>
                {t('participant.propose')}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => void act('decline')}>
                {t('participant.decline')}
              </Button>
            </>
          )}
          {meeting.status === 'ACCEPTED' && (
            <Button
              size="xs"
              variant="default"
              leftSection={<CalendarIcon size={14} />}
              loading={downloading}
              onClick={() => {
                setDownloading(true);
                downloadMeetingCalendar(eventId, meeting.id)
                  .catch(() => toast.error(t('participant.calendarFailed')))
                  .finally(() => setDownloading(false));
              }}
            >
              {t('participant.addToCalendar')}
            </Button>
          )}
          {(meeting.status === 'ACCEPTED' || (meeting.status === 'PENDING' && !myTurn)) && (
            <Button size="xs" variant="subtle" color="red" onClick={() => void act('cancel')}>
              {meeting.status === 'ACCEPTED' ? t('participant.cancel') : t('participant.cancelRequest')}
            </Button>
          )}
        </Group>
      </Stack>
      {proposing && (
        <SlotModal
          eventId={eventId}
          participantId={other.participantId}
          title={t('participant.proposeTo', { name })}
          submitLabel={t('participant.sendProposal')}
          withMessage={false}
          busy={answer.isPending}
          error={answer.error?.fields}
          onClose={() => setProposing(false)}
          onSubmit={({ startAt }) =>
            void answer
              .mutateAsync({ meetingId: meeting.id, answer: { kind: 'propose', startAt } })
              .then(() => {
                toast.success(t('participant.proposed', { name }));
                setProposing(false);
              })
              .catch((e: unknown) => {
                if (!(isApiError(e) && e.fields))
                  toast.error(isApiError(e) && e.message ? e.message : t('participant.failed'));
              })
          }
        />
      )}
    </Card>
  );
}
