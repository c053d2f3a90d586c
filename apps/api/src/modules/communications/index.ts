import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { communicationRoutes } from './communications.routes.js';
import { emailLogRoutes } from './emails.routes.js';

/** For the data import (registered by modules/index.ts): the Communication table. */
export { communicationsImport } from './communications.import.js';

/** Communications: push and e-mail campaigns with their delivery, and the log of every e-mail sent (see README.md). */
export const communicationsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    communicationRoutes(app, deps);
    emailLogRoutes(app, deps);
  };
