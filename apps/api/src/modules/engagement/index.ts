import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { engagementRoomCheck, moderatorQueueRoomCheck } from './instance-access.js';
import { registerQa } from './qa.js';

/** Engagement: tools, instances, answers, quizzes, Q&A and its moderation, results. */
export const engagementRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    deps.realtime.registerRoomKind('engagement', engagementRoomCheck(deps.db));
    deps.realtime.registerRoomKind('moderatorQueue', moderatorQueueRoomCheck(deps.db));
    registerQa(app, deps);
    void app;
  };
