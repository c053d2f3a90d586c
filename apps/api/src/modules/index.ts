import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../platform/deps.js';
import { accountsRoutes } from './accounts/index.js';
import { tenancyRoutes } from './tenancy/index.js';
import { settingsRoutes } from './settings/view-settings.routes.js';
import { attendeesRoutes } from './attendees/index.js';
import { importsRoutes } from './imports/index.js';
import { agendaRoutes } from './agenda/index.js';
import { contentRoutes } from './content/index.js';
import { geoModuleRoutes } from './geo/index.js';
import { overviewModuleRoutes } from './overview/index.js';

/** Every area's routes, registered under /api/v1. Add one line per module. */
export const modules: Array<(deps: AppDeps) => FastifyPluginAsyncZod> = [
  accountsRoutes,
  tenancyRoutes,
  settingsRoutes,
  attendeesRoutes,
  importsRoutes,
  agendaRoutes,
  contentRoutes,
  geoModuleRoutes,
  overviewModuleRoutes,
];
