import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasDisallowedCharacters, MESSAGES, TEXT_MAX_LENGTH } from '@plenary/domain';
import { HttpError, unauthorized } from './errors.js';

/**
 * The API boundary, for every route at once (docs/SECURITY.md, section 2):
 * 1. authentication before validation: a route that declares bearer security answers 401 without a
 *    token before its input is looked at;
 * 2. the text rule: every string of params, query and body (object keys too) is storable text
 *    (domain `hasDisallowedCharacters`) and at most TEXT_MAX_LENGTH long; otherwise 400 with the
 *    field's message, keyed by its path like zod's validation errors.
 * Multipart fields are read by their handlers: `checkText` is called on them there (readUpload).
 */

/** Headers whose values the API uses as data (an id, a key), checked like input fields. */
const DATA_HEADERS = ['impersonate', 'idempotency-key'] as const;

type Violations = Record<string, string>;

function walk(value: unknown, path: string, found: Violations, depth: number, context: string): void {
  if (Object.keys(found).length > 0) return;
  if (typeof value === 'string') {
    if (hasDisallowedCharacters(value)) found[path] = MESSAGES.disallowedCharacters;
    else if (value.length > TEXT_MAX_LENGTH) found[path] = MESSAGES.maxLength;
    return;
  }
  // JSON is at most 2 MiB; the depth bound only keeps a hostile nesting from exhausting the stack.
  if (value === null || typeof value !== 'object' || depth > 64) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, path ? `${path}.${i}` : String(i), found, depth + 1, context));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (hasDisallowedCharacters(key)) {
      found[path || context] = MESSAGES.disallowedCharacters;
      return;
    }
    walk(item, at, found, depth + 1, context);
  }
}

/**
 * 400 `{ fields: { <path>: message } }` for the first string that breaks the text rule; a bad key of
 * the top-level object is reported on `context` (body, query, params).
 */
export function checkText(values: unknown, context = 'body'): void {
  const found: Violations = {};
  walk(values, '', found, 0, context);
  const first = Object.entries(found)[0];
  if (first) throw new HttpError(400, `${first[0]}: ${first[1]}`, found);
}

/** Whether the route declares bearer security (the OpenAPI default); hidden routes are no API. */
function requiresBearer(request: FastifyRequest, apiPrefix: string): boolean {
  const schema = request.routeOptions.schema as { hide?: boolean; security?: unknown[] } | undefined;
  if (!schema || schema.hide === true) return false;
  if (!(request.routeOptions.url ?? '').startsWith(apiPrefix)) return false;
  return schema.security === undefined || schema.security.length > 0;
}

/** Registers the header check before authentication reads them; call it before `installAuth`. */
export function installDataHeaderCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const headers: Record<string, unknown> = {};
    for (const name of DATA_HEADERS)
      if (request.headers[name] !== undefined) headers[name] = request.headers[name];
    checkText(headers, 'headers');
  });
}

/** The route guard and the text rule, run before any schema validation. */
export function installBoundary(app: FastifyInstance, apiPrefix: string): void {
  app.addHook('preValidation', async (request) => {
    if (requiresBearer(request, apiPrefix) && !request.auth) throw unauthorized();
    checkText(request.params, 'params');
    checkText(request.query, 'query');
    checkText(request.body, 'body');
  });
}
