import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ArrowRightIcon } from '../../shared/ui/icons';
import type { FromPeople } from './BackToEvent';
import { headlineOf } from './directory';
import { userProfilePath } from './paths';
import { ProfileAvatar } from './ProfileAvatar';
import classes from './profile.module.css';
import type { PublicProfile } from './types';

/** One person of the directory: photo or initials, name, job title · company; the whole card links to their profile. */
export function PersonCard({
  eventId,
  person,
  own,
}: {
  eventId: string;
  person: PublicProfile;
  own: boolean;
}) {
  const { t } = useTranslation('participantProfile');
  const { pathname, search } = useLocation();
  const headline = headlineOf(person);
  const from: FromPeople = { people: `${pathname}${search}` };
  return (
    <Card
      component={Link}
      to={userProfilePath(eventId, person.userId)}
      state={from}
      padding="md"
      className={classes.person}
    >
      <Group gap="md" wrap="nowrap">
        <ProfileAvatar
          firstName={person.firstName}
          lastName={person.lastName}
          photoUrl={person.photoUrl}
          alt=""
          size={56}
          radius={56}
        />
        <Stack gap={2} className={classes.personText}>
          <Text fw={600} lineClamp={2} className={classes.wrap}>
            {`${person.firstName} ${person.lastName}`.trim()}
          </Text>
          {headline && (
            <Text size="sm" c="dimmed" lineClamp={2} className={classes.wrap}>
              {headline}
            </Text>
          )}
        </Stack>
        {own && (
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {t('people.you')}
          </Badge>
        )}
        <ArrowRightIcon size={18} className={classes.personArrow} />
      </Group>
    </Card>
  );
}

/** A card's shape while people load. */
export function PersonCardSkeleton() {
  return (
    <Card padding="md" className={classes.personSkeleton}>
      <Group gap="md" wrap="nowrap">
        <Skeleton circle height={56} style={{ flexShrink: 0 }} />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton h={16} w="55%" />
          <Skeleton h={12} w="80%" />
        </Stack>
      </Group>
    </Card>
  );
}
