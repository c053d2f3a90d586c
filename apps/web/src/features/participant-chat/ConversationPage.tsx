import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { CHAT_TEXT_MAX, sanitizeChatText } from '@plenary/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { participantPaths } from '../../shared/navigation/participantPaths';
import { formatTime, viewerClock } from '../../shared/time/format';
import { ArrowLeftIcon, MoreIcon } from '../../shared/ui/icons';
import { FormDialog } from '../../shared/ui/FormDialog';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import {
  useAddMembers,
  useBlocks,
  useChatAccess,
  useConversation,
  useReportMessage,
  useSetBlock,
  type ConversationDetailView,
} from './api';
import type { HeldMessage } from './logic';
import { MessageText } from './MessageText';
import { GroupDialog } from './PeopleDialog';
import { useThread } from './useThread';

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** `/event/:eventId/chat/:conversationId`: one conversation, live. */
export function ConversationPage() {
  const { eventId = '', conversationId = '' } = useParams();
  const { t } = useTranslation('chat');
  const access = useChatAccess(eventId);
  const detail = useConversation(eventId, conversationId);
  usePageTitle(detail.data?.name || t('title'));

  let body;
  if (detail.isPending || access.isPending)
    body = (
      <Stack role="status" aria-label={t('thread.loading')} gap="sm">
        <Skeleton h={40} radius="md" />
        <Skeleton h={56} radius="md" />
        <Skeleton h={56} radius="md" />
      </Stack>
    );
  else if (detail.isError)
    body =
      detail.error.status === 404 ? (
        <Alert color="gray" variant="light">
          {t('thread.notFound')}
        </Alert>
      ) : detail.error.status === 403 ? (
        <Alert color="gray" variant="light">
          {detail.error.message}
        </Alert>
      ) : (
        <LoadError onRetry={() => void detail.refetch()} />
      );
  else if (access.isError) body = <LoadError onRetry={() => void access.refetch()} />;
  else
    body = (
      <Thread
        eventId={eventId}
        detail={detail.data}
        me={access.data.participantId}
        cap={access.data.groupMemberCap}
      />
    );

  return (
    <Stack gap="md">
      <Anchor
        component={Link}
        to={participantPaths.chat(eventId)}
        size="sm"
        style={{ alignSelf: 'flex-start' }}
      >
        <Group gap={4} component="span">
          <ArrowLeftIcon size={16} />
          {t('thread.back')}
        </Group>
      </Anchor>
      {body}
    </Stack>
  );
}

