import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { answerRoutes } from './answers.routes.js';
import { contextRoutes } from './context.routes.js';
import { engagementRoomCheck, moderatorQueueRoomCheck } from './instance-access.js';
import { instanceRoutes } from './instances.routes.js';
import { liveToolRoutes } from './live-tools.routes.js';
import { moderationSessionRoutes } from './moderation-sessions.routes.js';
import { moderationRoutes } from './moderation.routes.js';
import { qaRoutes } from './qa.routes.js';
import { qaBoardReader, qaQueueReader } from './qa.service.js';
import { startScheduler } from './scheduler.js';
import { toolRoutes } from './tools.routes.js';

/** Engagement: tools, instances, answers, quizzes, Q&A and its moderation, results (see README.md). */
export const engagementRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    deps.realtime.registerRoomKind('engagement', engagementRoomCheck(deps.db));
    deps.realtime.registerRoomKind('moderatorQueue', moderatorQueueRoomCheck(deps.db));
    deps.realtime.registerLatest('qa.board', qaBoardReader(deps.db));
    deps.realtime.registerLatest('qa.queue', qaQueueReader(deps.db));
    answerRoutes(app, deps);
    toolRoutes(app, deps);
    instanceRoutes(app, deps);
    liveToolRoutes(app, deps);
    contextRoutes(app, deps);
    qaRoutes(app, deps);
    moderationRoutes(app, deps);
    moderationSessionRoutes(app, deps);
    startScheduler(app, deps);
  };
