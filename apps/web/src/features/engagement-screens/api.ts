import type {
  EngagementInstance,
  EngagementTool,
  InstanceContext,
  InstanceResults,
  QuizLeaderboard,
  quizStateSchema,
  ToolResults,
} from '@plenary/domain';
import type { z } from 'zod';
import { useApiQuery } from '../../shared/api/query';
import type { ModeratorQuestion } from './screen';

export type QuizState = z.input<typeof quizStateSchema>;

const e = encodeURIComponent;

export const screenPaths = {
  context: (instanceId: string) => `engagement/instances/${e(instanceId)}/context`,
  queue: (eventId: string, toolId: string, instanceId: string) =>
    `events/${e(eventId)}/moderation/engagement-tools/${e(toolId)}/instances/${e(instanceId)}/answers`,
  results: (eventId: string, toolId: string, instanceId: string) =>
    `events/${e(eventId)}/moderation/engagement-tools/${e(toolId)}/instances/${e(instanceId)}/answers/results`,
  quiz: (eventId: string, instanceId: string) =>
    `events/${e(eventId)}/engagement/instances/${e(instanceId)}/quiz`,
  leaderboard: (eventId: string, instanceId: string) =>
    `events/${e(eventId)}/engagement/instances/${e(instanceId)}/quiz/leaderboard`,
  tool: (eventId: string, toolId: string) => `events/${e(eventId)}/engagement-tools/${e(toolId)}`,
  toolResults: (eventId: string, toolId: string) =>
    `events/${e(eventId)}/engagement-tools/${e(toolId)}/results`,
  instances: (eventId: string, toolId: string) =>
    `events/${e(eventId)}/engagement-tools/${e(toolId)}/instances`,
};

/** The instance's event, tool and questions (staff): the `/qa/...` URLs carry no event id. */
export function useInstanceContext(instanceId: string) {
  return useApiQuery<InstanceContext>(screenPaths.context(instanceId), undefined, { retry: false });
}

/** Every question of a Q&A instance as moderators see it (screens keep the approved ones only). */
export function useStaffQueue(eventId: string | undefined, toolId: string, instanceId: string) {
  return useApiQuery<{ records: ModeratorQuestion[]; total: number }>(
    screenPaths.queue(eventId ?? '', toolId, instanceId),
    undefined,
    { enabled: Boolean(eventId) },
  );
}

export function useInstanceResults(eventId: string | undefined, toolId: string, instanceId: string) {
  return useApiQuery<InstanceResults>(screenPaths.results(eventId ?? '', toolId, instanceId), undefined, {
    enabled: Boolean(eventId),
  });
}

export function useQuizState(eventId: string | undefined, instanceId: string, enabled: boolean) {
  return useApiQuery<QuizState>(screenPaths.quiz(eventId ?? '', instanceId), undefined, {
    enabled: enabled && Boolean(eventId),
  });
}

export function useLeaderboard(eventId: string | undefined, instanceId: string, enabled: boolean) {
  return useApiQuery<QuizLeaderboard>(screenPaths.leaderboard(eventId ?? '', instanceId), undefined, {
    enabled: enabled && Boolean(eventId),
  });
}

export function useTool(eventId: string, toolId: string) {
  return useApiQuery<EngagementTool>(screenPaths.tool(eventId, toolId), undefined, { retry: false });
}

export function useToolResults(eventId: string, toolId: string) {
  return useApiQuery<ToolResults>(screenPaths.toolResults(eventId, toolId));
}

/** The tool's instances (their moderator rooms carry each one's `engagement.results`). */
export function useToolInstances(eventId: string, toolId: string) {
  return useApiQuery<{ records: EngagementInstance[] }>(screenPaths.instances(eventId, toolId));
}
