import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../platform/deps.js';

/** Every area's routes, registered under /api/v1. Add one line per module. */
export const modules: Array<(deps: AppDeps) => FastifyPluginAsyncZod> = [];
