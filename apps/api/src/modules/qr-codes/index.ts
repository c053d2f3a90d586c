import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { qrCodeRoutes } from './qr-codes.routes.js';
import { subscribeSessionScans } from './qr-scans.subscribers.js';

/** QR codes: custom QR codes for places and things, their exports and scans, the QR reports (see README.md). */
export const qrCodesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    subscribeSessionScans(deps);
    qrCodeRoutes(app, deps);
  };
