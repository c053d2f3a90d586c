import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MATERIAL_MAX_BYTES } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { breakoutRoutes } from './breakouts.routes.js';
import { collectionRoutes } from './collections.routes.js';
import { locationRoutes } from './locations.routes.js';
import { mapRoutes } from './maps.routes.js';
import { materialRoutes } from './materials.routes.js';

/** For the data import (registered by modules/index.ts): the Location table. */
export { locationsImport } from './locations.import.js';

/** Content of the agenda: locations, materials, interactive maps and pins, collections, breakouts (see README.md). */
export const contentRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Each upload route passes its own, lower file limit where it has one.
    await app.register(fastifyMultipart, {
      limits: { fileSize: MATERIAL_MAX_BYTES, files: 1, fields: 10, fieldSize: 65_536, parts: 20 },
    });
    locationRoutes(app, deps);
    materialRoutes(app, deps);
    mapRoutes(app, deps);
    collectionRoutes(app, deps);
    breakoutRoutes(app, deps);
  };
