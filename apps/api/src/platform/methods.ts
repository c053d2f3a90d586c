import type { FastifyInstance } from 'fastify';

/**
 * 405 for a path of the API that exists with other methods (RFC 9110 15.5.6: with `Allow`).
 * Fastify's router only says "not found", so the API's routes are collected as they are added.
 */
export interface MethodTable {
  /** The methods the path answers (HEAD with GET), or [] when no API route matches it. */
  allowed(path: string): string[];
}

const pattern = (url: string) =>
  new RegExp(
    `^${url
      .replace(/[.+?^${}|[\]\\]/g, '\\$&')
      .replace(/:[A-Za-z0-9_]+(?:\\?\([^/]*?\))?/g, '[^/]+')
      .replace(/\*/g, '.*')}$`,
  );

/** Call before the routes are registered. */
export function collectMethods(app: FastifyInstance, apiPrefix: string): MethodTable {
  const routes: Array<{ test: RegExp; methods: string[] }> = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${apiPrefix}/`)) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
    routes.push({ test: pattern(route.url), methods });
  });
  return {
    allowed(path) {
      const found = new Set<string>();
      for (const route of routes) if (route.test.test(path)) route.methods.forEach((m) => found.add(m));
      if (found.has('GET')) found.add('HEAD');
      return [...found].sort();
    },
  };
}
