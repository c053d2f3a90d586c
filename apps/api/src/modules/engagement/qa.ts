import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';
import { moderationSessionRoutes } from './moderation-sessions.routes.js';
import { moderationRoutes } from './moderation.routes.js';
import { qaRoutes } from './qa.routes.js';
import { qaBoardReader, qaQueueReader } from './qa.service.js';

/** Q&A and moderation (H3's part of the module): realtime readers and routes, registered by index.ts. */
export function registerQa(app: ZodApp, deps: AppDeps): void {
  deps.realtime.registerLatest('qa.board', qaBoardReader(deps.db));
  deps.realtime.registerLatest('qa.queue', qaQueueReader(deps.db));
  qaRoutes(app, deps);
  moderationRoutes(app, deps);
  moderationSessionRoutes(app, deps);
}
