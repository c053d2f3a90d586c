import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Menu,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { FEED_REPORT_REASON_MAX_LENGTH } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../shared/api/errors';
import { participantPaths as paths } from '../../shared/navigation/participantPaths';
import { formatTimestamp } from '../../shared/time/format';
import { BusyButton } from '../../shared/ui/BusyButton';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { toast } from '../../shared/ui/toast';
import { deletePost, reportPost, setLike, type FeedPostView } from './api';
import { LinkifiedText } from './LinkifiedText';

function ReportDialog({
  eventId,
  post,
  onClose,
}: {
  eventId: string;
  post: FeedPostView;
  onClose: () => void;
}) {
  const { t } = useTranslation('feed');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await reportPost(eventId, post.id, reason);
      toast.success(t('post.reported'));
      onClose();
    } catch (e) {
      setError(isApiError(e) ? (e.fields?.reason ?? e.message) : t('composer.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('post.reportTitle')} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('post.reportReason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={FEED_REPORT_REASON_MAX_LENGTH}
            autosize
            minRows={2}
            required
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <BusyButton type="submit" busy={busy} disabled={!reason.trim()}>
              {t('post.reportSend')}
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export interface PostCardProps {
  eventId: string;
  post: FeedPostView;
  /** The feed shows a link to the comments; the post page shows them itself. */
  detail?: boolean;
  onLiked: (postId: string, liked: boolean, likes: number) => void;
  onDeleted: (postId: string) => void;
}

/** One post: author, text with links, images, badges, like and comments, report and delete. */
export function PostCard({ eventId, post, detail = false, onLiked, onDeleted }: PostCardProps) {
  const { t } = useTranslation('feed');
  const [dialog, setDialog] = useState<'report' | 'delete' | null>(null);
  const [liking, setLiking] = useState(false);
  const author = post.author.name;

  const toggleLike = async () => {
    const on = !post.liked;
    setLiking(true);
    onLiked(post.id, on, post.likes + (on ? 1 : -1));
    try {
      const res = await setLike(eventId, post.id, on);
      onLiked(post.id, res.liked, res.likes);
    } catch (e) {
      onLiked(post.id, !on, post.likes);
      toast.error(isApiError(e) ? e.message : t('composer.failed'));
    } finally {
      setLiking(false);
    }
  };

  return (
    <Card
      component={detail ? 'article' : 'li'}
      withBorder
      radius="md"
      padding="md"
      data-testid="feed-post"
      aria-label={t('post.detailTitle', { author })}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={post.author.photoUrl} alt="" radius="xl" name={author} color="initials" />
            <Stack gap={0}>
              <Text fw={700}>{author}</Text>
              <Text size="xs" c="dimmed">
                <time dateTime={post.createdAt}>{formatTimestamp(post.createdAt)}</time>
              </Text>
            </Stack>
          </Group>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('post.more', { author })}>
                <span aria-hidden>⋯</span>
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {!post.mine && <Menu.Item onClick={() => setDialog('report')}>{t('post.report')}</Menu.Item>}
              {post.mine && (
                <Menu.Item color="red.8" onClick={() => setDialog('delete')}>
                  {t('post.delete')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
        {(post.pinned || post.announcement || post.status === 'PENDING') && (
          <Group gap="xs">
            {post.pinned && (
              <Badge color="grape.9" variant="filled">
                {t('post.pinned')}
              </Badge>
            )}
            {post.announcement && (
              <Badge color="blue.9" variant="filled">
                {t('post.announcement')}
              </Badge>
            )}
            {post.status === 'PENDING' && (
              <Badge color="dark.7" variant="filled">
                {t('post.pending')}
              </Badge>
            )}
          </Group>
        )}
        {post.text && <LinkifiedText text={post.text} />}
        {post.images.length > 0 && (
          <SimpleGrid cols={post.images.length === 1 ? 1 : 2} spacing={6}>
            {post.images.map((img, i) => (
              <Image
                key={img.id}
                src={img.url}
                alt={t('post.image', { index: i + 1, author })}
                radius="sm"
                fit="cover"
                h={post.images.length === 1 ? 'auto' : 140}
                mah={360}
                loading="lazy"
              />
            ))}
          </SimpleGrid>
        )}
        <Group gap="xs">
          <Button
            size="sm"
            variant={post.liked ? 'filled' : 'default'}
            aria-pressed={post.liked}
            onClick={() => void toggleLike()}
            disabled={liking}
            data-testid="feed-like"
          >
            <span aria-hidden>♥&nbsp;</span>
            {t('post.likes', { count: post.likes })}
          </Button>
          {detail ? (
            <Text size="sm" c="dimmed">
              {t('post.comments', { count: post.comments })}
            </Text>
          ) : (
            <Button
              size="sm"
              variant="subtle"
              component={Link}
              to={paths.feedPost(eventId, post.id)}
              aria-label={`${t('post.comments', { count: post.comments })}: ${t('post.openComments', { author })}`}
              data-testid="feed-comments-link"
            >
              {t('post.comments', { count: post.comments })}
            </Button>
          )}
        </Group>
      </Stack>
      {dialog === 'report' && <ReportDialog eventId={eventId} post={post} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('post.deleteTitle')}
          confirmLabel={t('post.delete')}
          danger
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await deletePost(eventId, post.id);
            toast.success(t('post.deleted'));
            onDeleted(post.id);
          }}
        >
          {t('post.deleteText')}
        </ConfirmDialog>
      )}
    </Card>
  );
}
