import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { IMPORT_MAX_FILE_BYTES } from './files.js';
import { defineImportJobs } from './imports.jobs.js';
import { importRoutes } from './imports.routes.js';

/**
 * The data-import framework (see README.md): routes under events/:eventId/imports and the verify/commit
 * jobs. It learns about tables only through the registry (platform/import-tables/registry.ts), which
 * the composition root (modules/index.ts) fills with the tables the agenda, attendees and content define.
 */
export const importsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    defineImportJobs(deps, app.log);
    await app.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 5, parts: 10 },
    });
    importRoutes(app, deps);
  };
