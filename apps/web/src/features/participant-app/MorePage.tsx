import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useUserState } from '../../shared/session/hooks';
import { formatInZone } from '../../shared/time/zones';
import { participantPaths as paths } from '../../shared/navigation/participantPaths';
import {
  CalendarIcon,
  ClockIcon,
  EditIcon,
  EyeIcon,
  FileIcon,
  GlobeIcon,
  InboxIcon,
  MailIcon,
  MapPinIcon,
  StarIcon,
  UsersIcon,
} from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useUserEvents } from '../events';
import { mapsPath, materialsPath, scanPath } from '../participant-agenda';
import { editProfilePath, useOwnProfile, userProfilePath } from '../participant-profile';

function Entry({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <li>
      <Card component={Link} to={to} withBorder radius="md" padding="md" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {icon}
          <Stack gap={2}>
            <Text fw={700}>{title}</Text>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </Stack>
        </Group>
      </Card>
    </li>
  );
}

function Fact({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text
        component="dt"
        size="sm"
        fw={600}
        style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}
      >
        {icon}
        {term}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </Group>
  );
}

/** `/event/:eventId/more`: the event's other places (maps, materials, check-in, profile) and what it is about. */
export function MorePage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('participantApp');
  usePageTitle(t('more.title'));
  const userId = useUserState().tokenData?.userId;
  const events = useUserEvents();
  const own = useOwnProfile(eventId);
  // Admins looking at the participant app take no part: they have no profile in the event.
  const hasProfile = Boolean(userId) && !(own.isError && own.error.status === 404);
  const event = events.data?.records.find((e) => e.id === eventId);

  if (events.isError) return <LoadError onRetry={() => void events.refetch()} />;
  if (events.isPending)
    return <Skeleton h={300} radius="md" role="status" aria-label={t('common:states.loading')} />;
  if (!event) return <Navigate to="/no-event-access" replace />;

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('more.title')}
      </Title>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2 }}
        spacing="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        <Entry
          to={mapsPath(eventId)}
          icon={<MapPinIcon size={22} />}
          title={t('more.maps')}
          text={t('more.mapsText')}
        />
        <Entry
          to={materialsPath(eventId)}
          icon={<FileIcon size={22} />}
          title={t('more.materials')}
          text={t('more.materialsText')}
        />
        <Entry
          to={scanPath(eventId)}
          icon={<CalendarIcon size={22} />}
          title={t('more.scan')}
          text={t('more.scanText')}
        />
        <Entry
          to={paths.feed(eventId)}
          icon={<InboxIcon size={22} />}
          title={t('more.feed')}
          text={t('more.feedText')}
        />
        <Entry
          to={paths.directories(eventId)}
          icon={<UsersIcon size={22} />}
          title={t('more.directories')}
          text={t('more.directoriesText')}
        />
        {hasProfile && userId && (
          <>
            <Entry
              to={paths.game(eventId)}
              icon={<StarIcon size={22} />}
              title={t('game:title')}
              text={t('game:moreText')}
            />
            <Entry
              to={paths.inbox(eventId)}
              icon={<MailIcon size={22} />}
              title={t('inbox:title')}
              text={t('inbox:moreText')}
            />
            <Entry
              to={paths.meetings(eventId)}
              icon={<ClockIcon size={22} />}
              title={t('more.meetings')}
              text={t('more.meetingsText')}
            />
            <Entry
              to={paths.chat(eventId)}
              icon={<MailIcon size={22} />}
              title={t('more.chat')}
              text={t('more.chatText')}
            />
            <Entry
              to={paths.contacts(eventId)}
              icon={<UsersIcon size={22} />}
              title={t('more.contacts')}
              text={t('more.contactsText')}
            />
            <Entry
              to={userProfilePath(eventId, userId)}
              icon={<EyeIcon size={22} />}
              title={t('more.profile')}
              text={t('more.profileText')}
            />
            <Entry
              to={editProfilePath(eventId)}
              icon={<EditIcon size={22} />}
              title={t('more.editProfile')}
              text={t('more.editProfileText')}
            />
          </>
        )}
      </SimpleGrid>
      <Card component="section" aria-labelledby="about-event">
        <Stack gap="sm">
          <Title order={2} size="h4" id="about-event">
            {t('more.about')}
          </Title>
          {event.description && <Text style={{ whiteSpace: 'pre-line' }}>{event.description}</Text>}
          <Stack component="dl" gap="xs" m={0}>
            <Fact icon={<CalendarIcon size={16} />} term={t('more.dates')}>
              {t('common:dates.range', {
                start: formatInZone(event.startAt, event.timezone),
                end: formatInZone(event.endAt, event.timezone),
              })}
            </Fact>
            {event.address && (
              <Fact icon={<MapPinIcon size={16} />} term={t('more.venue')}>
                {event.address}
              </Fact>
            )}
            <Fact icon={<GlobeIcon size={16} />} term={t('more.timezone')}>
              {event.timezone}
            </Fact>
          </Stack>
        </Stack>
      </Card>
    </Stack>
  );
}
