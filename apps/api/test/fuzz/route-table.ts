import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import { API_PREFIX } from '../../src/app.js';
import { createTestContext, type TestContext } from '../harness.js';

/** One operation of the API as its route declared it: the zod schemas the server validates with. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify's pattern, e.g. /api/v1/events/:eventId/participants */
  url: string;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  /** Declared answers by status code. */
  response: Record<string, ZodType>;
  /** Bearer-secured (the OpenAPI default) or public (`security: []`). */
  secured: boolean;
  multipart: boolean;
}

type RouteSchema = {
  hide?: boolean;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  response?: Record<string, ZodType>;
  security?: unknown[];
  consumes?: string[];
};

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function toApiRoutes(route: RouteOptions): ApiRoute[] {
  if (!route.url.startsWith(`${API_PREFIX}/`)) return [];
  const schema = (route.schema ?? {}) as RouteSchema;
  if (schema.hide) return [];
  const methods = (Array.isArray(route.method) ? route.method : [route.method])
    .map((m) => m.toUpperCase())
    .filter((m) => METHODS.has(m));
  return methods.map((method) => ({
    method: method as ApiRoute['method'],
    url: route.url,
    params: schema.params,
    querystring: schema.querystring,
    body: schema.body,
    response: Object.fromEntries(Object.entries(schema.response ?? {}).map(([code, s]) => [String(code), s])),
    secured: schema.security === undefined || schema.security.length > 0,
    multipart: (schema.consumes ?? []).some((c) => c.startsWith('multipart/')),
  }));
}

/**
 * A test context whose app's route table was recorded as it was built. Fastify announces every new
 * instance on the `fastify.initialization` diagnostics channel; an `onRoute` hook added there sees
 * every route with its zod schemas, so no route can be added without the suites seeing it.
 */
export async function createRecordedContext(): Promise<{ t: TestContext; routes: ApiRoute[] }> {
  const routes: ApiRoute[] = [];
  const initialization = channel('fastify.initialization');
  const record = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      routes.push(...toApiRoutes(route));
    });
  };
  initialization.subscribe(record);
  try {
    const t = await createTestContext();
    return { t, routes };
  } finally {
    initialization.unsubscribe(record);
  }
}
