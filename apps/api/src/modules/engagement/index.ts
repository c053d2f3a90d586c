import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { answerRoutes } from './answers.routes.js';
import { engagementRoomCheck, moderatorQueueRoomCheck } from './instance-access.js';
import { contextRoutes } from './context.routes.js';
import { instanceRoutes } from './instances.routes.js';
import { liveToolRoutes } from './live-tools.routes.js';
import { startScheduler } from './scheduler.js';
import { toolRoutes } from './tools.routes.js';
import { registerQa } from './qa.js';

/** Engagement: tools, instances, answers, quizzes, Q&A and its moderation, results. */
export const engagementRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    deps.realtime.registerRoomKind('engagement', engagementRoomCheck(deps.db));
    deps.realtime.registerRoomKind('moderatorQueue', moderatorQueueRoomCheck(deps.db));
    answerRoutes(app, deps);
    registerQa(app, deps);
    toolRoutes(app, deps);
    instanceRoutes(app, deps);
    liveToolRoutes(app, deps);
    contextRoutes(app, deps);
    startScheduler(app, deps);
    void app;
  };
