import {
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../shared/navigation/BackLink';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import {
  useAvailability,
  useAvailablePeople,
  useMeetingsRealtime,
  useMyMeetings,
  useRequestMeeting,
  useSetAvailability,
  type AvailableUser,
  type MeetingView,
} from './api';
import { groupMeetings } from './logic';
import { MeetingCard } from './MeetingCard';
import { SlotModal } from './SlotModal';

function Section({
  id,
  title,
  meetings,
  eventId,
  me,
}: {
  id: string;
  title: string;
  meetings: MeetingView[];
  eventId: string;
  me: string;
}) {
  if (meetings.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {meetings.map((m) => (
          <MeetingCard key={m.id} eventId={eventId} meeting={m} me={me} />
        ))}
      </Stack>
    </Stack>
  );
}

function AvailabilitySwitch({ eventId }: { eventId: string }) {
  const { t } = useTranslation('meetings');
  const availability = useAvailability(eventId);
  const save = useSetAvailability(eventId);
  const checked = save.isPending ? Boolean(save.variables) : Boolean(availability.data?.available);
  return (
    <Switch
      label={t('participant.available')}
      description={t('participant.availableHint')}
      checked={checked}
      disabled={availability.isPending}
      onChange={(e) => {
        const on = e.currentTarget.checked;
        save.mutate(on, {
          onSuccess: () => toast.success(t(`participant.availabilitySaved_${on ? 'on' : 'off'}`)),
          onError: (err) => toast.error(err.message || t('participant.failed')),
        });
      }}
    />
  );
}

function PersonRow({ eventId, person, me }: { eventId: string; person: AvailableUser; me: string }) {
  const { t } = useTranslation('meetings');
  const [open, setOpen] = useState(false);
  const request = useRequestMeeting(eventId);
  const isMe = person.participantId === me;
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={500} truncate>
            {person.userName}
            {isMe ? ` (${t('participant.you')})` : ''}
          </Text>
          {(person.jobTitle || person.company) && (
            <Text size="sm" c="dimmed" truncate>
              {[person.jobTitle, person.company].filter(Boolean).join(', ')}
            </Text>
          )}
        </Stack>
        {!isMe && (
          <Button
            size="xs"
            variant="light"
            onClick={() => setOpen(true)}
            aria-label={t('participant.requestWith', { name: person.userName })}
          >
            {t('participant.request')}
          </Button>
        )}
      </Group>
      {open && (
        <SlotModal
          eventId={eventId}
          participantId={person.participantId}
          title={t('participant.requestWith', { name: person.userName })}
          submitLabel={t('participant.send')}
          withMessage
          busy={request.isPending}
          error={request.error?.fields}
          onClose={() => {
            request.reset();
            setOpen(false);
          }}
          onSubmit={({ startAt, message }) =>
            request.mutate(
              { inviteeId: person.participantId, startAt, message },
              {
                onSuccess: () => {
                  toast.success(t('participant.requested', { name: person.userName }));
                  setOpen(false);
                },
                onError: (e) => {
                  if (!e.fields) toast.error(e.message || t('participant.failed'));
                },
              },
            )
          }
        />
      )}
    </Card>
  );
}

function People({ eventId, me }: { eventId: string; me: string }) {
  const { t } = useTranslation('meetings');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const people = useAvailablePeople(eventId, debounced);
  const records = people.data?.records ?? [];
  return (
    <Stack gap="xs" component="section" aria-labelledby="meetings-people">
      <Title order={2} size="h4" id="meetings-people">
        {t('participant.people')}
      </Title>
      <TextInput
        label={t('participant.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={200}
        type="search"
      />
      {people.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : people.isError ? (
        <LoadError onRetry={() => void people.refetch()} />
      ) : records.length === 0 ? (
        <Text size="sm" c="dimmed">
          {debounced ? t('participant.noPeopleFound') : t('participant.noPeople')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {records.map((p) => (
            <PersonRow key={p.participantId} eventId={eventId} person={p} me={me} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** `/event/:eventId/meetings`: availability, requests to answer, booked meetings, people to ask. */
export function MeetingsPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('meetings');
  usePageTitle(t('participant.title'));
  useMeetingsRealtime(eventId);
  const mine = useMyMeetings(eventId);
  const me = mine.data?.participantId ?? '';
  const groups = groupMeetings(mine.data?.meetings ?? [], me);
  const none = groups.toAnswer.length + groups.booked.length + groups.waiting.length === 0;

  return (
    <Stack gap="lg">
      <BackLink eventId={eventId} />
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('participant.title')}
      </Title>
      <AvailabilitySwitch eventId={eventId} />
      {mine.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ) : mine.isError ? (
        <LoadError onRetry={() => void mine.refetch()} />
      ) : (
        <>
          {none && (
            <EmptyState
              title={t('participant.noMeetings')}
              description={t('participant.noMeetingsText')}
              py="md"
            />
          )}
          <Section
            id="meetings-answer"
            title={t('participant.toAnswer')}
            meetings={groups.toAnswer}
            eventId={eventId}
            me={me}
          />
          <Section
            id="meetings-booked"
            title={t('participant.booked')}
            meetings={groups.booked}
            eventId={eventId}
            me={me}
          />
          <Section
            id="meetings-waiting"
            title={t('participant.waiting')}
            meetings={groups.waiting}
            eventId={eventId}
            me={me}
          />
          <Section
            id="meetings-closed"
            title={t('participant.closed')}
            meetings={groups.closed}
            eventId={eventId}
            me={me}
          />
          <People eventId={eventId} me={me} />
        </>
      )}
    </Stack>
  );
}
