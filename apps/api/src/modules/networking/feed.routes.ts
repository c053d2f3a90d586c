import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ATTENDEE_MESSAGES,
  createFeedCommentSchema,
  createFeedPostSchema,
  feedCommentSchema,
  feedImageSchema,
  feedLikeSchema,
  feedModerateSchema,
  feedModerationPostSchema,
  feedPageSchema,
  feedPostDetailSchema,
  feedPostSchema,
  feedQuerySchema,
  feedReportSchema,
  feedSettingsSchema,
  FEED_POST_STATUSES,
  MAX_IMAGE_UPLOAD_BYTES,
} from '@plenary/domain';
import { z } from 'zod';
import { canAdminEvent, canModerateEvent } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { errors, eventParams, noContent } from '../../platform/http.js';
import { listRoute, type ZodApp } from '../../platform/list.js';
import { storageFor } from '../../platform/storage.js';
import { participantIdOfUser } from '../attendees/index.js';
import { feedModerationList } from './feed-moderation.repo.js';
import { feedLimiter } from './feed.limits.js';
import * as service from './feed.service.js';

const TAG = 'activity-feed';
const BASE = '/events/:eventId/activity-feed';
const postParams = eventParams.extend({ postId: z.uuid() });
const WHO =
  "Anyone with a role in the event (participants, moderators, admins); another tenant's event 404. A PENDING post " +
  'exists only for its author and the moderators (404 for others), a HIDDEN one only in the console.';

/** The caller as the feed sees them (401 without token, 404 without a role in the event). */
async function viewer(deps: Pick<AppDeps, 'db'>, request: FastifyRequest, eventId: string) {
  const { ctx, event } = await eventAccess(deps.db, request, eventId, 'member');
  return {
    ctx,
    eventId: event.id,
    userId: ctx.principal.userId,
    participantId: (await participantIdOfUser(deps.db, event.id, ctx.principal.userId)) ?? null,
    staff: canModerateEvent(ctx.principal, event),
    admin: canAdminEvent(ctx.principal, event),
  } satisfies service.FeedViewer;
}

/** The uploaded image's bytes: 400 without a file, 413 above the cap. */
async function uploadedBytes(request: FastifyRequest): Promise<Buffer> {
  const missing = () =>
    new HttpError(400, ATTENDEE_MESSAGES.photoMissing, { file: ATTENDEE_MESSAGES.photoMissing });
  let file;
  try {
    file = await request.file({ limits: { fileSize: MAX_IMAGE_UPLOAD_BYTES, files: 1 } });
  } catch {
    throw missing();
  }
  if (!file) throw missing();
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, ATTENDEE_MESSAGES.photoTooLarge, { file: ATTENDEE_MESSAGES.photoTooLarge });
    throw err;
  }
}

