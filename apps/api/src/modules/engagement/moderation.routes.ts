import {
  instanceSchema,
  instanceStatusChangeSchema,
  moderateSchema,
  moderationDecisionListSchema,
  moderationDecisionQuerySchema,
  moderatorQuestionListSchema,
  moderatorQuestionSchema,
  moderatorQueueQuerySchema,
  replySchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess } from '../../platform/event-access.js';
import type { ZodApp } from '../../platform/list.js';
import { answerParams, errors, instanceParams, MODERATION_TAG } from './engagement.http.js';
import { changeInstanceStatus, requireInstanceOfTool } from './instances.service.js';
import * as service from './moderation.service.js';

const BASE = '/events/:eventId/moderation';
const INSTANCE = `${BASE}/engagement-tools/:toolId/instances/:instanceId`;
const WHO =
  "The event's admins (every session) and the session's listed moderators; other moderators and participants 403. " +
  "Another tenant's event, or an instance or question of another event (or tool): 404.";

/** Q&A moderation: the queue, decisions (approve, reject, edit, star, highlight, answered), replies, the log. */
export function moderationRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    `${INSTANCE}/answers`,
    {
      schema: {
        tags: [MODERATION_TAG],
        summary: 'The moderation queue of a Q&A instance',
        description:
          'Every question whatever its status (or `status=`), with star, highlight, answered flag, replies and the original ' +
          'text of edited ones; an anonymous asker stays anonymous here too. Highlighted first, answered last, then `sort` ' +
          `(default: the tool's). Live: the \`moderatorQueue:<instanceId>\` room's \`qa.queue\`. 409 for a tool that is not a Q&A. ${WHO}`,
        params: instanceParams,
        querystring: moderatorQueueQuerySchema,
        response: { 200: moderatorQuestionListSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { eventId, toolId, instanceId } = request.params;
      return service.queue(
        db,
        await service.staffToolInstance(db, request, eventId, toolId, instanceId),
        request.query,
      );
    },
  );

  app.post(
    `${BASE}/answers/:answerId/moderate`,
    {
      schema: {
        tags: [MODERATION_TAG],
        summary: 'Moderate a question',
        description:
          'APPROVE, REJECT, EDIT_AND_APPROVE (`text`; the text as asked is kept as `originalText`), STAR / UNSTAR (the queue), ' +
          'HIGHLIGHT / UNHIGHLIGHT (pinned for the room; highlighting one un-highlights the other), MARK_ANSWERED (archived) / ' +
          'RESTORE. HIGHLIGHT and MARK_ANSWERED need an approved question (409). Every decision is logged with who and when ' +
          `(GET …/decisions). Answers the question as moderators see it. ${WHO}`,
        params: answerParams,
        body: moderateSchema,
        response: { 200: moderatorQuestionSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { eventId, answerId } = request.params;
      return service.moderate(
        deps,
        await service.staffQuestion(db, request, eventId, answerId),
        answerId,
        request.body,
      );
    },
  );

  app.post(
    `${BASE}/reply/:answerId`,
    {
      schema: {
        tags: [MODERATION_TAG],
        summary: 'Reply to a question',
        description:
          'A reply of 1–2000 characters under the moderator’s name, shown with the question once it is approved; logged as ' +
          `a REPLY decision. Answers the question as moderators see it. ${WHO}`,
        params: answerParams,
        body: replySchema,
        response: { 200: moderatorQuestionSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { eventId, answerId } = request.params;
      return service.reply(
        deps,
        await service.staffQuestion(db, request, eventId, answerId),
        answerId,
        request.body.text,
      );
    },
  );

  app.get(
    `${INSTANCE}/decisions`,
    {
      schema: {
        tags: [MODERATION_TAG],
        summary: 'The moderation decisions of an instance',
        description:
          'Every decision (and reply) with who took it and when, newest first; EDIT_AND_APPROVE carries the text before and ' +
          `after, REPLY the reply. Openly moderated Q&A. ${WHO}`,
        params: instanceParams,
        querystring: moderationDecisionQuerySchema,
        response: { 200: moderationDecisionListSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { eventId, toolId, instanceId } = request.params;
      return service.decisionLog(
        db,
        await service.staffToolInstance(db, request, eventId, toolId, instanceId),
        request.query,
      );
    },
  );

  app.put(
    `${INSTANCE}/status`,
    {
      schema: {
        tags: [MODERATION_TAG],
        summary: 'Open or close an instance now (moderation)',
        description:
          "The moderation console's twin of PUT …/engagement-tools/{toolId}/instances/{instanceId}/status, with the same rules " +
          "(the instances service decides): { status: OPEN | CLOSED }, openedAt / closedAt set, the session's room gets " +
          `engagement.instance; the same status again changes nothing. ${WHO}`,
        params: instanceParams,
        body: instanceStatusChangeSchema,
        response: { 200: instanceSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { eventId, toolId, instanceId } = request.params;
      const access = await eventAccess(db, request, eventId, 'read');
      await requireInstanceOfTool(db, eventId, toolId, instanceId);
      return changeInstanceStatus(deps, access, instanceId, request.body.status);
    },
  );
}
