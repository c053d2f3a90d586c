import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { errorBody, errorBodySchema, notFound } from '../../platform/errors.js';
import type { ZodApp } from '../../platform/list.js';
import { STORED_TYPES, storageFor, type StoredContentType } from '../../platform/storage.js';
import { errors } from './attendees.http.js';
import { noneMatchHolds, parseRange } from './files.range.js';

// Import uploads live in the private store only; everything else may be served.
const PRIVATE_TYPES: readonly StoredContentType[] = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
const servedTypes = (Object.keys(STORED_TYPES) as StoredContentType[]).filter(
  (type) => !PRIVATE_TYPES.includes(type),
);
const binary = Object.fromEntries(
  servedTypes.map((type) => [type, { schema: z.string().describe('The bytes') }]),
);
const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET|HEAD /files/:key`: a stored public file (photos, logos, floor plans, materials). Keys are
 * unguessable generated names; no token is needed, so an <img>/<video src> works. Served with its
 * stored type, never sniffed, streamed from the store (materials reach 100 MB), cached for a year
 * (a changed file gets a new key, so the key is also its strong ETag). One byte range per request
 * (`Range: bytes=a-b | a- | -n` → 206) lets players seek and iOS Safari play video; several ranges
 * or a malformed header get the whole file, as RFC 9110 allows.
 */
export function fileRoutes(app: ZodApp, { config }: AppDeps): void {
  const storage = storageFor(config);
  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/:key',
    schema: {
      tags: ['files'],
      summary: 'A stored public file (photos, logos, floor plans, materials), with byte ranges',
      description:
        'Sends `Accept-Ranges: bytes` and `ETag` (the quoted key; files never change). One range in `Range` (`bytes=a-b`, `bytes=a-`, `bytes=-n`) answers 206 with `Content-Range`; a range past the end answers 416 with `Content-Range: bytes */size`; several ranges or a malformed header answer the whole file. `If-None-Match` with the ETag answers 304; `If-Range` other than the ETag answers the whole file.',
      security: [],
      params: z.object({ key: z.string().max(64) }),
      response: {
        200: { description: 'The whole file', content: binary },
        206: { description: 'The asked byte range (`Content-Range: bytes start-end/size`)', content: binary },
        304: z.null().describe('Not modified: the client holds this file (If-None-Match)'),
        ...errors(404),
        416: errorBodySchema.describe(
          'The range starts past the end of the file (`Content-Range: bytes */size`)',
        ),
      },
    },
    handler: async (request, reply) => {
      const { key } = request.params;
      const file = await storage.open(key);
      if (!file) throw notFound();
      const etag = `"${key}"`;
      reply
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      // Conditions before ranges (RFC 9110 §13.2.2). Bodiless answers are sent with `undefined`
      // (typed `never`: the schemas describe the bodies of the other answers).
      if (noneMatchHolds(header(request.headers['if-none-match']), etag)) {
        return reply
          .status(304)
          .header('etag', etag)
          .header('cache-control', YEAR_IMMUTABLE)
          .send(undefined as never);
      }
      // Ranges only for GET (RFC 9110 §14.2), and only while If-Range, if sent, names this file.
      const ifRange = header(request.headers['if-range']);
      const range =
        request.method === 'GET' && (ifRange === undefined || ifRange.trim() === etag)
          ? parseRange(header(request.headers.range), file.size)
          : undefined;
      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${file.size}`)
          .send(errorBody(416, 'The requested range is not satisfiable'));
      }
      reply.type(file.contentType).header('etag', etag).header('cache-control', YEAR_IMMUTABLE);
      if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
      reply.header('content-length', String(range ? range.end - range.start + 1 : file.size));
      // HEAD: the headers of a GET without opening the file (Node sends no body for HEAD).
      if (request.method === 'HEAD') return reply.send(undefined as never);
      const stream = await file.stream(range);
      if (!stream) throw notFound();
      // The 200/206 schemas document binary content; the stream is sent as it is.
      return reply.send(stream as never);
    },
  });
}

/** A request header sent once; a repeated one is treated as absent. */
const header = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;
