import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  updateViewSettingsSchema,
  viewSettingsBodySchema,
  viewSettingsParamsSchema,
  viewSettingsSchema,
} from '@plenary/domain';
import { requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses as errors } from '../../platform/errors.js';
import * as service from './view-settings.service.js';

const TAG = 'settings';

/** `view-settings/{tableKey}`: the signed-in user's columns, column order and page size per table. */
export const settingsRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The actor's own settings, also while impersonating: they describe the admin's screen.
    const userId = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).actor.userId;
    app.get(
      '/view-settings/:tableKey',
      {
        schema: {
          tags: [TAG],
          summary: 'My view settings of a table',
          description:
            'When nothing was saved for the table yet: `saved: false`, empty `columns` and `order` (the client uses its own) and the default page size.',
          params: viewSettingsParamsSchema,
          response: { 200: viewSettingsSchema, ...errors(400, 401) },
        },
      },
      async (request) => service.getViewSettings(db, userId(request), request.params.tableKey),
    );
    app.post(
      '/view-settings/:tableKey',
      {
        config: { idempotent: true },
        schema: {
          tags: [TAG],
          summary: 'Save my view settings of a table for the first time',
          description: '409 when they exist already: use PATCH.',
          params: viewSettingsParamsSchema,
          body: viewSettingsBodySchema,
          response: { 201: viewSettingsSchema, ...errors(400, 401, 409) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createViewSettings(db, userId(request), request.params.tableKey, request.body)),
    );
    app.patch(
      '/view-settings/:tableKey',
      {
        schema: {
          tags: [TAG],
          summary: 'Change my view settings of a table',
          description: 'Only the given fields change. 404 when nothing was saved yet: use POST.',
          params: viewSettingsParamsSchema,
          body: updateViewSettingsSchema,
          response: { 200: viewSettingsSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) =>
        service.updateViewSettings(db, userId(request), request.params.tableKey, request.body),
    );
  };
