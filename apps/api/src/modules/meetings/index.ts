import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { meetingRoutes } from './meetings.routes.js';

/** Meetings: 1:1 meeting windows, slots, requests and bookings (see README.md). */
export const meetingsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    meetingRoutes(app, deps);
  };
