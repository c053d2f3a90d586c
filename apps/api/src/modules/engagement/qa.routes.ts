import {
  askedQuestionSchema,
  askQuestionSchema,
  qaBoardQuerySchema,
  qaBoardSchema,
  qaUpvoteSchema,
} from '@plenary/domain';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess } from '../../platform/event-access.js';
import type { ZodApp } from '../../platform/list.js';
import { errors, eventParams, participantInstanceParams, TAG } from './engagement.http.js';
import { participantInstance } from './instance-access.js';
import * as service from './qa.service.js';
import { ENGAGEMENT_LIMITS, engagementLimiter } from './rate-limits.js';

const questionParams = eventParams.extend({ questionId: z.uuid() });
const WHO =
  "Participants who see the instance's session and are in the tool's audience; anyone else (staff who do not take part, " +
  'another tenant, an instance or question of another event) gets 404.';

/** Q&A for participants: the board, asking, upvoting. */
export function qaRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const limiter = engagementLimiter(app, deps);

  app.get(
    '/events/:eventId/engagement/instances/:instanceId/questions',
    {
      schema: {
        tags: [TAG],
        summary: 'The Q&A board of an instance',
        description:
          'Approved questions only: the highlighted one first, answered (archived) ones last, otherwise in `sort` ' +
          "(default: the tool's `settings.qaSort`). Anonymous askers have `author: null`. `myUpvotes`: the caller's upvoted " +
          "questions; `myPending`: the caller's own questions waiting for a moderator (nobody else's). 409 for a tool that is not a Q&A. " +
          WHO,
        params: participantInstanceParams,
        querystring: qaBoardQuerySchema,
        response: { 200: qaBoardSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.board(
        db,
        await participantInstance(db, request, request.params.eventId, request.params.instanceId),
        request.query.sort,
      ),
  );

  app.post(
    '/events/:eventId/engagement/instances/:instanceId/questions',
    {
      schema: {
        tags: [TAG],
        summary: 'Ask a question',
        description:
          'Text of 1–500 characters. An ANONYMOUS tool stores every question anonymously; a NOT_ANONYMOUS one refuses ' +
          '`anonymous: true` (400); ALLOW_ANONYMOUS does as asked. With `settings.moderated` the question is PENDING and only ' +
          'the moderator room (`qa.queue`) hears of it until it is approved; otherwise it is APPROVED and the room gets `qa.board`. ' +
          `409 unless the instance is OPEN and a Q&A. At most ${ENGAGEMENT_LIMITS.question.limit} questions a minute per participant (429). ${WHO}`,
        params: participantInstanceParams,
        body: askQuestionSchema,
        response: { 201: askedQuestionSchema, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const access = await participantInstance(
        db,
        request,
        request.params.eventId,
        request.params.instanceId,
      );
      await limiter.enforce('question', access.participantId);
      reply.code(201);
      return service.ask(deps, access, request.body);
    },
  );

  const upvote = (upvoted: boolean) => ({
    schema: {
      tags: [TAG],
      summary: upvoted ? 'Upvote a question' : 'Take back an upvote',
      description:
        'Idempotent (one upvote per participant and question): answers the state and the count either way. Only approved ' +
        'questions of OPEN instances (409 when closed); askers may upvote their own question, as Slido allows. ' +
        `The room gets \`qa.board\`. At most ${ENGAGEMENT_LIMITS.upvote.limit} upvote changes a minute per participant (429). ${WHO}`,
      params: questionParams,
      response: { 200: qaUpvoteSchema, ...errors(400, 401, 403, 404, 409, 429) },
    },
  });
  const setUpvote =
    (upvoted: boolean) =>
    async (request: FastifyRequest<{ Params: { eventId: string; questionId: string } }>) => {
      const { eventId, questionId } = request.params;
      // Who is asking first (401 / 404 for another tenant), then which question.
      await eventAccess(db, request, eventId, 'member');
      return service.setUpvote(
        deps,
        async (instanceId) => {
          const access = await participantInstance(db, request, eventId, instanceId);
          await limiter.enforce('upvote', access.participantId);
          return access;
        },
        eventId,
        questionId,
        upvoted,
      );
    };
  app.put('/events/:eventId/engagement/questions/:questionId/upvote', upvote(true), setUpvote(true));
  app.delete('/events/:eventId/engagement/questions/:questionId/upvote', upvote(false), setUpvote(false));
}
