import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../platform/deps.js';
import { registerImportTable } from '../platform/import-tables/registry.js';
import { accountsRoutes } from './accounts/index.js';
import { tenancyRoutes } from './tenancy/index.js';
import { settingsRoutes } from './settings/index.js';
import { attendeesRoutes, participantsImport, photosImport } from './attendees/index.js';
import { importsRoutes } from './imports/index.js';
import { agendaRoutes, sessionsImport, sessionUsersImport } from './agenda/index.js';
import { contentRoutes, locationsImport } from './content/index.js';
import { engagementRoutes } from './engagement/index.js';
import { meetingsRoutes } from './meetings/index.js';
import { networkingRoutes } from './networking/index.js';
import { notificationsRoutes } from './notifications/index.js';
import { communicationsImport, communicationsRoutes } from './communications/index.js';
import { gamePointsImport, gamificationRoutes } from './gamification/index.js';
import { qrCodesRoutes } from './qr-codes/index.js';
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
  engagementRoutes,
  meetingsRoutes,
  networkingRoutes,
  notificationsRoutes,
  communicationsRoutes,
  gamificationRoutes,
  qrCodesRoutes,
  geoModuleRoutes,
  overviewModuleRoutes,
];

/** The tables the data import offers, in the order it lists them: each module defines its own. */
for (const table of [
  participantsImport,
  photosImport,
  locationsImport,
  sessionsImport,
  sessionUsersImport,
  communicationsImport,
  gamePointsImport,
])
  registerImportTable(table);
