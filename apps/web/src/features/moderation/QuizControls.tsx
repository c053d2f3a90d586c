import { Button, Group, Text } from '@mantine/core';
import { rooms, type quizStateSchema } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useApiMutation, useApiQuery } from '../../shared/api/query';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { toast } from '../../shared/ui/toast';

type QuizState = z.input<typeof quizStateSchema>;
type QuizAction = 'NEXT_QUESTION' | 'SHOW_LEADERBOARD' | 'FINISH';

const e = encodeURIComponent;

/**
 * Runs an OPEN quiz from the moderation page (quiz status): the phase, and the moves it allows —
 * next question, show the leaderboard, finish. Live through `quiz.state`; the room's screens follow.
 */
export function QuizControls({
  eventId,
  toolId,
  instanceId,
  name,
}: {
  eventId: string;
  toolId: string;
  instanceId: string;
  name: string;
}) {
  const { t } = useTranslation('moderation');
  const client = useQueryClient();
  const path = `events/${e(eventId)}/engagement/instances/${e(instanceId)}/quiz`;
  const state = useApiQuery<QuizState>(path);
  useRealtimeEvent(rooms.engagement(instanceId), 'quiz.state', (p) => {
    if (p.instanceId === instanceId) client.setQueryData([path], p);
  });
  useRealtimeResync(() => void state.refetch());
  const move = useApiMutation<QuizState, QuizAction>(
    (action) => ({
      path: `events/${e(eventId)}/moderation/engagement-tools/${e(toolId)}/instances/${e(instanceId)}/quiz`,
      method: 'PUT',
      body: { action },
    }),
    {
      onSuccess: (next) => client.setQueryData([path], next),
      onError: (error) => toast.error(error.message || t('queue.failed')),
    },
  );
  const s = state.data;
  if (!s) return null;
  const index = s.questionIndex ?? -1;
  const hasNext = index + 1 < s.questionCount;
  const phase =
    s.phase === 'QUESTION'
      ? t('quiz.question', { n: index + 1, total: s.questionCount })
      : t(`quiz.phase.${s.phase}`);
  const button = (action: QuizAction, label: string, variant = 'default') => (
    <Button
      size="xs"
      variant={variant}
      loading={move.isPending && move.variables === action}
      disabled={move.isPending}
      onClick={() => move.mutate(action)}
      aria-label={`${label}: ${name}`}
    >
      {label}
    </Button>
  );
  return (
    <Group gap="xs" role="group" aria-label={t('quiz.controls', { name })}>
      <Text size="sm" fw={600} role="status">
        {phase}
      </Text>
      {s.phase !== 'FINISHED' &&
        hasNext &&
        s.phase !== 'QUESTION' &&
        button('NEXT_QUESTION', t('quiz.next'), 'filled')}
      {s.phase === 'QUESTION' && button('SHOW_LEADERBOARD', t('quiz.leaderboard'), 'filled')}
      {s.phase !== 'FINISHED' && s.phase !== 'LOBBY' && button('FINISH', t('quiz.finish'))}
    </Group>
  );
}
