import {
  instanceResultsSchema,
  submitAnswersSchema,
  textAnswerListSchema,
  toolResultsSchema,
} from '@plenary/domain';
import { z } from 'zod';
import { writeContext } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess } from '../../platform/event-access.js';
import type { ZodApp } from '../../platform/list.js';
import {
  errors,
  instanceParams,
  MODERATION_TAG,
  participantInstanceParams,
  TAG,
  toolParams,
} from './engagement.http.js';
import { participantInstance, staffInstance } from './instance-access.js';
import { submitAnswers } from './answers.service.js';
import { ENGAGEMENT_LIMITS, engagementLimiter } from './rate-limits.js';
import * as results from './results.service.js';
import { quizRoutes } from './quiz.routes.js';
import { reportRoutes } from './reports.routes.js';

const PARTICIPANT =
  'Participants who see the session and are in the tool’s audience; anyone else of the event, another event’s instance or another tenant: 404.';
const STAFF =
  'The event’s admins, and moderators listed on the instance’s session (other moderators: 403). Another event’s or tenant’s ids: 404.';

export const submitAnswersResultSchema = z.object({
  accepted: z.literal(true),
  /** A second submission replaced the first (tools with allowChangeAnswer). */
  replaced: z.boolean(),
});

/**
 * Answers, results, quizzes and reports (issue 12 items 3, 6, 7, 8): see README.md. Registers the
 * coalesced `engagement.results` and `quiz.leaderboard` readers.
 */
export function answerRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  deps.realtime.registerLatest('engagement.results', results.resultsReader(db));
  const limiter = engagementLimiter(app, deps);

  app.post(
    '/events/:eventId/engagement/instances/:instanceId/answers',
    {
      schema: {
        tags: [TAG],
        summary: 'Vote in a poll or submit a survey',
        description:
          'Every answered question at once (a survey’s required questions among them: else 400 with `questions.<questionId>`). ' +
          'Each answer is checked against its question (RADIOBOX one option, CHECKBOX one or more, LINEAR_SCALE 1..scaleMax, text within its limit; ' +
          'a word-cloud poll takes one word or a short phrase, merged case-folded, and a profane one is kept but never shown): 400 with `answers.<i>.<field>`. ' +
          '`anonymous` is refused (400) by NOT_ANONYMOUS tools and implied by ANONYMOUS ones. One answer per question and participant: a second one replaces ' +
          'the first when the tool allows changing answers, else 409. 409 unless the instance is OPEN, and for quizzes, Q&A and documents (their own routes). ' +
          `429 with Retry-After over ${ENGAGEMENT_LIMITS.vote.limit} submissions a minute. ${PARTICIPANT}`,
        params: participantInstanceParams,
        body: submitAnswersSchema,
        response: { 200: submitAnswersResultSchema, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const { eventId, instanceId } = request.params;
      // The count per person in the event (user id: known before any read) runs beside the access reads.
      const [p] = await Promise.all([
        participantInstance(db, request, eventId, instanceId),
        limiter.enforce('vote', `${eventId}:${writeContext(request).principal.userId}`),
      ]);
      return submitAnswers(deps, p, request.body);
    },
  );

  app.get(
    '/events/:eventId/engagement/instances/:instanceId/results',
    {
      schema: {
        tags: [TAG],
        summary: 'Results of a poll or survey, for a participant',
        description:
          'Tallies (per option with 0s, per scale value, merged words): only when the tool shows results to participants and the caller has answered (403 otherwise); ' +
          `409 for quizzes, Q&A and documents. Live updates: \`engagement.results\` in the engagement room. ${PARTICIPANT}`,
        params: participantInstanceParams,
        response: { 200: instanceResultsSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      results.participantResults(
        db,
        await participantInstance(db, request, request.params.eventId, request.params.instanceId),
      ),
  );

  app.get(
    '/events/:eventId/moderation/engagement-tools/:toolId/instances/:instanceId/answers/results',
    {
      schema: {
        tags: [MODERATION_TAG],
        summary: 'Results of an instance (staff)',
        description: `The tallies whatever the tool's settings (the results screen \`/view-result\`). ${STAFF}`,
        params: instanceParams,
        response: { 200: instanceResultsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { eventId, toolId, instanceId } = request.params;
      return results.staffResults(db, await staffInstance(db, request, eventId, instanceId), toolId);
    },
  );

  app.get(
    '/events/:eventId/moderation/engagement-tools/:toolId/instances/:instanceId/text-answers',
    {
      schema: {
        tags: [MODERATION_TAG],
        summary: 'Free-text answers of a question (staff)',
        description: `Newest first, paginated; \`author\` is null for anonymous answers. ${STAFF}`,
        params: instanceParams,
        querystring: z.object({
          questionId: z.uuid(),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: textAnswerListSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { eventId, toolId, instanceId } = request.params;
      return results.textAnswers(
        db,
        await staffInstance(db, request, eventId, instanceId),
        toolId,
        request.query,
      );
    },
  );

  app.get(
    '/events/:eventId/engagement-tools/:toolId/results',
    {
      schema: {
        tags: [TAG],
        summary: 'Results of a tool over all its instances',
        description:
          'The tallies of every instance together (`/view-aggregated-result`); `respondents` counts each participant once. ' +
          'Event admins and moderators; participants: 403; another event’s tool or another tenant: 404.',
        params: toolParams,
        response: { 200: toolResultsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      results.toolResults(
        db,
        await eventAccess(db, request, request.params.eventId, 'read'),
        request.params.toolId,
      ),
  );

  quizRoutes(app, deps, limiter);
  reportRoutes(app, deps);
}
