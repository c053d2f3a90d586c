import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { notificationRoutes } from './notifications.routes.js';
import { startReminders } from './reminders.js';

export {
  addInboxItems,
  announceInboxItems,
  dropSubscription,
  pushTargets,
  userIdsOfParticipants,
} from './inbox.service.js';
export type { NewInboxItem, PushTargetRow } from './notifications.repo.js';
export { deliverPush, type PushDelivery, type PushReport } from './push-delivery.js';

/** Notifications: Web Push subscriptions, the participant's in-app inbox, automatic reminders (see README.md). */
export const notificationsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    notificationRoutes(app, deps);
    startReminders(app, deps);
  };
