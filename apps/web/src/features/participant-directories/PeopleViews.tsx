import { Card, Group, Skeleton, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DirectoryItem, DirectoryView } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { participantPaths } from '../../shared/navigation/participantPaths';
import { ProfileAvatar } from '../participant-profile';
import classes from './directories.module.css';
import { customFieldLines, headlineOf, nameOf } from './people';

/** What a link to a person passes along: the directory page it came from (with its search). */
export interface FromDirectory {
  directory: string;
}

interface ViewProps {
  eventId: string;
  directoryId: string;
  people: DirectoryItem[];
  me: string | undefined;
  busy: boolean;
  /** Skeletons shown after the people (a next page loading). */
  loadingMore: boolean;
}

function usePersonLink(eventId: string, directoryId: string) {
  const { pathname, search } = useLocation();
  const state: FromDirectory = { directory: `${pathname}${search}` };
  return (p: DirectoryItem) => ({
    to: participantPaths.directoryItem(eventId, directoryId, p.userId),
    state,
  });
}

function PersonText({
  person,
  me,
  lines = 2,
}: {
  person: DirectoryItem;
  me: string | undefined;
  lines?: number;
}) {
  const { t } = useTranslation('directories');
  const headline = headlineOf(person);
  return (
    <Stack gap={2} className={classes.wrap}>
      <Text fw={600} lineClamp={2} className={classes.wrap}>
        {nameOf(person)}
        {person.userId === me ? ` (${t('browse.you')})` : ''}
      </Text>
      {headline && (
        <Text size="sm" c="dimmed" lineClamp={lines} className={classes.wrap}>
          {headline}
        </Text>
      )}
      {customFieldLines(person).map((line) => (
        <Text key={line} size="xs" c="dimmed" lineClamp={1} className={classes.wrap}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

function ListView({ eventId, directoryId, people, me, busy, loadingMore }: ViewProps) {
  const link = usePersonLink(eventId, directoryId);
  return (
    <Stack component="ul" gap="xs" className={classes.plain} aria-busy={busy} data-stale={busy || undefined}>
      {people.map((p) => (
        <li key={p.id}>
          <Card component={Link} {...link(p)} padding="sm" className={classes.card}>
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ProfileAvatar
                firstName={p.firstName}
                lastName={p.lastName}
                photoUrl={p.photoUrl}
                alt=""
                size={48}
                radius={48}
              />
              <Stack gap={4} className={classes.wrap} style={{ flex: 1 }}>
                <PersonText person={p} me={me} />
                {p.bio && (
                  <Text size="sm" lineClamp={2} className={classes.wrap}>
                    {p.bio}
                  </Text>
                )}
              </Stack>
            </Group>
          </Card>
        </li>
      ))}
      {loadingMore && <CardSkeletons count={2} />}
    </Stack>
  );
}

function GridView({ eventId, directoryId, people, me, busy, loadingMore }: ViewProps) {
  const link = usePersonLink(eventId, directoryId);
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 2, sm: 3, md: 4 }}
      spacing="sm"
      className={classes.plain}
      aria-busy={busy}
      data-stale={busy || undefined}
    >
      {people.map((p) => (
        <li key={p.id}>
          <Card component={Link} {...link(p)} padding="sm" className={classes.card}>
            <Stack align="center" gap="xs" ta="center">
              <ProfileAvatar
                firstName={p.firstName}
                lastName={p.lastName}
                photoUrl={p.photoUrl}
                alt=""
                size={72}
                radius={72}
              />
              <PersonText person={p} me={me} />
            </Stack>
          </Card>
        </li>
      ))}
      {loadingMore && <CardSkeletons count={2} />}
    </SimpleGrid>
  );
}

function CarouselView({ eventId, directoryId, people, me, busy, loadingMore }: ViewProps) {
  const { t } = useTranslation('directories');
  const link = usePersonLink(eventId, directoryId);
  return (
    <ul
      className={classes.carousel}
      aria-busy={busy}
      aria-label={t('browse.carousel')}
      // A region that scrolls sideways is reachable by keyboard (arrow keys scroll it).
      tabIndex={0}
      data-stale={busy || undefined}
    >
      {people.map((p) => (
        <li key={p.id}>
          <Card component={Link} {...link(p)} padding="md" className={classes.card}>
            <Stack align="center" gap="xs" ta="center">
              <ProfileAvatar
                firstName={p.firstName}
                lastName={p.lastName}
                photoUrl={p.photoUrl}
                alt=""
                size={96}
                radius={96}
              />
              <PersonText person={p} me={me} lines={3} />
            </Stack>
          </Card>
        </li>
      ))}
      {loadingMore && <CardSkeletons count={1} />}
    </ul>
  );
}

function PillView({ eventId, directoryId, people, me, busy, loadingMore }: ViewProps) {
  const { t } = useTranslation('directories');
  const link = usePersonLink(eventId, directoryId);
  return (
    <ul className={classes.pills} aria-busy={busy} data-stale={busy || undefined}>
      {people.map((p) => (
        <li key={p.id} style={{ maxWidth: '100%' }}>
          <Link {...link(p)} className={classes.pill} title={headlineOf(p) || undefined}>
            <ProfileAvatar
              firstName={p.firstName}
              lastName={p.lastName}
              photoUrl={p.photoUrl}
              alt=""
              size={28}
              radius={28}
            />
            <Text size="sm" fw={500} truncate component="span">
              {nameOf(p)}
              {p.userId === me ? ` (${t('browse.you')})` : ''}
            </Text>
          </Link>
        </li>
      ))}
      {loadingMore && (
        <li>
          <Skeleton h={36} w={140} radius="xl" />
        </li>
      )}
    </ul>
  );
}

function CardSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    <li key={`skeleton-${i}`}>
      <Card padding="sm" className={classes.card}>
        <Group gap="md" wrap="nowrap">
          <Skeleton circle height={48} style={{ flexShrink: 0 }} />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton h={14} w="60%" />
            <Skeleton h={12} w="80%" />
          </Stack>
        </Group>
      </Card>
    </li>
  ));
}

/** The skeleton of a directory's first page, in its view's shape. */
export function PeopleSkeleton({ view }: { view: DirectoryView }) {
  const { t } = useTranslation('directories');
  if (view === 'PILL')
    return (
      <div role="status" aria-label={t('browse.loading')}>
        <Group gap="xs">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} h={36} w={120 + (i % 3) * 30} radius="xl" />
          ))}
        </Group>
      </div>
    );
  return (
    <div role="status" aria-label={t('browse.loading')}>
      <SimpleGrid
        component="ul"
        cols={view === 'GRID' ? { base: 2, sm: 3, md: 4 } : 1}
        spacing="sm"
        className={classes.plain}
      >
        <CardSkeletons count={view === 'GRID' ? 6 : 4} />
      </SimpleGrid>
    </div>
  );
}

/** The people of a directory in its view: list, grid, carousel or pills. */
export function PeopleView(props: ViewProps & { view: DirectoryView }) {
  switch (props.view) {
    case 'GRID':
      return <GridView {...props} />;
    case 'CAROUSEL':
      return <CarouselView {...props} />;
    case 'PILL':
      return <PillView {...props} />;
    default:
      return <ListView {...props} />;
  }
}
