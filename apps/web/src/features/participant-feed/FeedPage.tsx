import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { rooms } from '@plenary/domain';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { useUserState } from '../../shared/session/hooks';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { feedKeys, useFeed, type FeedPageView, type FeedPostView } from './api';
import { Composer } from './Composer';
import { flatten, removePost, updatePost, upsertPost } from './logic';
import { PostCard } from './PostCard';

type Feed = InfiniteData<FeedPageView, unknown>;

/** The cache updates every feed screen shares (this page and a post's page). */
export function useFeedCache(eventId: string) {
  const client = useQueryClient();
  const userId = useUserState().tokenData?.userId;
  const key = feedKeys.feed(eventId);
  const edit = useCallback(
    (change: (feed: Feed | undefined) => Feed | undefined) => client.setQueryData<Feed>(key, change),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, eventId],
  );
  return {
    upsert: (post: FeedPostView) => edit((f) => upsertPost(f, post, userId)),
    remove: (postId: string) => edit((f) => removePost(f, postId)),
    update: (postId: string, change: Parameters<typeof updatePost>[2]) =>
      edit((f) => updatePost(f, postId, change)),
  };
}

/** `/event/:eventId/activity-feed`: compose, then the posts (pinned first), live. */
export function FeedPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('feed');
  usePageTitle(t('title'));
  const feed = useFeed(eventId);
  const cache = useFeedCache(eventId);
  const client = useQueryClient();

  const room = eventId ? rooms.event(eventId) : null;
  useRealtimeEvent(room, 'feed.post', (p) => cache.upsert(p.post as unknown as FeedPostView));
  useRealtimeEvent(room, 'feed.removed', (p) => cache.remove(p.postId));
  useRealtimeEvent(room, 'feed.counts', (p) =>
    cache.update(p.postId, { likes: p.likes, comments: p.comments }),
  );
  useRealtimeResync(() => void client.invalidateQueries({ queryKey: feedKeys.feed(eventId) }));

  const { pinned, posts } = flatten(feed.data);
  const approvalRequired = feed.data?.pages[0]?.approvalRequired ?? false;
  const card = (post: FeedPostView) => (
    <PostCard
      key={post.id}
      eventId={eventId}
      post={post}
      onLiked={(id, liked, likes) => cache.update(id, { liked, likes })}
      onDeleted={cache.remove}
    />
  );

  return (
    <Stack gap="md" maw={680} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('title')}
        </Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <Composer eventId={eventId} approvalRequired={approvalRequired} onPosted={cache.upsert} />
      {feed.isError && <LoadError message={t('loadFailed')} onRetry={() => void feed.refetch()} />}
      {feed.isPending && (
        <Stack gap="sm" role="status" aria-label={t('loading')}>
          <Skeleton h={140} radius="md" />
          <Skeleton h={140} radius="md" />
        </Stack>
      )}
      {feed.isSuccess && pinned.length + posts.length === 0 && (
        <Stack gap={4} py="lg" ta="center" role="status">
          <Text fw={700}>{t('empty')}</Text>
          <Text c="dimmed">{t('emptyText')}</Text>
        </Stack>
      )}
      {pinned.length + posts.length > 0 && (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('title')}
          data-testid="feed-list"
        >
          {pinned.map(card)}
          {posts.map(card)}
        </Stack>
      )}
      {feed.hasNextPage && (
        <Button variant="default" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
          {t('loadMore')}
        </Button>
      )}
      {feed.isSuccess && !feed.hasNextPage && posts.length > 0 && (
        <Text size="sm" c="dimmed" ta="center">
          {t('end')}
        </Text>
      )}
    </Stack>
  );
}
