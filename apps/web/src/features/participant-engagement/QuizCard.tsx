import { Alert, Badge, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { ENGAGEMENT_MESSAGES, rooms } from '@plenary/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { useRealtimeEvent } from '../../shared/realtime';
import { toast } from '../../shared/ui/toast';
import { useOwnProfile } from '../participant-profile';
import {
  answerQuiz,
  engagementKeys,
  fromWire,
  OfflineError,
  useLeaderboard,
  useQuizState,
  type LeaderboardView,
  type LiveTool,
  type QuizStateView,
} from './api';
import { msLeft, ownEntry } from './logic';
import { BigOption } from './QuestionField';

/** Seconds left on the server's clock, ticking on the device from when the state arrived. */
function useCountdown(state: QuizStateView | undefined, receivedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  const running = state?.phase === 'QUESTION' && state.deadline !== null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);
  if (!state || !running) return 0;
  return msLeft(state.deadline, state.serverNow, receivedAt, Math.max(now, receivedAt));
}

function Leaderboard({ eventId, tool }: { eventId: string; tool: LiveTool }) {
  const { t } = useTranslation('participantEngagement');
  const board = useLeaderboard(eventId, tool.instanceId, true);
  const me = useOwnProfile(eventId).data?.participant.id;
  const entries = board.data?.entries ?? [];
  const own = ownEntry(entries, me);
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        {t('quiz.leaderboard')}
      </Title>
      <Text fw={600} role="status">
        {own ? t('quiz.myRank', { rank: own.rank, points: own.points }) : t('quiz.notRanked')}
      </Text>
      <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.slice(0, 10).map((e) => (
          <Group component="li" key={e.participantId} justify="space-between" wrap="nowrap">
            <Text fw={e.participantId === me ? 700 : 400}>
              {e.rank}. {e.name}
            </Text>
            <Badge variant="filled" color="blue.9">
              {t('quiz.points', { points: e.points })}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * A quiz: the lobby, then each question with a countdown to the server's deadline and its options
 * as big buttons (one answer), then "waiting" and the leaderboard with the participant's own rank.
 * Live through `quiz.state` and `quiz.leaderboard` on the instance's room.
 */
export function QuizCard({ eventId, tool }: { eventId: string; tool: LiveTool }) {
  const { t } = useTranslation('participantEngagement');
  const client = useQueryClient();
  const stateKey = engagementKeys.quiz(eventId, tool.instanceId);
  const quiz = useQuizState(eventId, tool.instanceId);
  const room = rooms.engagement(tool.instanceId);
  useRealtimeEvent(room, 'quiz.state', (p) => {
    if (p.instanceId === tool.instanceId)
      client.setQueryData<QuizStateView>(stateKey, fromWire<QuizStateView>(p));
  });
  useRealtimeEvent(room, 'quiz.leaderboard', (p) => {
    if (p.instanceId === tool.instanceId)
      client.setQueryData<LeaderboardView>(
        engagementKeys.leaderboard(eventId, tool.instanceId),
        fromWire<LeaderboardView>(p),
      );
  });
  const [answered, setAnswered] = useState<Record<string, string[]>>({});
  // A multiple-choice question: the options ticked so far (sent with one submit).
  const [picked, setPicked] = useState<Record<string, string[]>>({});
  const answer = useMutation({
    networkMode: 'always',
    mutationFn: (v: { questionId: string; optionIds: string[] }) => answerQuiz(eventId, tool.instanceId, v),
    onSuccess: (_, v) => setAnswered((a) => ({ ...a, [v.questionId]: v.optionIds })),
    onError: (e, v) => {
      // Answered before (on another device, or before a reload): it is the waiting state, not an error.
      if (isApiError(e) && e.message === ENGAGEMENT_MESSAGES.alreadyAnswered)
        setAnswered((a) => ({ ...a, [v.questionId]: v.optionIds }));
      else
        toast.error(e instanceof OfflineError ? ENGAGEMENT_MESSAGES.offline : e.message, t('answer.failed'));
    },
  });
  const state = quiz.data;
  const left = useCountdown(state, quiz.dataUpdatedAt);
  if (!state) return null;

  if (state.phase === 'LOBBY')
    return (
      <Text fw={600} role="status">
        {t('quiz.lobby')}
      </Text>
    );
  if (state.phase === 'QUESTION') {
    const question = tool.questions.find((q) => q.id === state.questionId);
    const mine = state.questionId ? answered[state.questionId] : undefined;
    const seconds = Math.ceil(left / 1000);
    const limit = (question?.timeLimitSec ?? 30) * 1000;
    const over = left <= 0;
    return (
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {t('quiz.question', { number: (state.questionIndex ?? 0) + 1, count: state.questionCount })}
          </Text>
          <Text size="sm" fw={700} aria-live="off" data-testid="quiz-countdown">
            {over ? t('quiz.timeUp') : t('quiz.timeLeft', { count: seconds })}
          </Text>
        </Group>
        <Progress value={Math.min(100, (left / limit) * 100)} aria-hidden size="sm" />
        {question && (
          <Text fw={700} size="lg">
            {question.text}
          </Text>
        )}
        {mine ? (
          <Text fw={600} role="status">
            {t('quiz.answered')}
          </Text>
        ) : over ? (
          <Text fw={600} role="status">
            {t('quiz.waiting')}
          </Text>
        ) : (
          question &&
          (question.type === 'CHECKBOX' ? (
            <Stack gap="xs" role="group" aria-label={question.text}>
              {question.options.map((o) => {
                const ticked = picked[question.id] ?? [];
                return (
                  <BigOption
                    key={o.id}
                    label={o.label}
                    chosen={ticked.includes(o.id)}
                    disabled={answer.isPending}
                    onClick={() =>
                      setPicked((p) => ({
                        ...p,
                        [question.id]: ticked.includes(o.id)
                          ? ticked.filter((x) => x !== o.id)
                          : [...ticked, o.id],
                      }))
                    }
                  />
                );
              })}
              <Button
                size="md"
                loading={answer.isPending}
                disabled={(picked[question.id] ?? []).length === 0}
                onClick={() =>
                  answer.mutate({ questionId: question.id, optionIds: picked[question.id] ?? [] })
                }
              >
                {t('answer.submit')}
              </Button>
            </Stack>
          ) : (
            <Stack gap="xs" role="group" aria-label={question.text}>
              {question.options.map((o) => (
                <BigOption
                  key={o.id}
                  label={o.label}
                  chosen={answer.isPending && answer.variables.optionIds.includes(o.id)}
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ questionId: question.id, optionIds: [o.id] })}
                />
              ))}
            </Stack>
          ))
        )}
        {answer.isError &&
          answer.variables.questionId === state.questionId &&
          !mine &&
          !(answer.error instanceof OfflineError) && <Alert color="red">{answer.error.message}</Alert>}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {state.phase === 'FINISHED' && (
        <Text fw={600} role="status">
          {t('quiz.finished')}
        </Text>
      )}
      <Leaderboard eventId={eventId} tool={tool} />
    </Stack>
  );
}
