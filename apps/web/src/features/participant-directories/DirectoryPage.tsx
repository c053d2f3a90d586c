import { Button, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { SearchInput } from '../../shared/list';
import { participantPaths } from '../../shared/navigation/participantPaths';
import { useSearchParamsUpdate } from '../../shared/navigation/useSearchParamsUpdate';
import { useUserState } from '../../shared/session/hooks';
import { BusyButton } from '../../shared/ui/BusyButton';
import { ArrowLeftIcon, UsersIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useDirectory, useDirectoryPeople } from './api';
import classes from './directories.module.css';
import { peopleOf } from './people';
import { PeopleSkeleton, PeopleView } from './PeopleViews';

/** The link back to the event's directories. */
export function BackToDirectories({ eventId, to }: { eventId: string; to?: string }) {
  const { t } = useTranslation('directories');
  return (
    <Text
      component={Link}
      to={to ?? participantPaths.directories(eventId)}
      size="sm"
      c="brand"
      style={{ alignSelf: 'flex-start' }}
    >
      <Group gap={4} component="span">
        <ArrowLeftIcon size={16} />
        {t(to ? 'browse.backToDirectory' : 'browse.backToDirectories')}
      </Group>
    </Text>
  );
}

/**
 * `/event/:eventId/directories/:directoryId`: a directory's people in its view (list, grid,
 * carousel, pills). The search (names and company) is the API's and is kept in the URL; pages of
 * 20 load as the end comes into view, or with "Load more".
 */
export function DirectoryPage() {
  const { eventId = '', directoryId = '' } = useParams();
  const { t } = useTranslation('directories');
  const directory = useDirectory(eventId, directoryId);
  usePageTitle(directory.data?.name ?? t('browse.title'));
  const [params] = useSearchParams();
  const updateParams = useSearchParamsUpdate();
  const search = params.get('search')?.trim() ?? '';
  const me = useUserState().tokenData?.userId;
  const people = useDirectoryPeople(eventId, directoryId, search);
  const { ref: endRef, entry } = useIntersection({ rootMargin: '300px' });
  const pages = people.data?.pages;
  const records = useMemo(() => peopleOf(pages), [pages]);
  const total = pages?.at(-1)?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = people;
  const stale = people.isPlaceholderData;

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

  if (directory.isError && directory.error.status === 404)
    return (
      <Stack gap="lg" className={classes.page}>
        <BackToDirectories eventId={eventId} />
        <EmptyState title={t('browse.notFoundTitle')} description={t('browse.notFoundText')} py="xl" />
      </Stack>
    );
  if (directory.isError)
    return <LoadError onRetry={() => void directory.refetch()} message={directory.error.message} />;

  const view = directory.data?.view ?? 'LIST_VIEW';
  let body;
  if (!directory.data || people.isPending || (people.isError && people.isFetching && records.length === 0)) {
    body = <PeopleSkeleton view={view} />;
  } else if (people.isError && records.length === 0) {
    body = (
      <Group>
        <Button variant="default" onClick={() => void people.refetch()}>
          {t('browse.retry')}
        </Button>
      </Group>
    );
  } else if (records.length === 0) {
    body = search ? (
      <Text>{t('list:empty.noResults')}</Text>
    ) : (
      <EmptyState
        icon={<UsersIcon size={28} />}
        withIndicatorBackground
        title={t('browse.noPeopleTitle')}
        description={t('browse.noPeopleText')}
        py="xl"
      />
    );
  } else {
    body = (
      <Stack gap="md">
        <PeopleView
          view={view}
          eventId={eventId}
          directoryId={directoryId}
          people={records}
          me={me}
          busy={stale || isFetchingNextPage}
          loadingMore={isFetchingNextPage}
        />
        {hasNextPage && (
          <Stack ref={endRef} align="center" gap="xs">
            <Text size="sm" c="dimmed">
              {t('browse.shown', { shown: records.length, total })}
            </Text>
            <BusyButton variant="default" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {t('browse.loadMore')}
            </BusyButton>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" className={classes.page}>
      <BackToDirectories eventId={eventId} />
      <Title order={1} fz={{ base: 26, sm: 30 }} className={classes.wrap}>
        {directory.data?.name ?? ''}
      </Title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchInput value={search} onChange={setSearch} placeholder={t('browse.searchPlaceholder')} />
        <Text size="sm" c="dimmed" aria-live="polite" aria-atomic>
          {people.data && !stale ? t('browse.count', { count: total }) : ''}
        </Text>
      </Group>
      {body}
    </Stack>
  );
}
