import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CalendarIcon, ExternalLinkIcon, MapPinIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { SessionChatButton } from '../participant-chat';
import { SessionLiveTools } from '../participant-engagement';
import { userProfilePath } from '../participant-profile';
import { downloadSessionCalendar, useAgendaView, useSessionView, type SessionView } from './api';
import { AgendaShell } from './AgendaShell';
import { enrollControl, showsSeatsTaken } from './seats';
import { BookmarkButton } from './BookmarkButton';
import { EnrollButton, SeatStatus } from './EnrollButton';
import { mapPath, materialPath } from './paths';
import { SessionTime } from './SessionTime';
import { useBookmarks } from './useBookmarks';
import { dayLabel } from './times';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Detail({ eventId, session, zone }: { eventId: string; session: SessionView; zone: string }) {
  const { t } = useTranslation('participantAgenda');
  const [downloading, setDownloading] = useState(false);
  const bookmarked = useBookmarks(eventId).ids.has(session.id);
  const addToCalendar = () => {
    setDownloading(true);
    downloadSessionCalendar(eventId, session)
      .catch(() => toast.error(t('session.calendarFailed')))
      .finally(() => setDownloading(false));
  };
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="outline" color="dark">
              {t(`types.${session.type}`)}
            </Badge>
            {session.checkedIn && <Badge color="teal">{t('session.checkedIn')}</Badge>}
            {session.collections.map((c) => (
              <Badge key={c.id} variant="dot" color={c.color} style={{ textTransform: 'none' }}>
                {c.name}
              </Badge>
            ))}
          </Group>
          <Text fw={600}>{dayLabel(session.day)}</Text>
          <SessionTime session={session} zone={zone} size="md" />
          <SeatStatus session={session} />
          {showsSeatsTaken(enrollControl(session, Date.now()), session.capacity) && (
            <Text size="sm" c="dimmed">
              {t('seats.capacity', { enrolled: session.enrolledCount, capacity: session.capacity })}
            </Text>
          )}
          {session.breakout?.enrollable && (
            <Text size="sm" c="dimmed">
              {t('session.breakout', { name: session.breakout.name })}
            </Text>
          )}
          <Group gap="sm">
            <EnrollButton eventId={eventId} session={session} size="md" />
            <BookmarkButton eventId={eventId} session={session} bookmarked={bookmarked} size="lg" />
            <Button
              variant="default"
              leftSection={<CalendarIcon size={16} />}
              loading={downloading}
              onClick={addToCalendar}
            >
              {t('session.addToCalendar')}
            </Button>
            {session.virtualLink && (
              <Button
                component="a"
                href={session.virtualLink}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                rightSection={<ExternalLinkIcon size={16} />}
              >
                {t('session.virtual')}
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
      <SessionLiveTools eventId={eventId} sessionId={session.id} />
      <SessionChatButton eventId={eventId} sessionId={session.id} />
      {session.description && (
        <Section title={t('session.about')}>
          <Text style={{ whiteSpace: 'pre-line' }}>{session.description}</Text>
        </Section>
      )}
      {session.location && (
        <Section title={t('session.location')}>
          <Group gap={6} wrap="nowrap">
            <MapPinIcon size={18} />
            <Text fw={600}>{session.location.name}</Text>
          </Group>
          {session.location.pins.map((pin) => (
            <Anchor key={pin.pinId} component={Link} to={mapPath(eventId, pin.mapId, pin.pinId)} size="sm">
              {t('session.onMap', { pin: pin.pinName, map: pin.mapName })}
            </Anchor>
          ))}
        </Section>
      )}
      {session.speakers.length > 0 && (
        <Section title={t('session.speakers')}>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {session.speakers.map((s) => {
              const name = `${s.firstName} ${s.lastName}`.trim();
              return (
                <Group component="li" key={s.participantId} gap="sm" wrap="nowrap">
                  <Avatar src={s.photoUrl} alt="" radius="xl" name={name} color="initials" />
                  <div>
                    <Anchor component={Link} to={userProfilePath(eventId, s.userId)} fw={600}>
                      {name}
                    </Anchor>
                    {(s.jobTitle || s.company) && (
                      <Text size="sm" c="dimmed">
                        {[s.jobTitle, s.company].filter(Boolean).join(', ')}
                      </Text>
                    )}
                  </div>
                </Group>
              );
            })}
          </Stack>
        </Section>
      )}
      {session.materials.length > 0 && (
        <Section title={t('session.materials')}>
          <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
            {session.materials.map((m) => (
              <li key={m.id}>
                <Anchor component={Link} to={materialPath(eventId, m.id)}>
                  {m.name}
                </Anchor>
                <Text component="span" size="xs" c="dimmed" ml={6}>
                  {m.fileType.toUpperCase()}
                </Text>
              </li>
            ))}
          </Stack>
        </Section>
      )}
    </Stack>
  );
}

/** `/event/:eventId/agenda/:sessionId`: one session with everything a participant needs to attend it. */
export function SessionDetailPage() {
  const { eventId = '', sessionId = '' } = useParams();
  const { t } = useTranslation('participantAgenda');
  const session = useSessionView(eventId, sessionId);
  const zone = useAgendaView(eventId).data?.timezone;

  let body;
  if (session.data && zone) body = <Detail eventId={eventId} session={session.data} zone={zone} />;
  else if (session.isError && session.error.status === 404)
    body = <EmptyState title={t('session.notFoundTitle')} description={t('session.notFoundText')} py="xl" />;
  else if (session.isError) body = <LoadError onRetry={() => void session.refetch()} />;
  else body = <Skeleton h={260} radius="md" role="status" aria-label={t('agenda.loading')} />;

  return (
    <AgendaShell eventId={eventId} back title={session.data?.name ?? t('agenda.title')}>
      {body}
    </AgendaShell>
  );
}
