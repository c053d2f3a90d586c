import type { instanceSchema, ModerationAction, moderationDecisionSchema } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApiMutation, useApiQuery } from '../../shared/api/query';
import type { ModeratorQuestion } from './queue';

const e = encodeURIComponent;

export const moderationPaths = {
  sessions: (eventId: string) => `events/${e(eventId)}/moderation/sessions`,
  instances: (eventId: string, sessionId: string) =>
    `events/${e(eventId)}/moderation/sessions/${e(sessionId)}/instances`,
  instanceBase: (eventId: string, toolId: string, instanceId: string) =>
    `events/${e(eventId)}/moderation/engagement-tools/${e(toolId)}/instances/${e(instanceId)}`,
  queue: (eventId: string, toolId: string, instanceId: string) =>
    `${moderationPaths.instanceBase(eventId, toolId, instanceId)}/answers`,
  /** Open / close: the instances route, which admins and the session's moderators may call. */
  status: (eventId: string, toolId: string, instanceId: string) =>
    `events/${e(eventId)}/engagement-tools/${e(toolId)}/instances/${e(instanceId)}/status`,
  decisions: (eventId: string, toolId: string, instanceId: string) =>
    `${moderationPaths.instanceBase(eventId, toolId, instanceId)}/decisions`,
  moderate: (eventId: string, answerId: string) =>
    `events/${e(eventId)}/moderation/answers/${e(answerId)}/moderate`,
  reply: (eventId: string, answerId: string) => `events/${e(eventId)}/moderation/reply/${e(answerId)}`,
};

export type ModerationDecision = z.input<typeof moderationDecisionSchema>;
export type EngagementInstance = z.input<typeof instanceSchema>;

export function useSessionInstances(eventId: string, sessionId: string) {
  return useApiQuery<{ records: EngagementInstance[] }>(moderationPaths.instances(eventId, sessionId));
}

export function useQueue(eventId: string, toolId: string, instanceId: string) {
  return useApiQuery<{ records: ModeratorQuestion[]; total: number }>(
    moderationPaths.queue(eventId, toolId, instanceId),
  );
}

export function useDecisions(eventId: string, toolId: string, instanceId: string, enabled: boolean) {
  return useApiQuery<{ records: ModerationDecision[]; total: number }>(
    moderationPaths.decisions(eventId, toolId, instanceId),
    { limit: 200 },
    { enabled },
  );
}

export function useModerate(eventId: string, onDone: () => void) {
  return useApiMutation<unknown, { answerId: string; action: ModerationAction; text?: string }>(
    ({ answerId, action, text }) => ({
      path: moderationPaths.moderate(eventId, answerId),
      method: 'POST',
      body: text === undefined ? { action } : { action, text },
    }),
    { onSuccess: onDone },
  );
}

export function useReply(eventId: string, onDone: () => void) {
  return useApiMutation<unknown, { answerId: string; text: string }>(
    ({ answerId, text }) => ({
      path: moderationPaths.reply(eventId, answerId),
      method: 'POST',
      body: { text },
    }),
    { onSuccess: onDone },
  );
}

export function useSetStatus(eventId: string, sessionId: string) {
  const client = useQueryClient();
  return useApiMutation<unknown, { toolId: string; instanceId: string; status: 'OPEN' | 'CLOSED' }>(
    ({ toolId, instanceId, status }) => ({
      path: moderationPaths.status(eventId, toolId, instanceId),
      method: 'PUT',
      body: { status },
    }),
    {
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: [moderationPaths.instances(eventId, sessionId)] });
        void client.invalidateQueries({ queryKey: [moderationPaths.sessions(eventId)] });
      },
    },
  );
}