function Thread({
  eventId,
  detail,
  me,
  cap,
}: {
  eventId: string;
  detail: ConversationDetailView;
  me: string;
  cap: number;
}) {
  const { t } = useTranslation('chat');
  const thread = useThread(eventId, detail.id);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [reporting, setReporting] = useState<HeldMessage | null>(null);
  const [adding, setAdding] = useState(false);
  const blocks = useBlocks(eventId, detail.kind === 'DIRECT');
  const setBlock = useSetBlock(eventId);
  const addMembers = useAddMembers(eventId, detail.id);
  const endRef = useRef<HTMLDivElement>(null);
  const count = thread.state.messages.length + thread.state.pending.length;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const other = detail.other;
  const isBlocked = other
    ? (blocks.data?.records ?? []).some((p) => p.participantId === other.participantId)
    : false;
  const length = text.length;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const clean = sanitizeChatText(text);
    if (!clean) return;
    if (clean.length > CHAT_TEXT_MAX) {
      setFieldError(t('thread.tooLong', { max: CHAT_TEXT_MAX.toLocaleString() }));
      return;
    }
    setFieldError(null);
    setText('');
    const error = await thread.send(clean);
    if (error) toast.error(error.fields?.text ?? error.message);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {detail.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`kind.${detail.kind}`)}
            {detail.kind !== 'DIRECT' && ` · ${t('members', { count: detail.memberCount })}`}
          </Text>
        </Stack>
        {(other || detail.canAddMembers) && (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label={t('thread.actions')}>
                <MoreIcon size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {other && (
                <Menu.Item
                  onClick={() =>
                    setBlock.mutate(
                      { participantId: other.participantId, blocked: !isBlocked },
                      {
                        onSuccess: () =>
                          toast.success(
                            t(isBlocked ? 'thread.unblocked' : 'thread.blocked', { name: name(other) }),
                          ),
                        onError: (err) => toast.error(err.message),
                      },
                    )
                  }
                >
                  {t(isBlocked ? 'thread.unblock' : 'thread.block', { name: name(other) })}
                </Menu.Item>
              )}
              {detail.canAddMembers && (
                <Menu.Item onClick={() => setAdding(true)}>{t('group.add')}</Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>

      {thread.status === 'loading' ? (
        <Stack role="status" aria-label={t('thread.loading')} gap="sm">
          <Skeleton h={56} radius="md" />
          <Skeleton h={56} radius="md" />
        </Stack>
      ) : thread.status === 'error' ? (
        thread.error?.status === 403 ? (
          <Alert color="gray" variant="light">
            {thread.error.message}
          </Alert>
        ) : (
          <LoadError onRetry={() => window.location.reload()} />
        )
      ) : (
        <Stack gap="xs" role="log" aria-label={t('thread.log')} aria-live="polite" data-testid="chat-log">
          {thread.more && (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => void thread.loadOlder()}
              loading={thread.loadingOlder}
            >
              {t('thread.older')}
            </Button>
          )}
          {thread.state.messages.length === 0 && thread.state.pending.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="lg">
              {t('noMessages')}
            </Text>
          )}
          {thread.state.messages.map((m) => (
            <Bubble
              key={m.id}
              m={m}
              mine={m.sender?.participantId === me}
              showSender={detail.kind !== 'DIRECT'}
              onReport={() => setReporting(m)}
            />
          ))}
          {thread.state.pending.map((p) => (
            <Paper
              key={p.clientId}
              p="xs"
              radius="md"
              withBorder
              ml="auto"
              maw="85%"
              bg="var(--mantine-color-brand-light)"
            >
              <MessageText text={p.text} />
              {p.status === 'pending' ? (
                <Text size="xs" c="dimmed" role="status">
                  {t('thread.sending')}
                </Text>
              ) : (
                <Group gap="xs">
                  <Text size="xs" c="red.8">
                    {t('thread.failed')}
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => void thread.retry(p.clientId, p.text)}
                  >
                    {t('thread.retry')}
                  </Button>
                </Group>
              )}
            </Paper>
          ))}
          <div ref={endRef} />
        </Stack>
      )}

      <form onSubmit={(e) => void submit(e)} noValidate>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Textarea
            label={t('thread.message')}
            placeholder={t('thread.placeholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
            autosize
            minRows={1}
            maxRows={5}
            style={{ flex: 1 }}
            error={fieldError}
            description={
              length > CHAT_TEXT_MAX * 0.8
                ? t('thread.counter', { count: length, max: CHAT_TEXT_MAX })
                : undefined
            }
            disabled={thread.status !== 'ready'}
          />
          <Button type="submit" disabled={thread.status !== 'ready' || text.trim() === ''}>
            {t('thread.send')}
          </Button>
        </Group>
      </form>

      {reporting && <ReportDialog eventId={eventId} m={reporting} onClose={() => setReporting(null)} />}
      {adding && (
        <GroupDialog
          eventId={eventId}
          title={t('group.addTitle')}
          submitLabel={t('group.addSubmit')}
          withName={false}
          cap={cap}
          exclude={detail.members.map((p) => p.participantId)}
          saving={addMembers.isPending}
          error={addMembers.error?.fields}
          onClose={() => setAdding(false)}
          onSubmit={(_name, ids) => addMembers.mutate(ids, { onSuccess: () => setAdding(false) })}
        />
      )}
    </Stack>
  );
}

function Bubble({
  m,
  mine,
  showSender,
  onReport,
}: {
  m: HeldMessage;
  mine: boolean;
  showSender: boolean;
  onReport: () => void;
}) {
  const { t } = useTranslation('chat');
  const sender = m.sender ? name(m.sender) : '';
  return (
    <Paper
      p="xs"
      radius="md"
      withBorder
      ml={mine ? 'auto' : 0}
      mr={mine ? 0 : 'auto'}
      maw="85%"
      bg={mine ? 'var(--mantine-color-brand-light)' : undefined}
      data-seq={m.seq}
    >
      {showSender && !mine && (
        <Text size="xs" fw={700}>
          {sender}
        </Text>
      )}
      {m.hidden ? (
        <Text size="sm" fs="italic" c="dimmed">
          {t('hiddenMessage')}
        </Text>
      ) : (
        <MessageText text={m.text} />
      )}
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          <VisuallyHidden component="span">{mine ? t('you') : sender} </VisuallyHidden>
          {formatTime(m.createdAt, viewerClock())}
          {mine && ` · ${t('thread.sent')}`}
        </Text>
        {!mine && !m.hidden && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            onClick={onReport}
            aria-label={t('thread.reportMessage', { name: sender })}
          >
            {t('thread.report')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function ReportDialog({ eventId, m, onClose }: { eventId: string; m: HeldMessage; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const [reason, setReason] = useState('');
  const report = useReportMessage(eventId);
  return (
    <FormDialog
      title={t('thread.reportTitle')}
      submitLabel={t('thread.report')}
      onClose={onClose}
      saving={report.isPending}
      size="md"
      onSubmit={(e) => {
        e.preventDefault();
        report.mutate(
          { messageId: m.id, reason },
          {
            onSuccess: () => {
              toast.success(t('thread.reported'));
              onClose();
            },
            onError: (err) => {
              if (!err.fields) toast.error(err.message);
            },
          },
        );
      }}
    >
      <Paper p="xs" withBorder radius="md">
        <MessageText text={m.text} />
      </Paper>
      <Textarea
        label={t('thread.reason')}
        description={t('thread.reasonHint')}
        required
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={report.error?.fields?.reason}
        data-autofocus
      />
    </FormDialog>
  );
}
