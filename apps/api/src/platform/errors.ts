import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@plenary/domain';

/** The error body of every failure: `{ statusCode, error, message, fields? }`. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Response schemas of a route's error answers: `response: { 200: …, ...errorResponses(400, 404) }`. */
export const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((c) => [c, errorBodySchema]));
export const noContent = z.null().describe('No content');

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, message, fields);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this resource') => new HttpError(403, message);
/** Also what another tenant's resource answers: its existence is not revealed. */
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new HttpError(409, message, fields);
export const tooManyRequests = (message: string) => new HttpError(429, message);

export function errorBody(statusCode: number, message: string, fields?: Record<string, string>): ErrorBody {
  return { statusCode, error: REASONS[statusCode] ?? 'Error', message, ...(fields ? { fields } : {}) };
}

/** Spec texts for the generic zod failures, so every endpoint answers 'Required field' and 'Max length exceeded'. */
export function installZodMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return MESSAGES.required;
      if (issue.code === 'too_big' && issue.origin === 'string') return MESSAGES.maxLength;
      if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
        return MESSAGES.required;
      return undefined;
    },
  });
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'request');
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.entries(fields)[0];
      const message = first ? `${first[0]}: ${first[1]}` : 'Invalid request';
      return reply.status(400).send(errorBody(400, message, fields));
    }
    if (error instanceof HttpError) {
      // A refusal that wraps what went wrong (an unreadable upload): the answer stays the 4xx, the log says why.
      if (error.cause !== undefined) request.log.warn({ err: error.cause }, error.message);
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message, error.fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(errorBody(500, 'Internal Server Error'));
    }
    // The boundary (boundary.ts) refuses text PostgreSQL can not store; should some path still bring
    // it to the database (invalid byte sequence, untranslatable character), the request was bad, not the server.
    const sqlState = (error as { code?: unknown }).code;
    if (sqlState === '22021' || sqlState === '22P05') {
      request.log.warn({ err: error }, 'text the database can not store reached it');
      return reply.status(400).send(errorBody(400, MESSAGES.disallowedCharacters));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Malformed JSON body'
          : error.message;
      return reply.status(status).send(errorBody(status, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'Internal Server Error'));
  });
}
