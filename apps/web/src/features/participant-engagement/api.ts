import type {
  instanceResultsSchema,
  liveToolListSchema,
  qaBoardSchema,
  qaUpvoteSchema,
  quizLeaderboardSchema,
  quizStateSchema,
  SubmitAnswers,
} from '@plenary/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, newIdempotencyKey } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { sendOnline } from './offline';

export { OfflineError } from './offline';

/** What the API sends (timestamps as ISO strings). */
export type LiveToolList = z.input<typeof liveToolListSchema>;
export type LiveTool = LiveToolList['records'][number];
export type LiveQuestion = LiveTool['questions'][number];
export type Results = z.input<typeof instanceResultsSchema>;
export type QaBoard = z.input<typeof qaBoardSchema>;
export type QaQuestionView = QaBoard['records'][number];
export type QuizStateView = z.input<typeof quizStateSchema>;
export type LeaderboardView = z.input<typeof quizLeaderboardSchema>;

/**
 * Realtime payloads arrive as JSON (timestamps as ISO strings), while `RealtimePayload` types the
 * parsed output: read them as what the API sends.
 */
export const fromWire = <T>(payload: unknown): T => payload as T;

const event = (eventId: string) => `events/${encodeURIComponent(eventId)}`;
const instance = (eventId: string, instanceId: string) =>
  `${event(eventId)}/engagement/instances/${encodeURIComponent(instanceId)}`;

export const engagementKeys = {
  all: (eventId: string) => ['participant-engagement', eventId] as const,
  live: (eventId: string, sessionId: string) =>
    ['participant-engagement', eventId, 'live', sessionId] as const,
  results: (eventId: string, instanceId: string) =>
    ['participant-engagement', eventId, 'results', instanceId] as const,
  board: (eventId: string, instanceId: string) =>
    ['participant-engagement', eventId, 'board', instanceId] as const,
  quiz: (eventId: string, instanceId: string) =>
    ['participant-engagement', eventId, 'quiz', instanceId] as const,
  leaderboard: (eventId: string, instanceId: string) =>
    ['participant-engagement', eventId, 'leaderboard', instanceId] as const,
};

/** `GET …/sessions/{sessionId}/live-tools`: the OPEN instances this participant may take part in. */
export function useLiveTools(eventId: string, sessionId: string) {
  return useQuery<LiveToolList, ApiError>({
    queryKey: engagementKeys.live(eventId, sessionId),
    queryFn: ({ signal }) =>
      apiFetch<LiveToolList>(`${event(eventId)}/sessions/${encodeURIComponent(sessionId)}/live-tools`, {
        signal,
      }),
    enabled: Boolean(eventId && sessionId),
  });
}

export function submitAnswers(eventId: string, instanceId: string, body: SubmitAnswers): Promise<unknown> {
  return sendOnline(() =>
    apiFetch(`${instance(eventId, instanceId)}/answers`, {
      method: 'POST',
      body,
      idempotencyKey: newIdempotencyKey(),
    }),
  );
}

export function useResults(eventId: string, instanceId: string, enabled: boolean) {
  return useQuery<Results, ApiError>({
    queryKey: engagementKeys.results(eventId, instanceId),
    queryFn: ({ signal }) => apiFetch<Results>(`${instance(eventId, instanceId)}/results`, { signal }),
    enabled: enabled && Boolean(eventId && instanceId),
  });
}

const PENDING_REFETCH_MS = 15_000;

/** The board; its order is chosen on the device (arrangeBoard), so one copy serves every order. */
export function useQaBoard(eventId: string, instanceId: string) {
  return useQuery<QaBoard, ApiError>({
    queryKey: engagementKeys.board(eventId, instanceId),
    queryFn: ({ signal }) => apiFetch<QaBoard>(`${instance(eventId, instanceId)}/questions`, { signal }),
    enabled: Boolean(eventId && instanceId),
    // A rejection changes no approved board (no frame reaches participants): while an own question
    // waits for a moderator, ask now and then whether it still does.
    refetchInterval: (query) => (query.state.data?.myPending.length ? PENDING_REFETCH_MS : false),
  });
}

export function askQuestion(
  eventId: string,
  instanceId: string,
  body: { text: string; anonymous: boolean },
): Promise<unknown> {
  return sendOnline(() =>
    apiFetch(`${instance(eventId, instanceId)}/questions`, {
      method: 'POST',
      body,
      idempotencyKey: newIdempotencyKey(),
    }),
  );
}

export type UpvoteResult = z.input<typeof qaUpvoteSchema>;

export function setUpvote(eventId: string, questionId: string, on: boolean): Promise<UpvoteResult> {
  return sendOnline(() =>
    apiFetch<UpvoteResult>(
      `${event(eventId)}/engagement/questions/${encodeURIComponent(questionId)}/upvote`,
      {
        method: on ? 'PUT' : 'DELETE',
      },
    ),
  );
}

export function useQuizState(eventId: string, instanceId: string) {
  return useQuery<QuizStateView, ApiError>({
    queryKey: engagementKeys.quiz(eventId, instanceId),
    queryFn: ({ signal }) => apiFetch<QuizStateView>(`${instance(eventId, instanceId)}/quiz`, { signal }),
    enabled: Boolean(eventId && instanceId),
  });
}

export function useLeaderboard(eventId: string, instanceId: string, enabled: boolean) {
  return useQuery<LeaderboardView, ApiError>({
    queryKey: engagementKeys.leaderboard(eventId, instanceId),
    queryFn: ({ signal }) =>
      apiFetch<LeaderboardView>(`${instance(eventId, instanceId)}/quiz/leaderboard`, { signal }),
    enabled: enabled && Boolean(eventId && instanceId),
  });
}

export function answerQuiz(
  eventId: string,
  instanceId: string,
  body: { questionId: string; optionIds: string[] },
): Promise<unknown> {
  return sendOnline(() =>
    apiFetch(`${instance(eventId, instanceId)}/quiz/answers`, { method: 'POST', body }),
  );
}
