import {
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { FEED_POST_MAX_LENGTH, rooms, type FeedModerationAction } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/errors';
import { DateTime, defineResource, listKey, ResourceListPage } from '../../shared/list';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { useUserState } from '../../shared/session/hooks';
import { BusyButton } from '../../shared/ui/BusyButton';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { toast } from '../../shared/ui/toast';
import {
  feedModerationPaths,
  moderatePost,
  postAnnouncement,
  saveFeedSettings,
  settingsKey,
  useFeedSettings,
  type FeedModerationPostView as Post,
} from './api';

const STATUS_COLORS = { PENDING: 'dark.7', APPROVED: 'teal.9', HIDDEN: 'gray.7' } as const;

function postsResource(eventId: string) {
  return defineResource<Post>({
    key: `feed-moderation-${eventId}`,
    path: feedModerationPaths.list(eventId),
    exportable: false,
    searchPlaceholderKey: 'feed:console.search',
    rowLabel: (p) => `${p.author}: ${p.text.slice(0, 40)}`,
    filters: [
      {
        kind: 'select',
        id: 'status',
        labelKey: 'feed:console.filters.status',
        options: [
          { value: 'PENDING', labelKey: 'feed:console.status.PENDING' },
          { value: 'APPROVED', labelKey: 'feed:console.status.APPROVED' },
          { value: 'HIDDEN', labelKey: 'feed:console.status.HIDDEN' },
        ],
      },
      { kind: 'boolean', id: 'reported', labelKey: 'feed:console.filters.reported' },
    ],
    columns: [
      {
        id: 'text',
        header: 'feed:console.columns.text',
        width: 360,
        cell: (p) => <PostCell post={p} />,
      },
      { id: 'author', header: 'feed:console.columns.author', width: 180, cell: (p) => p.author },
      {
        id: 'status',
        header: 'feed:console.columns.status',
        width: 130,
        cell: (p) => <StatusCell post={p} />,
      },
      {
        id: 'createdAt',
        header: 'feed:console.columns.createdAt',
        sortField: 'createdAt',
        width: 200,
        cell: (p) => <DateTime value={p.createdAt} />,
      },
      {
        id: 'likes',
        header: 'feed:console.columns.likes',
        sortField: 'likes',
        width: 90,
        align: 'right',
        cell: (p) => p.likes,
      },
      {
        id: 'comments',
        header: 'feed:console.columns.comments',
        sortField: 'comments',
        width: 120,
        align: 'right',
        cell: (p) => p.comments,
      },
      {
        id: 'reports',
        header: 'feed:console.columns.reports',
        sortField: 'reports',
        width: 100,
        align: 'right',
        cell: (p) =>
          p.reports > 0 ? (
            <Badge color="red.9" variant="filled">
              {p.reports}
            </Badge>
          ) : (
            0
          ),
      },
    ],
  });
}

function PostCell({ post }: { post: Post }) {
  const { t } = useTranslation('feed');
  return (
    <Stack gap={2} py={4}>
      <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {post.text}
      </Text>
      <Group gap={4}>
        {post.imageCount > 0 && (
          <Text size="xs" c="dimmed">
            {t('console.images', { count: post.imageCount })}
          </Text>
        )}
        {post.lastReason && (
          <Text size="xs" c="red.9" lineClamp={1}>
            {t('console.lastReason', { reason: post.lastReason })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

function StatusCell({ post }: { post: Post }) {
  const { t } = useTranslation('feed');
  return (
    <Group gap={4}>
      <Badge color={STATUS_COLORS[post.status]} variant="filled">
        {t(`console.status.${post.status}`)}
      </Badge>
      {post.pinned && (
        <Badge color="grape.9" variant="filled">
          {t('console.pinned')}
        </Badge>
      )}
    </Group>
  );
}

function actionsFor(post: Post): FeedModerationAction[] {
  const list: FeedModerationAction[] = [];
  if (post.status !== 'APPROVED') list.push('APPROVE');
  if (post.status !== 'HIDDEN') list.push('HIDE');
  if (post.status === 'APPROVED') list.push(post.pinned ? 'UNPIN' : 'PIN');
  if (post.reports > 0) list.push('DISMISS_REPORTS');
  list.push('DELETE');
  return list;
}

function RowMenu({ eventId, post, onDone }: { eventId: string; post: Post; onDone: () => void }) {
  const { t } = useTranslation('feed');
  const [confirm, setConfirm] = useState(false);
  const run = async (action: FeedModerationAction) => {
    try {
      await moderatePost(eventId, post.id, action);
      toast.success(t(`console.done.${action}`));
      onDone();
    } catch (e) {
      toast.error(isApiError(e) ? e.message : t('composer.failed'));
    }
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default" aria-label={t('console.actions', { author: post.author })}>
            <span aria-hidden>⋯</span>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {actionsFor(post).map((action) => (
            <Menu.Item
              key={action}
              color={action === 'DELETE' ? 'red.8' : undefined}
              onClick={() => (action === 'DELETE' ? setConfirm(true) : void run(action))}
            >
              {t(`console.action.${action}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {confirm && (
        <ConfirmDialog
          title={t('console.deleteTitle')}
          confirmLabel={t('console.action.DELETE')}
          danger
          onClose={() => setConfirm(false)}
          onConfirm={async () => {
            await moderatePost(eventId, post.id, 'DELETE');
            toast.success(t('console.done.DELETE'));
            onDone();
          }}
        >
          {t('console.deleteText')}
        </ConfirmDialog>
      )}
    </>
  );
}

function ApprovalSwitch({ eventId }: { eventId: string }) {
  const { t } = useTranslation('feed');
  const client = useQueryClient();
  const settings = useFeedSettings(eventId);
  const [busy, setBusy] = useState(false);
  const checked = settings.data?.approvalRequired ?? false;
  return (
    <Switch
      label={t('console.approval')}
      description={t('console.approvalHelp')}
      checked={checked}
      disabled={settings.isPending}
      aria-busy={busy}
      onChange={async (e) => {
        const approvalRequired = e.currentTarget.checked;
        setBusy(true);
        // Optimistic: the switch moves at once and goes back if the save fails.
        client.setQueryData(settingsKey(eventId), { approvalRequired });
        try {
          client.setQueryData(settingsKey(eventId), await saveFeedSettings(eventId, { approvalRequired }));
          toast.success(approvalRequired ? t('console.approvalOn') : t('console.approvalOff'));
        } catch (err) {
          client.setQueryData(settingsKey(eventId), { approvalRequired: !approvalRequired });
          toast.error(isApiError(err) ? err.message : t('composer.failed'));
        } finally {
          setBusy(false);
        }
      }}
      data-testid="feed-approval"
    />
  );
}

function AnnouncementDialog({
  eventId,
  onClose,
  onDone,
}: {
  eventId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('feed');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={t('console.announceTitle')} centered>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          try {
            await postAnnouncement(eventId, text);
            toast.success(t('console.announced'));
            onDone();
            onClose();
          } catch (err) {
            setError(isApiError(err) ? (err.fields?.text ?? err.message) : t('composer.failed'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('console.announceText')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={FEED_POST_MAX_LENGTH}
            autosize
            minRows={3}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <BusyButton type="submit" busy={busy} disabled={!text.trim()}>
              {t('console.announceSend')}
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type View = 'queue' | 'reported' | 'all';

/** `/networking/feed`: the queue, reported posts and every post of the selected event, live. */
export function FeedModerationPage() {
  const { t } = useTranslation('feed');
  const eventId = useUserState().userData?.selectedEventId ?? null;
  const resource = useMemo(() => (eventId ? postsResource(eventId) : null), [eventId]);
  const client = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const [announcing, setAnnouncing] = useState(false);
  const refresh = () => {
    if (eventId) void client.invalidateQueries({ queryKey: listKey(feedModerationPaths.list(eventId)) });
  };
  useRealtimeEvent(eventId ? rooms.eventStaff(eventId) : null, 'feed.post', refresh);
  useRealtimeEvent(eventId ? rooms.event(eventId) : null, 'feed.removed', refresh);
  useRealtimeResync(refresh);

  if (!eventId || !resource) return <Text role="status">{t('console.chooseEvent')}</Text>;
  const view: View =
    search.get('status') === 'PENDING' ? 'queue' : search.get('reported') === 'true' ? 'reported' : 'all';
  const setView = (next: View) =>
    setSearch((prev) => {
      const p = new URLSearchParams(prev);
      p.delete('status');
      p.delete('reported');
      p.delete('page');
      if (next === 'queue') p.set('status', 'PENDING');
      if (next === 'reported') p.set('reported', 'true');
      return p;
    });

  return (
    <ResourceListPage
      key={resource.key}
      resource={resource}
      title={t('console.title')}
      actions={<Button onClick={() => setAnnouncing(true)}>{t('console.announce')}</Button>}
      rowActions={(p) => <RowMenu eventId={eventId} post={p} onDone={refresh} />}
      empty={{ title: t('console.empty'), description: t('console.emptyText') }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('console.intro')}
        </Text>
        <ApprovalSwitch eventId={eventId} />
        <Group gap="xs">
          <Text size="sm" fw={600} id="feed-view-label">
            {t('console.views')}
          </Text>
          <SegmentedControl
            aria-labelledby="feed-view-label"
            value={view}
            onChange={(v) => setView(v as View)}
            data={[
              { value: 'queue', label: t('console.queue') },
              { value: 'reported', label: t('console.reported') },
              { value: 'all', label: t('console.all') },
            ]}
          />
        </Group>
      </Stack>
      {announcing && (
        <AnnouncementDialog eventId={eventId} onClose={() => setAnnouncing(false)} onDone={refresh} />
      )}
    </ResourceListPage>
  );
}
