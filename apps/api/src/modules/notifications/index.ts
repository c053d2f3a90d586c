import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { notificationRoutes } from './notifications.routes.js';

/** Notifications: Web Push subscriptions, the participant's in-app inbox, automatic reminders (see README.md). */
export const notificationsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    notificationRoutes(app, deps);
  };
