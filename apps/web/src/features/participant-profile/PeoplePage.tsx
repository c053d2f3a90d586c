import { Button, EmptyState, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { SearchInput } from '../../shared/list';
import { useUserState } from '../../shared/session/hooks';
import { BusyButton } from '../../shared/ui/BusyButton';
import { UsersIcon } from '../../shared/ui/icons';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { usePeople } from './api';
import { BackToEvent } from './BackToEvent';
import { peopleOf } from './directory';
import { PersonCard, PersonCardSkeleton } from './PersonCard';
import classes from './profile.module.css';
import { useSearchParamsUpdate } from '../../shared/navigation/useSearchParamsUpdate';

const SKELETON_CARDS = 6;

function Skeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    <li key={i}>
      <PersonCardSkeleton />
    </li>
  ));
}

/**
 * `/event/:eventId/people`: the event's participant directory. The search (names and company) is
 * the API's and is kept in the URL; pages of 20 load as the end of the list comes into view, or
 * with "Load more". Each card opens the person's public profile.
 */
export function PeoplePage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('participantProfile');
  usePageTitle(t('people.title'));
  const [params] = useSearchParams();
  const updateParams = useSearchParamsUpdate();
  const search = params.get('search')?.trim() ?? '';
  const me = useUserState().tokenData?.userId;
  const people = usePeople(eventId, search);
  const { ref: endRef, entry } = useIntersection({ rootMargin: '300px' });

  const pages = people.data?.pages;
  const records = useMemo(() => peopleOf(pages), [pages]);
  const total = pages?.at(-1)?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = people;
  const stale = people.isPlaceholderData;

  // Infinite scroll: the next page when "Load more" nears the viewport (not again after a failure: the button retries).
  useEffect(() => {
    if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage && !isFetchNextPageError && !stale)
      void fetchNextPage();
  }, [entry?.isIntersecting, hasNextPage, isFetchingNextPage, isFetchNextPageError, stale, fetchNextPage]);

  const setSearch = (next: string) =>
    updateParams(
      (updated) => {
        if (next) updated.set('search', next);
        else updated.delete('search');
      },
      { replace: true },
    );

  let body;
  // The first page: loading, or loading again after "Try again" (a failed query keeps its error status meanwhile).
  if (people.isPending || (people.isError && people.isFetching && records.length === 0)) {
    body = (
      <div role="status" aria-label={t('people.loading')}>
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="sm" className={classes.people}>
          <Skeletons count={SKELETON_CARDS} />
        </SimpleGrid>
      </div>
    );
  } else if (people.isError && records.length === 0) {
    // Spec part 8: a list that fails to load stops loading and shows no message; the button tries again.
    body = (
      <Group>
        <Button variant="default" onClick={() => void people.refetch()}>
          {t('people.retry')}
        </Button>
      </Group>
    );
  } else if (records.length === 0) {
    body = search ? (
      <Text className={classes.noResults}>{t('list:empty.noResults')}</Text>
    ) : (
      <EmptyState
        icon={<UsersIcon size={28} />}
        withIndicatorBackground
        title={t('people.emptyTitle')}
        description={t('people.emptyText')}
        py="xl"
      />
    );
  } else {
    body = (
      <Stack gap="md">
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2 }}
          spacing="sm"
          className={classes.people}
          aria-busy={stale || isFetchingNextPage}
          data-stale={stale || undefined}
        >
          {records.map((person) => (
            <li key={person.id}>
              <PersonCard eventId={eventId} person={person} own={person.userId === me} />
            </li>
          ))}
          {isFetchingNextPage && <Skeletons count={2} />}
        </SimpleGrid>
        {hasNextPage && (
          <Stack ref={endRef} align="center" gap="xs">
            <Text size="sm" c="dimmed">
              {t('people.shown', { shown: records.length, total })}
            </Text>
            <BusyButton variant="default" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {t('people.loadMore')}
            </BusyButton>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <BackToEvent eventId={eventId} />
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {t('people.title')}
        </Title>
        <Text c="dimmed">{t('people.intro')}</Text>
      </Stack>
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchInput value={search} onChange={setSearch} placeholder={t('people.searchPlaceholder')} />
        {/* Announced when a search changes the count; empty while the first page loads. */}
        <Text size="sm" c="dimmed" aria-live="polite" aria-atomic>
          {people.data && !stale ? t('people.count', { count: total }) : ''}
        </Text>
      </Group>
      {body}
    </Stack>
  );
}
