import {
  quizActionSchema,
  quizAnswerResultSchema,
  quizAnswerSchema,
  quizLeaderboardSchema,
  quizStateSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';
import { errors, instanceParams, MODERATION_TAG, participantInstanceParams, TAG } from './engagement.http.js';
import { participantInstance, staffInstance } from './instance-access.js';
import { ENGAGEMENT_LIMITS, type EngagementLimiter } from './rate-limits.js';
import * as quiz from './quiz.service.js';

const EITHER =
  'Staff of the session (event admins, its listed moderators) and participants who may take part; anyone else of the event, another event’s instance or another tenant: 404. 409 when the tool is not a quiz.';

/** Quizzes: state, staff moves, answers against the server's deadline, leaderboard. */
export function quizRoutes(app: ZodApp, deps: AppDeps, limiter: EngagementLimiter): void {
  const { db } = deps;
  deps.realtime.registerLatest('quiz.leaderboard', quiz.leaderboardReader(db));

  app.get(
    '/events/:eventId/engagement/instances/:instanceId/quiz',
    {
      schema: {
        tags: [TAG],
        summary: 'The state of a quiz',
        description:
          'Phase (LOBBY, QUESTION, LEADERBOARD, FINISHED), the question asked, its start and deadline, and the server’s clock (`serverNow`) for countdowns. ' +
          `Changes go to the engagement room as \`quiz.state\`. ${EITHER}`,
        params: participantInstanceParams,
        response: { 200: quizStateSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { eventId, instanceId } = request.params;
      return quiz.quizState(db, (await quiz.anyInstance(db, request, eventId, instanceId)).instance);
    },
  );

  app.put(
    '/events/:eventId/moderation/engagement-tools/:toolId/instances/:instanceId/quiz',
    {
      schema: {
        tags: [MODERATION_TAG],
        summary: 'Move a quiz on (quiz status)',
        description:
          'NEXT_QUESTION asks the next question for its time limit (by the server’s clock); SHOW_LEADERBOARD ends the question and shows the standings; FINISH ends the quiz. ' +
          '409 when the instance is not OPEN, the tool is not a quiz, or the move is not possible (no next question, a finished quiz). ' +
          'The event’s admins and the session’s listed moderators; other moderators 403; another event’s or tenant’s ids: 404.',
        params: instanceParams,
        body: quizActionSchema,
        response: { 200: quizStateSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { eventId, toolId, instanceId } = request.params;
      return quiz.moveQuiz(
        deps,
        await staffInstance(db, request, eventId, instanceId),
        toolId,
        request.body.action,
      );
    },
  );

  app.post(
    '/events/:eventId/engagement/instances/:instanceId/quiz/answers',
    {
      schema: {
        tags: [TAG],
        summary: 'Answer the question being asked',
        description:
          'Accepted only for the current question while it is asked and the server’s clock is not past its deadline (409 with the reason otherwise); ' +
          'one answer per question (a second: 409). Points: round((1 − (t/T)/2) · P) when correct, full under 0.5 s, 0 when wrong; t measured by the server. ' +
          `429 with Retry-After over ${ENGAGEMENT_LIMITS.quizAnswer.limit} answers a minute. ` +
          'Participants who may take part; anyone else of the event, another event’s instance or another tenant: 404.',
        params: participantInstanceParams,
        body: quizAnswerSchema,
        response: { 200: quizAnswerResultSchema, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const p = await participantInstance(db, request, request.params.eventId, request.params.instanceId);
      await limiter.enforce('quizAnswer', p.participantId);
      return quiz.answerQuiz(deps, p, request.body);
    },
  );

  app.get(
    '/events/:eventId/engagement/instances/:instanceId/quiz/leaderboard',
    {
      schema: {
        tags: [TAG],
        summary: 'The quiz leaderboard',
        description:
          `The best ${quiz.LEADERBOARD_SIZE}: points per participant, ties sharing a rank; in an anonymous quiz players are 'Player <n>' (n: the order they first answered). ` +
          `Live: \`quiz.leaderboard\` in the engagement room. ${EITHER}`,
        params: participantInstanceParams,
        response: { 200: quizLeaderboardSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { eventId, instanceId } = request.params;
      return quiz.quizLeaderboard(db, (await quiz.anyInstance(db, request, eventId, instanceId)).instance);
    },
  );
}
