import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { zodFieldErrors } from '@plenary/domain';
import { HttpError } from './errors.js';

/** Route helpers every module shares: the event path parameter, raw query strings, 400 with field messages. */
export { errorResponses as errors, noContent } from './errors.js';

export const eventParams = z.object({ eventId: z.uuid() });

/** The query string as sent (repeated keys → arrays), for lists whose filters depend on the event. */
export function rawQuery(request: FastifyRequest): Record<string, string | string[]> {
  const at = request.url.indexOf('?');
  const out: Record<string, string | string[]> = {};
  if (at < 0) return out;
  for (const [key, value] of new URLSearchParams(request.url.slice(at + 1))) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** Parses with `schema`, answering 400 `{ fields }` like the route validation does. */
export function parseOr400<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw fieldsError(zodFieldErrors(parsed.error));
}

/** 400 with field messages; the message names the first field. */
export function fieldsError(fields: Record<string, string>, status = 400): HttpError {
  const first = Object.entries(fields)[0];
  return new HttpError(status, first ? `${first[0] || 'request'}: ${first[1]}` : 'Invalid request', fields);
}

/** The 200 answer of a route that sends a file of `type` (OpenAPI). */
export const fileResponse = (type: string) => ({
  description: `The file (${type})`,
  content: { [type]: { schema: z.string() } },
});
