import type { LightMyRequestResponse } from 'fastify';
import { errorBodySchema } from '../../src/platform/errors.js';
import type { ApiRoute } from './route-table.js';

/**
 * What is wrong with an answer of `route`, or undefined: a 5xx, a status the route does not
 * declare, a JSON body that does not match the declared schema of its status. The router's own
 * 404 (a path parameter too long to route, `Route not found`) is no answer of the route.
 */
export function problemWith(route: ApiRoute, res: LightMyRequestResponse): string | undefined {
  const status = res.statusCode;
  const head = `${status} ${res.body.slice(0, 300)}`;
  if (status >= 500) return `server error: ${head}`;
  const isJson = /^application\/json/.test(String(res.headers['content-type'] ?? ''));
  const body = isJson ? safeJson(res.body) : undefined;
  if (status === 404 && isJson && (body as { message?: string } | undefined)?.message === 'Route not found')
    return undefined;
  const declared = route.response[String(status)];
  if (!declared) return `undeclared status (declared: ${Object.keys(route.response).join(', ')}): ${head}`;
  if (status === 204 || status === 304 || (status >= 300 && status < 400) || !isJson) return undefined;
  const schema = status >= 400 ? errorBodySchema : declared;
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    return `body does not match the ${status} schema (${parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.')}: ${i.message}`)
      .join('; ')}): ${head}`;
  return undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return Symbol('not JSON');
  }
}
