import { Badge, Button, Card, Group, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { rooms, type ModerationAction } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { FormDialog } from '../../shared/ui/FormDialog';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { moderationPaths, useModerate, useQueue, useReply } from './api';
import { QUEUE_TABS, questionsForTab, tabCounts, type ModeratorQuestion, type QueueTab } from './queue';

interface QueueProps {
  eventId: string;
  toolId: string;
  instanceId: string;
  name: string;
  /** A decision was made: the decisions log refetches. */
  onDecision?: () => void;
}

type Dialog = { kind: 'edit' | 'reply'; question: ModeratorQuestion } | null;

/** One question with the actions its status allows; every control is a labelled button. */
function QuestionCard({
  question,
  act,
  busy,
  openDialog,
}: {
  question: ModeratorQuestion;
  act: (q: ModeratorQuestion, action: ModerationAction) => void;
  busy: boolean;
  openDialog: (d: Dialog) => void;
}) {
  const { t } = useTranslation('moderation');
  const q = question;
  const b = (action: ModerationAction, label: string, variant = 'default', color?: string) => (
    <Button size="xs" variant={variant} color={color} disabled={busy} onClick={() => act(q, action)}>
      {label}
    </Button>
  );
  return (
    <Card
      withBorder
      padding="md"
      component="li"
      aria-label={q.text}
      style={q.highlighted ? { borderColor: 'var(--mantine-color-yellow-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={500} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {q.text}
          </Text>
          <Group gap={4} wrap="nowrap">
            {q.highlighted && (
              <Badge color="yellow" variant="filled" c="dark">
                {t('queue.highlighted')}
              </Badge>
            )}
            {q.starred && <Badge variant="light">{t('queue.starred')}</Badge>}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {q.author ?? t('queue.anonymous')} · {t('queue.upvotes', { count: q.upvotes })} ·{' '}
          {new Date(q.createdAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
        </Text>
        {q.originalText !== null && (
          <Text size="sm" c="dimmed">
            {t('queue.edited', { text: q.originalText })}
          </Text>
        )}
        {q.replies.length > 0 && (
          <Stack gap={2} pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-blue-3)' }}>
            <Text size="xs" fw={600} c="dimmed">
              {t('queue.replies')}
            </Text>
            {q.replies.map((r) => (
              <Text key={r.id} size="sm">
                <strong>{r.author}:</strong> {r.text}
              </Text>
            ))}
          </Stack>
        )}
        <Group gap={6} role="group" aria-label={t('queue.actions', { text: q.text.slice(0, 60) })}>
          {q.status === 'PENDING' && (
            <>
              {b('APPROVE', t('queue.approve'), 'filled', 'green')}
              {b('REJECT', t('queue.reject'), 'light', 'red')}
              <Button
                size="xs"
                variant="default"
                disabled={busy}
                onClick={() => openDialog({ kind: 'edit', question: q })}
              >
                {t('queue.edit')}
              </Button>
            </>
          )}
          {q.status === 'APPROVED' && !q.answered && (
            <>
              {q.highlighted
                ? b('UNHIGHLIGHT', t('queue.unhighlight'))
                : b('HIGHLIGHT', t('queue.highlight'), 'filled', 'yellow')}
              {q.starred ? b('UNSTAR', t('queue.unstar')) : b('STAR', t('queue.star'))}
              <Button
                size="xs"
                variant="default"
                disabled={busy}
                onClick={() => openDialog({ kind: 'reply', question: q })}
              >
                {t('queue.reply')}
              </Button>
              {b('MARK_ANSWERED', t('queue.markAnswered'))}
              {b('REJECT', t('queue.reject'), 'subtle', 'red')}
            </>
          )}
          {q.status === 'APPROVED' && q.answered && b('RESTORE', t('queue.restore'))}
          {q.status === 'REJECTED' && b('APPROVE', t('queue.approve'), 'light', 'green')}
        </Group>
      </Stack>
    </Card>
  );
}

function TextDialog({
  dialog,
  onClose,
  onSubmit,
  saving,
}: {
  dialog: NonNullable<Dialog>;
  onClose: () => void;
  onSubmit: (text: string) => void;
  saving: boolean;
}) {
  const { t } = useTranslation('moderation');
  const [text, setText] = useState(dialog.kind === 'edit' ? dialog.question.text : '');
  const edit = dialog.kind === 'edit';
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (text.trim()) onSubmit(text.trim());
  };
  return (
    <FormDialog
      title={t(edit ? 'queue.editTitle' : 'queue.replyTitle')}
      submitLabel={t(edit ? 'queue.save' : 'queue.send')}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      size="md"
    >
      {!edit && (
        <Text size="sm" c="dimmed">
          {dialog.question.text}
        </Text>
      )}
      <Textarea
        label={t(edit ? 'queue.editLabel' : 'queue.replyLabel')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={3}
        maxLength={edit ? 500 : 2000}
        required
        data-autofocus
      />
    </FormDialog>
  );
}

/**
 * The live moderator queue of a Q&A instance: every question by status, new ones arriving through
 * `qa.queue` on the moderator room (and a refetch after a reconnect), each decision one click.
 */
export function QaQueue({ eventId, toolId, instanceId, name, onDecision }: QueueProps) {
  const { t } = useTranslation('moderation');
  const client = useQueryClient();
  const queue = useQueue(eventId, toolId, instanceId);
  const queueKey = [moderationPaths.queue(eventId, toolId, instanceId)];
  useRealtimeEvent(rooms.moderatorQueue(instanceId), 'qa.queue', (payload) => {
    if (payload.instanceId !== instanceId) return;
    // JSON on the wire: the payload's timestamps are strings, as in the API's answers.
    const questions = payload.questions as unknown as ModeratorQuestion[];
    client.setQueryData(queueKey, { records: questions, total: questions.length });
    onDecision?.();
  });
  useRealtimeResync(() => void queue.refetch());
  const [tab, setTab] = useState<QueueTab>('PENDING');
  const [dialog, setDialog] = useState<Dialog>(null);
  const done = () => {
    void queue.refetch();
    onDecision?.();
  };
  const moderate = useModerate(eventId, done);
  const reply = useReply(eventId, done);
  const act = (q: ModeratorQuestion, action: ModerationAction, text?: string) =>
    moderate.mutate(
      { answerId: q.id, action, text },
      {
        onSuccess: () => {
          toast.success(t(`queue.done.${action}`));
          setDialog(null);
        },
        onError: (e) => toast.error(e.message || t('queue.failed')),
      },
    );

  if (queue.isError && !queue.data)
    return <LoadError message={queue.error.message} onRetry={() => void queue.refetch()} />;
  const questions = queue.data?.records ?? [];
  const counts = tabCounts(questions);
  const busy = moderate.isPending || reply.isPending;

  return (
    <Stack gap="sm" component="section" aria-labelledby={`queue-${instanceId}`}>
      <Group justify="space-between">
        <Text component="h2" id={`queue-${instanceId}`} fw={700} fz="xl">
          {t('queue.title', { name })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('queue.live')}
        </Text>
      </Group>
      <Tabs value={tab} onChange={(v) => v && setTab(v as QueueTab)} keepMounted={false}>
        <Tabs.List aria-label={t('queue.tabs')}>
          {QUEUE_TABS.map((k) => (
            <Tabs.Tab
              key={k}
              value={k}
              rightSection={
                <Badge
                  size="sm"
                  variant={k === 'PENDING' && counts[k] > 0 ? 'filled' : 'light'}
                  color={k === 'PENDING' ? 'orange' : 'gray'}
                >
                  {counts[k]}
                </Badge>
              }
            >
              {t(`queue.tab.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {QUEUE_TABS.map((k) => (
          <Tabs.Panel key={k} value={k} pt="md">
            {queue.isPending ? (
              <Text role="status">{t('common:states.loading')}</Text>
            ) : questionsForTab(questions, k).length === 0 ? (
              <Text c="dimmed" role="status">
                {t(`queue.empty.${k}`)}
              </Text>
            ) : (
              <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {questionsForTab(questions, k).map((q) => (
                  <QuestionCard key={q.id} question={q} act={act} busy={busy} openDialog={setDialog} />
                ))}
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
      {dialog && (
        <TextDialog
          dialog={dialog}
          onClose={() => setDialog(null)}
          saving={busy}
          onSubmit={(text) =>
            dialog.kind === 'edit'
              ? act(dialog.question, 'EDIT_AND_APPROVE', text)
              : reply.mutate(
                  { answerId: dialog.question.id, text },
                  {
                    onSuccess: () => {
                      toast.success(t('queue.done.REPLY'));
                      setDialog(null);
                    },
                    onError: (e) => toast.error(e.message || t('queue.failed')),
                  },
                )
          }
        />
      )}
    </Stack>
  );
}
