import {
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  ENGAGEMENT_MESSAGES,
  QA_BOARD_SORTS,
  QA_QUESTION_MAX_LENGTH,
  rooms,
  type QaBoardSort,
} from '@plenary/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvent } from '../../shared/realtime';
import { toast } from '../../shared/ui/toast';
import {
  askQuestion,
  engagementKeys,
  fromWire,
  OfflineError,
  setUpvote,
  useQaBoard,
  type LiveTool,
  type QaBoard,
  type QaQuestionView,
} from './api';
import { arrangeBoard, withUpvote } from './logic';
import classes from './engagement.module.css';

function QuestionItem({
  question,
  upvoted,
  onUpvote,
  pinned,
}: {
  question: QaQuestionView;
  upvoted: boolean;
  onUpvote: (on: boolean) => void;
  pinned?: boolean;
}) {
  const { t } = useTranslation('participantEngagement');
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="sm"
      className={pinned ? classes.pinned : undefined}
      data-testid="qa-question"
    >
      <Stack gap={6}>
        {pinned && (
          <Badge color="grape.9" variant="filled">
            {t('qa.highlighted')}
          </Badge>
        )}
        <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{question.text}</Text>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed">
            {question.author ?? t('qa.anonymousAuthor')}
          </Text>
          <Button
            size="sm"
            variant={upvoted ? 'filled' : 'default'}
            aria-pressed={upvoted}
            aria-label={`${t('qa.upvote', { text: question.text })} (${t('qa.upvotes', { count: question.upvotes })})`}
            onClick={() => onUpvote(!upvoted)}
            disabled={question.answered}
          >
            ▲ {question.upvotes}
          </Button>
        </Group>
        {question.replies.map((r) => (
          <Card key={r.id} bg="gray.0" padding="xs" radius="sm">
            <Text size="xs" fw={600}>
              {t('qa.reply', { author: r.author })}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {r.text}
            </Text>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}

function AskForm({ eventId, tool }: { eventId: string; tool: LiveTool }) {
  const { t } = useTranslation('participantEngagement');
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [anonymous, setAnonymous] = useState(tool.anonymity === 'ANONYMOUS');
  const [error, setError] = useState<string | null>(null);
  const ask = useMutation({
    networkMode: 'always',
    mutationFn: () => askQuestion(eventId, tool.instanceId, { text, anonymous }),
    onMutate: () => setError(null),
    onSuccess: () => {
      setText('');
      toast.success(t('qa.sent'));
      void client.invalidateQueries({ queryKey: engagementKeys.board(eventId, tool.instanceId) });
    },
    onError: (e) => {
      const message =
        e instanceof OfflineError
          ? ENGAGEMENT_MESSAGES.offline
          : ('fields' in e && (e.fields as Record<string, string> | undefined)?.text) || e.message;
      setError(message);
    },
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) ask.mutate();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t('qa.askLabel')}
          placeholder={t('qa.askPlaceholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={QA_QUESTION_MAX_LENGTH}
          autosize
          minRows={2}
          error={error}
        />
        {tool.anonymity === 'ALLOW_ANONYMOUS' && (
          <Switch
            label={t('qa.anonymous')}
            checked={anonymous}
            onChange={(e) => setAnonymous(e.currentTarget.checked)}
          />
        )}
        <Button type="submit" loading={ask.isPending} disabled={!text.trim()}>
          {t('qa.send')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Q&A: the approved questions (highlighted one pinned, answered ones apart) in the order chosen,
 * the participant's own questions waiting for a moderator, ask, and an upvote toggle shown at once
 * and undone when the API refuses it. Live through `qa.board` on the instance's room.
 */
export function QaCard({ eventId, tool }: { eventId: string; tool: LiveTool }) {
  const { t } = useTranslation('participantEngagement');
  const client = useQueryClient();
  const [sort, setSort] = useState<QaBoardSort>(tool.settings.qaSort ?? 'MOST_VOTED');
  const key = engagementKeys.board(eventId, tool.instanceId);
  const board = useQaBoard(eventId, tool.instanceId);
  useRealtimeEvent(rooms.engagement(tool.instanceId), 'qa.board', (p) => {
    if (p.instanceId !== tool.instanceId) return;
    const before = client.getQueryData<QaBoard>(key);
    client.setQueryData<QaBoard>(key, (b) =>
      b ? { ...b, records: fromWire<QaBoard['records']>(p.questions) } : b,
    );
    // An own question was approved or rejected: its pending mark goes.
    if (before && before.myPending.length > 0) void client.invalidateQueries({ queryKey: key });
  });
  const upvote = useMutation({
    networkMode: 'always',
    mutationFn: ({ id, on }: { id: string; on: boolean }) => setUpvote(eventId, id, on),
    onMutate: ({ id, on }) => {
      client.setQueryData<QaBoard>(key, (b) => (b ? withUpvote(b, id, on) : b));
    },
    // The API's count and state (realtime frames carry the same counts; whichever comes last wins).
    onSuccess: (r) => {
      client.setQueryData<QaBoard>(key, (b) =>
        b
          ? {
              ...withUpvote(b, r.questionId, r.upvoted),
              records: b.records.map((q) => (q.id === r.questionId ? { ...q, upvotes: r.upvotes } : q)),
            }
          : b,
      );
    },
    onError: (e, { id, on }) => {
      client.setQueryData<QaBoard>(key, (b) => (b ? withUpvote(b, id, !on) : b));
      toast.error(e instanceof OfflineError ? ENGAGEMENT_MESSAGES.offline : e.message, t('qa.upvoteFailed'));
    },
  });
  const data = board.data;
  const arranged = arrangeBoard(data?.records ?? [], sort);
  const mine = new Set(data?.myUpvotes ?? []);
  const item = (q: QaQuestionView, pinned?: boolean) => (
    <QuestionItem
      key={q.id}
      question={q}
      pinned={pinned}
      upvoted={mine.has(q.id)}
      onUpvote={(on) => upvote.mutate({ id: q.id, on })}
    />
  );
  const list = (items: QaQuestionView[], pinned?: boolean) => (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((q) => item(q, pinned))}
    </Stack>
  );
  return (
    <Stack gap="md">
      <AskForm eventId={eventId} tool={tool} />
      {data && data.myPending.length > 0 && (
        <Card withBorder radius="md" padding="sm">
          <Text fw={600} mb={4}>
            {t('qa.pendingTitle')}
          </Text>
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
            {data.myPending.map((p) => (
              <li key={p.id}>
                <Text size="sm">{p.text}</Text>
                <Badge size="sm" color="dark" variant="outline">
                  {t('qa.pending')}
                </Badge>
              </li>
            ))}
          </Stack>
        </Card>
      )}
      <NativeSelect
        label={t('qa.sort')}
        value={sort}
        onChange={(e) => setSort(e.currentTarget.value as QaBoardSort)}
        data={QA_BOARD_SORTS.map((s) => ({ value: s, label: t(`qa.sorts.${s}`) }))}
      />
      {arranged.pinned.length > 0 && list(arranged.pinned, true)}
      {arranged.open.length > 0
        ? list(arranged.open)
        : arranged.pinned.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('qa.empty')}
            </Text>
          )}
      {arranged.answered.length > 0 && (
        <Stack gap="xs">
          <Title order={4} size="h5">
            {t('qa.answered')}
          </Title>
          {list(arranged.answered)}
        </Stack>
      )}
    </Stack>
  );
}
