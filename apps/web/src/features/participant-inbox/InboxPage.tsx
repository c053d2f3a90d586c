import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { inboxKeys, markAllRead, markRead, useInbox, useUnread, type InboxItemView } from './api';
import { NotificationsCard } from './NotificationsCard';
import { safeAppPath } from './push';

function Item({ eventId, item }: { eventId: string; item: InboxItemView }) {
  const { t, i18n } = useTranslation('inbox');
  const navigate = useNavigate();
  const client = useQueryClient();
  const unread = item.readAt === null;
  const open = async () => {
    if (unread) {
      await markRead(eventId, item.id).catch(() => undefined);
      void client.invalidateQueries({ queryKey: inboxKeys.all(eventId) });
    }
    if (item.url) void navigate(safeAppPath(item.url));
  };
  const when = new Date(item.createdAt).toLocaleString(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <li>
      <Card
        withBorder
        radius="md"
        padding="md"
        bg={unread ? 'var(--mantine-color-indigo-0)' : undefined}
        style={unread ? { borderLeft: '4px solid var(--mantine-color-indigo-6)' } : undefined}
      >
        <UnstyledButton
          onClick={() => void open()}
          w="100%"
          aria-label={`${unread ? `${t('unreadLabel')}: ` : ''}${item.title}`}
        >
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text fw={unread ? 800 : 600}>{item.title}</Text>
              {unread && (
                <Badge size="sm" color="indigo.8" variant="filled" aria-hidden>
                  {t('new')}
                </Badge>
              )}
            </Group>
            {item.body && (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {item.body}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {when}
            </Text>
          </Stack>
        </UnstyledButton>
      </Card>
    </li>
  );
}

/** `/event/:eventId/inbox`: every communication and reminder received, newest first, live. */
export function InboxPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('inbox');
  usePageTitle(t('title'));
  const inbox = useInbox(eventId);
  const unread = useUnread(eventId);
  const client = useQueryClient();
  const items = inbox.data?.pages.flatMap((p) => p.items) ?? [];
  const unreadCount = unread.data?.unread ?? inbox.data?.pages[0]?.unread ?? 0;

  return (
    <Stack gap="md" maw={680} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('title')}
          </Title>
          <Text c="dimmed" data-testid="inbox-unread">
            {t('unread', { count: unreadCount })}
          </Text>
        </Stack>
        {unreadCount > 0 && (
          <Button
            variant="default"
            size="xs"
            onClick={() =>
              void markAllRead(eventId).then(() =>
                client.invalidateQueries({ queryKey: inboxKeys.all(eventId) }),
              )
            }
          >
            {t('markAll')}
          </Button>
        )}
      </Group>
      <NotificationsCard eventId={eventId} />
      {inbox.isError && <LoadError message={t('loadFailed')} onRetry={() => void inbox.refetch()} />}
      {inbox.isPending && (
        <Stack gap="sm" role="status" aria-label={t('loading')}>
          <Skeleton h={90} radius="md" />
          <Skeleton h={90} radius="md" />
        </Stack>
      )}
      {inbox.isSuccess && items.length === 0 && (
        <Stack gap={4} py="lg" ta="center" role="status">
          <Text fw={700}>{t('empty')}</Text>
          <Text c="dimmed">{t('emptyText')}</Text>
        </Stack>
      )}
      {items.length > 0 && (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('title')}
          data-testid="inbox-list"
        >
          {items.map((item) => (
            <Item key={item.id} eventId={eventId} item={item} />
          ))}
        </Stack>
      )}
      {inbox.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void inbox.fetchNextPage()}
          loading={inbox.isFetchingNextPage}
        >
          {t('loadMore')}
        </Button>
      )}
    </Stack>
  );
}
