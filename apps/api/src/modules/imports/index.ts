import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { IMPORT_MAX_FILE_BYTES } from './files.js';
import { defineImportJobs } from './imports.jobs.js';
import { importRoutes } from './imports.routes.js';
import { registerTables } from './tables/index.js';

export { registerImportTable, type ImportTableDef } from './registry.js';

/** The data-import framework (see README.md): routes under events/:eventId/imports and the verify/commit jobs. */
export const importsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    registerTables();
    defineImportJobs(deps, app.log);
    await app.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 5, parts: 10 },
    });
    importRoutes(app, deps);
  };
