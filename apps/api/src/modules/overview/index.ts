import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { overviewRoutes } from './overview.routes.js';

/** Overview: the event dashboard's figures and a participant's sessions, waitlists and check-ins (read only). */
export const overviewModuleRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    overviewRoutes(app, deps);
  };
