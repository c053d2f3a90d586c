import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { participantPaths } from '../../shared/navigation/participantPaths';
import { BackLink } from '../../shared/navigation/BackLink';
import { formatDateTime, viewerClock } from '../../shared/time/format';
import { InboxIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import {
  useChatAccess,
  useChatActivity,
  useConversations,
  useStartConversation,
  type ConversationView,
} from './api';
import { initials } from './logic';
import { GroupDialog, PickPersonDialog } from './PeopleDialog';

const PAGE = 20;

/** `/event/:eventId/chat`: the participant's conversations, newest activity first, with unread badges. */
export function ChatPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('chat');
  usePageTitle(t('title'));
  const navigate = useNavigate();
  const [limit, setLimit] = useState(PAGE);
  const [dialog, setDialog] = useState<'person' | 'group' | null>(null);
  const access = useChatAccess(eventId);
  const usable = access.data?.hasChatAccess === true;
  const list = useConversations(eventId, limit, usable);
  const start = useStartConversation(eventId);
  useChatActivity(eventId);
  const open = (id: string) => void navigate(participantPaths.conversation(eventId, id));

  let body;
  if (access.isPending || (usable && list.isPending))
    body = (
      <Stack role="status" aria-label={t('loading')} gap="sm">
        <Skeleton h={72} radius="md" />
        <Skeleton h={72} radius="md" />
      </Stack>
    );
  else if (access.isError) body = <LoadError onRetry={() => void access.refetch()} />;
  else if (!access.data.chatActive)
    body = (
      <Alert color="gray" variant="light">
        {t('chatOff')}
      </Alert>
    );
  else if (!access.data.hasChatAccess)
    body = (
      <Alert color="gray" variant="light">
        {t('noAccess')}
      </Alert>
    );
  else if (list.isError) body = <LoadError onRetry={() => void list.refetch()} />;
  else if (!list.data || list.data.records.length === 0)
    body = (
      <EmptyState icon={<InboxIcon size={28} />} title={t('empty')} description={t('emptyHint')} py="xl" />
    );
  else
    body = (
      <Stack gap="sm">
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.data.records.map((c) => (
            <li key={c.id}>
              <ConversationCard eventId={eventId} c={c} />
            </li>
          ))}
        </Stack>
        {list.data.total > list.data.records.length && (
          <Button variant="default" onClick={() => setLimit((l) => l + PAGE)} loading={list.isFetching}>
            {t('showMore')}
          </Button>
        )}
      </Stack>
    );

  return (
    <Stack gap="md">
      <BackLink eventId={eventId} />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('title')}
          </Title>
          {usable && (access.data?.unread ?? 0) > 0 && (
            <Text size="sm" c="dimmed">
              {t('unreadTotal', { count: access.data?.unread ?? 0 })}
            </Text>
          )}
        </Stack>
        {usable && (
          <Group gap="xs">
            <Button onClick={() => setDialog('person')}>{t('newMessage')}</Button>
            <Button variant="default" onClick={() => setDialog('group')}>
              {t('newGroup')}
            </Button>
          </Group>
        )}
      </Group>
      {body}
      {dialog === 'person' && (
        <PickPersonDialog
          eventId={eventId}
          onClose={() => setDialog(null)}
          onPick={(p) =>
            start.mutate(
              { kind: 'DIRECT', participantId: p.participantId },
              { onSuccess: (d) => open(d.id), onError: (e) => toast.error(e.message) },
            )
          }
        />
      )}
      {dialog === 'group' && (
        <GroupDialog
          eventId={eventId}
          title={t('group.title')}
          submitLabel={t('group.create')}
          withName
          cap={access.data?.groupMemberCap ?? 20}
          exclude={[]}
          saving={start.isPending}
          error={start.error?.fields}
          onClose={() => setDialog(null)}
          onSubmit={(name, ids) =>
            start.mutate({ kind: 'GROUP', name, participantIds: ids }, { onSuccess: (d) => open(d.id) })
          }
        />
      )}
    </Stack>
  );
}

function ConversationCard({ eventId, c }: { eventId: string; c: ConversationView }) {
  const { t } = useTranslation('chat');
  const last = c.lastMessage;
  const preview = last ? (last.hidden ? t('hiddenMessage') : last.text) : t('noMessages');
  const who = last?.sender ? `${last.sender.firstName}: ` : '';
  return (
    <Card
      component={Link}
      to={participantPaths.conversation(eventId, c.id)}
      withBorder
      radius="md"
      padding="sm"
      aria-label={c.unread > 0 ? `${c.name}, ${t('unread', { count: c.unread })}` : c.name}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <Avatar radius="xl" color="brand" src={c.other?.photoUrl ?? null} alt="">
          {c.other ? initials(c.other.firstName, c.other.lastName) : c.name.charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={c.unread > 0 ? 800 : 600} truncate>
              {c.name}
            </Text>
            {c.lastMessageAt && (
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatDateTime(c.lastMessageAt, viewerClock())}
              </Text>
            )}
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" truncate>
              {c.kind !== 'DIRECT' && `${t(`kind.${c.kind}`)} · `}
              {who}
              {preview}
            </Text>
            {c.unread > 0 && (
              <Badge color="red" variant="filled" circle={c.unread < 10} aria-hidden>
                {c.unread > 99 ? '99+' : c.unread}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
