import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { cardRoutes } from './cards.routes.js';
import { chatRoutes } from './chat.routes.js';
import { directoryRoutes } from './directories.routes.js';
import { feedRoutes } from './feed.routes.js';

/** Networking: directories and profile privacy, business cards, chat, the activity feed (see README.md). */
export const networkingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    directoryRoutes(app, deps);
    cardRoutes(app, deps);
    chatRoutes(app, deps);
    feedRoutes(app, deps);
  };
