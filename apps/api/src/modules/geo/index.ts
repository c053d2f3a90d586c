import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { geoRoutes } from './geo.routes.js';

export { timeZoneOfAddress } from './geo.service.js';

/** Address → time zone (see README.md). */
export const geoModuleRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    geoRoutes(app, deps);
  };
