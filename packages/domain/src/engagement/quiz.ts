import { z } from 'zod';
import { timestampSchema } from '../tenancy/common.js';

/**
 * Quiz scoring like Kahoot: a correct answer after t of T seconds earns round((1 − (t/T)/2) · P),
 * full points under half a second, 0 when wrong or late. t is measured by the server from the
 * moment the question was shown (its `startedAt`) to the answer's arrival.
 */
export const QUIZ_FULL_POINTS_UNDER_MS = 500;

export function quizPoints(correct: boolean, elapsedMs: number, limitMs: number, points: number): number {
  if (!correct || elapsedMs > limitMs) return 0;
  if (elapsedMs < QUIZ_FULL_POINTS_UNDER_MS) return points;
  return Math.round((1 - elapsedMs / limitMs / 2) * points);
}

/** A quiz instance runs question by question; staff move it on (quiz status). */
export const QUIZ_PHASES = ['LOBBY', 'QUESTION', 'LEADERBOARD', 'FINISHED'] as const;
export type QuizPhase = (typeof QUIZ_PHASES)[number];

export const quizStateSchema = z.object({
  instanceId: z.uuid(),
  phase: z.enum(QUIZ_PHASES),
  /** 0-based index of the question asked or last asked; null in the lobby. */
  questionIndex: z.number().int().nullable(),
  questionId: z.uuid().nullable(),
  questionCount: z.number().int(),
  startedAt: timestampSchema.nullable(),
  /** The server's deadline: an answer arriving after it is refused, whatever the client's clock says. */
  deadline: timestampSchema.nullable(),
  /** The server's clock when this state was read, so clients can show a countdown without trusting their own. */
  serverNow: timestampSchema,
});
export type QuizState = z.output<typeof quizStateSchema>;

/** PUT …/quiz: staff move the quiz on. */
export const quizActionSchema = z.object({ action: z.enum(['NEXT_QUESTION', 'SHOW_LEADERBOARD', 'FINISH']) });

/** POST …/quiz/answers: the answer to the question being asked. */
export const quizAnswerSchema = z.object({
  questionId: z.uuid(),
  optionIds: z.array(z.string().max(40)).min(1).max(30),
});
export const quizAnswerResultSchema = z.object({ accepted: z.literal(true) });

export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  participantId: z.uuid(),
  name: z.string(),
  points: z.number().int(),
  correct: z.number().int(),
});
export const quizLeaderboardSchema = z.object({
  instanceId: z.uuid(),
  entries: z.array(leaderboardEntrySchema),
});
export type QuizLeaderboard = z.output<typeof quizLeaderboardSchema>;
