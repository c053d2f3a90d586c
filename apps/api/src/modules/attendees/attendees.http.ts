import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { zodFieldErrors } from '@plenary/domain';
import { HttpError } from '../../platform/errors.js';

export const TAG = 'attendees';
export { errorResponses as errors, noContent } from '../../platform/errors.js';

export const eventParams = z.object({ eventId: z.uuid() });
export const participantParams = eventParams.extend({ participantId: z.uuid() });
export const userParams = eventParams.extend({ userId: z.uuid() });
export const customFieldParams = eventParams.extend({ customFieldId: z.uuid() });
export const labelParams = eventParams.extend({ labelId: z.uuid() });

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
