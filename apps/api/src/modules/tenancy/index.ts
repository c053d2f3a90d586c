import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { adminUserRoutes } from './admin-users.routes.js';
import { appVersionRoutes } from './app-versions.routes.js';
import { approvedHostRoutes } from './approved-hosts.routes.js';
import { eventHubRoutes } from './event-hubs.routes.js';
import { eventRoutes } from './events.routes.js';
import { organizationRoutes } from './organizations.routes.js';

/** Super-admin console: organizations (and their approved hosts), event hubs, events, admin users, app versions. */
export const tenancyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    organizationRoutes(app, deps);
    approvedHostRoutes(app, deps);
    eventHubRoutes(app, deps);
    eventRoutes(app, deps);
    adminUserRoutes(app, deps);
    appVersionRoutes(app, deps);
  };
