import { Anchor, Avatar, Button, Card, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { FEED_COMMENT_MAX_LENGTH, rooms } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../shared/api/errors';
import { participantPaths as paths } from '../../shared/navigation/participantPaths';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { formatTimestamp } from '../../shared/time/format';
import { BusyButton } from '../../shared/ui/BusyButton';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { toast } from '../../shared/ui/toast';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import {
  addComment,
  deleteComment,
  feedKeys,
  usePost,
  type FeedCommentView,
  type FeedPostDetailView,
} from './api';
import { useFeedCache } from './FeedPage';
import { LinkifiedText } from './LinkifiedText';
import { PostCard } from './PostCard';

function CommentForm({ eventId, postId, onSent }: { eventId: string; postId: string; onSent: () => void }) {
  const { t } = useTranslation('feed');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await addComment(eventId, postId, text);
      setText('');
      onSent();
    } catch (e) {
      setError(isApiError(e) ? (e.fields?.text ?? e.message) : t('comments.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) void send();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t('comments.label')}
          placeholder={t('comments.placeholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={FEED_COMMENT_MAX_LENGTH}
          autosize
          minRows={1}
          maxRows={6}
          error={error}
        />
        <Group justify="flex-end">
          <BusyButton type="submit" busy={busy} disabled={!text.trim()} data-testid="feed-comment-submit">
            {t('comments.send')}
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}

/** `/event/:eventId/activity-feed/:postId`: the post and its comments, live. */
export function PostPage() {
  const { eventId = '', postId = '' } = useParams();
  const { t } = useTranslation('feed');
  const navigate = useNavigate();
  const client = useQueryClient();
  const post = usePost(eventId, postId);
  const cache = useFeedCache(eventId);
  const [gone, setGone] = useState(false);
  const [deleting, setDeleting] = useState<FeedCommentView | null>(null);
  usePageTitle(post.data ? t('post.detailTitle', { author: post.data.author.name }) : t('title'));

  const refresh = () => void client.invalidateQueries({ queryKey: feedKeys.post(eventId, postId) });
  const room = eventId ? rooms.event(eventId) : null;
  useRealtimeEvent(room, 'feed.counts', (p) => {
    if (p.postId !== postId) return;
    cache.update(p.postId, { likes: p.likes, comments: p.comments });
    refresh();
  });
  useRealtimeEvent(room, 'feed.removed', (p) => {
    cache.remove(p.postId);
    if (p.postId === postId) setGone(true);
  });
  useRealtimeResync(refresh);

  const back = (
    <Anchor component={Link} to={paths.feed(eventId)}>
      ← {t('post.back')}
    </Anchor>
  );
  if (gone || (post.isError && post.error.status === 404))
    return (
      <Stack gap="md" maw={680} mx="auto" w="100%">
        {back}
        <Title order={1} fz={24}>
          {t('title')}
        </Title>
        <Text role="status">{t('post.gone')}</Text>
      </Stack>
    );
  if (post.isError) return <LoadError onRetry={() => void post.refetch()} />;
  if (post.isPending)
    return (
      <Stack gap="sm" maw={680} mx="auto" w="100%" role="status" aria-label={t('loading')}>
        <Skeleton h={24} w={160} />
        <Skeleton h={180} radius="md" />
      </Stack>
    );

  const data = post.data;
  const setData = (change: Partial<FeedPostDetailView>) =>
    client.setQueryData<FeedPostDetailView>(feedKeys.post(eventId, postId), (d) =>
      d ? { ...d, ...change } : d,
    );
  return (
    <Stack gap="md" maw={680} mx="auto" w="100%">
      {back}
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('post.detailTitle', { author: data.author.name })}
      </Title>
      <PostCard
        eventId={eventId}
        post={data}
        detail
        onLiked={(id, liked, likes) => {
          setData({ liked, likes });
          cache.update(id, { liked, likes });
        }}
        onDeleted={(id) => {
          cache.remove(id);
          void navigate(paths.feed(eventId));
        }}
      />
      <Stack gap="sm" component="section" aria-labelledby="feed-comments-title">
        <Title order={2} fz={20} id="feed-comments-title">
          {t('comments.title')}
        </Title>
        {data.commentList.length === 0 ? (
          <Text c="dimmed">{t('comments.none')}</Text>
        ) : (
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="feed-comments"
          >
            {data.commentList.map((c) => (
              <Card key={c.id} component="li" withBorder radius="md" padding="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Avatar
                    src={c.author.photoUrl}
                    alt=""
                    radius="xl"
                    size="sm"
                    name={c.author.name}
                    color="initials"
                  />
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text size="sm" fw={700}>
                        {c.author.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        <time dateTime={c.createdAt}>{formatTimestamp(c.createdAt)}</time>
                      </Text>
                    </Group>
                    <LinkifiedText text={c.text} size="sm" />
                  </Stack>
                  {c.mine && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      c="red.9"
                      ml="auto"
                      aria-label={t('comments.deleteLabel', { text: c.text.slice(0, 40) })}
                      onClick={() => setDeleting(c)}
                    >
                      {t('comments.delete')}
                    </Button>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
        <CommentForm eventId={eventId} postId={postId} onSent={refresh} />
        {deleting && (
          <ConfirmDialog
            title={t('comments.deleteTitle')}
            confirmLabel={t('comments.delete')}
            danger
            onClose={() => setDeleting(null)}
            onConfirm={async () => {
              await deleteComment(eventId, postId, deleting.id);
              toast.success(t('comments.deleted'));
              refresh();
            }}
          >
            {t('comments.deleteText')}
          </ConfirmDialog>
        )}
      </Stack>
    </Stack>
  );
}