/** The activity feed (spec `/activity-feed`): posts, images, comments, likes, reports, moderation. */
export function feedRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const storage = storageFor(deps.config);
  const limiter = feedLimiter(app, deps);
  deps.realtime.registerLatest('feed.counts', service.feedCountsReader(db));

  app.get(
    `${BASE}/posts`,
    {
      schema: {
        tags: [TAG],
        summary: 'The activity feed',
        description:
          'Pinned posts first (`pinned`, first page only, most recently pinned first), then `posts` newest first, ' +
          '`limit` (1–50, default 20) at a time; `nextCursor` is the `before` of the next page (`<createdAt>,<id>`, ' +
          'stable while posts arrive). `approvalRequired`: new posts wait for a moderator. ' +
          WHO,
        params: eventParams,
        querystring: feedQuerySchema,
        response: { 200: feedPageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => service.page(db, await viewer(deps, request, request.params.eventId), request.query),
  );

  app.post(
    `${BASE}/posts`,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Post to the feed',
        description:
          'Text (up to 2,000 characters) and/or up to 4 images uploaded before (`imageIds`, the caller’s own, not yet used). ' +
          'With approval on, a participant’s post is PENDING: only its author and the staff room hear of it until a ' +
          'moderator approves it; otherwise the event room gets `feed.post`. `announcement`: organisers only (400 else). ' +
          `At most 10 posts a minute (429). ${WHO}`,
        params: eventParams,
        body: createFeedPostSchema,
        response: { 201: feedPostSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const v = await viewer(deps, request, request.params.eventId);
      await limiter.enforce('post', v.userId);
      const post = await service.createPost(deps, v, request.body);
      reply.code(201);
      return post;
    },
  );

  // Uploads in their own scope: multipart is parsed only here.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_IMAGE_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${BASE}/images`,
      {
        schema: {
          tags: [TAG],
          summary: 'Upload an image for a post',
          description:
            'multipart/form-data with the image in the field "file": JPEG or PNG by content (the name is not trusted), at ' +
            'most 10 MB (413 above); scaled to fit 1024×1024, upright, metadata removed, as participant photos are. ' +
            `Answers its id for \`imageIds\` of a post. At most 20 a minute (429). ${WHO}`,
          params: eventParams,
          consumes: ['multipart/form-data'],
          response: { 201: feedImageSchema, ...errors(400, 401, 404, 413, 429) },
        },
      },
      async (request, reply) => {
        const v = await viewer(deps, request, request.params.eventId);
        await limiter.enforce('image', v.userId);
        const image = await service.uploadImage(db, storage, v, await uploadedBytes(request));
        reply.code(201);
        return image;
      },
    );
  });

  app.get(
    `${BASE}/posts/:postId`,
    {
      schema: {
        tags: [TAG],
        summary: 'A post with its comments',
        description: `Comments oldest first. ${WHO}`,
        params: postParams,
        response: { 200: feedPostDetailSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      service.detail(db, await viewer(deps, request, request.params.eventId), request.params.postId),
  );

  app.delete(
    `${BASE}/posts/:postId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a post',
        description:
          'Its author or the event’s moderators (others 403). Every connected client drops it (`feed.removed`). ' +
          WHO,
        params: postParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const v = await viewer(deps, request, request.params.eventId);
      await service.deleteOwn(deps, storage, v, request.params.postId);
      return reply.code(204).send(null);
    },
  );

  const like = (liked: boolean) => ({
    schema: {
      tags: [TAG],
      summary: liked ? 'Like a post' : 'Take back a like',
      description:
        'Idempotent (one like per person and post): answers the state and the count either way. The event room gets the ' +
        `counts through the coalescer (\`feed.counts\`, a few a second at most). At most 120 a minute (429). ${WHO}`,
      params: postParams,
      response: { 200: feedLikeSchema, ...errors(400, 401, 404, 429) },
    },
  });
  const setLike =
    (liked: boolean) => async (request: FastifyRequest<{ Params: { eventId: string; postId: string } }>) => {
      const v = await viewer(deps, request, request.params.eventId);
      await limiter.enforce('like', v.userId);
      return service.setLike(deps, v, request.params.postId, liked);
    };
  app.put(`${BASE}/posts/:postId/like`, like(true), setLike(true));
  app.delete(`${BASE}/posts/:postId/like`, like(false), setLike(false));

  app.post(
    `${BASE}/posts/:postId/comments`,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Comment on a post',
        description: `Text of 1–1,000 characters. At most 30 a minute (429). ${WHO}`,
        params: postParams,
        body: createFeedCommentSchema,
        response: { 201: feedCommentSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const v = await viewer(deps, request, request.params.eventId);
      await limiter.enforce('comment', v.userId);
      const c = await service.comment(deps, v, request.params.postId, request.body.text);
      reply.code(201);
      return c;
    },
  );

  app.delete(
    `${BASE}/posts/:postId/comments/:commentId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a comment',
        description: `Its author or the event’s moderators (others 403); the post's count follows (\`feed.counts\`). ${WHO}`,
        params: postParams.extend({ commentId: z.uuid() }),
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const v = await viewer(deps, request, request.params.eventId);
      await service.deleteComment(deps, v, request.params.postId, request.params.commentId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${BASE}/posts/:postId/report`,
    {
      schema: {
        tags: [TAG],
        summary: 'Report a post',
        description: `With a reason (1–500 characters); once per person and post (again: 204, nothing changes). ${WHO}`,
        params: postParams,
        body: feedReportSchema,
        response: { 204: noContent, ...errors(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const v = await viewer(deps, request, request.params.eventId);
      await limiter.enforce('report', v.userId);
      await service.report(db, v, request.params.postId, request.body.reason);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${BASE}/settings`,
    {
      schema: {
        tags: [TAG],
        summary: 'Feed settings',
        description: '`approvalRequired` (default false). Anyone with a role in the event.',
        params: eventParams,
        response: { 200: feedSettingsSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'member');
      return service.approvalOf(db, event.id);
    },
  );

  app.put(
    `${BASE}/settings`,
    {
      schema: {
        tags: [TAG],
        summary: 'Change the feed settings',
        description: 'Posts already pending stay pending when approval is switched off. Admins only.',
        params: eventParams,
        body: feedSettingsSchema,
        response: { 200: feedSettingsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'admin');
      return service.setApproval(db, event.id, request.body.approvalRequired);
    },
  );

  listRoute(app, `${BASE}/moderation/posts`, {
    db,
    list: feedModerationList,
    scope: async (request) => {
      const { event } = await eventAccess(db, request, eventIdOf(request), 'read');
      return { eventId: event.id };
    },
    record: feedModerationPostSchema,
    tags: [TAG],
    summary:
      'Every post of the event for moderation: `status=PENDING` is the queue, `reported=true` the reported ones; ' +
      'with report count and the latest reason. Admins and moderators.',
  });

  app.post(
    `${BASE}/moderation/posts/:postId/moderate`,
    {
      schema: {
        tags: [TAG],
        summary: 'Moderate a post',
        description:
          'APPROVE (a pending or hidden post becomes visible: `feed.post` to the event room), HIDE or DELETE (every client ' +
          'drops it: `feed.removed`), DISMISS_REPORTS: admins and moderators. PIN and UNPIN (approved posts only, 409 else): ' +
          'admins only (moderators 403). Answers the post’s status (`DELETED` after a deletion).',
        params: postParams,
        body: feedModerateSchema,
        response: {
          200: z.object({
            id: z.uuid(),
            status: z.enum([...FEED_POST_STATUSES, 'DELETED']),
            pinned: z.boolean(),
          }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { ctx, event } = await eventAccess(db, request, request.params.eventId, 'read');
      const v: service.FeedViewer = {
        ctx,
        eventId: event.id,
        userId: ctx.principal.userId,
        participantId: null,
        staff: true,
        admin: canAdminEvent(ctx.principal, event),
      };
      const result = await service.moderate(deps, storage, v, request.params.postId, request.body.action);
      return result ?? { id: request.params.postId, status: 'DELETED' as const, pinned: false };
    },
  );
}
