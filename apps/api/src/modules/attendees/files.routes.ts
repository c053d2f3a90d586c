import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { ZodApp } from '../../platform/list.js';
import { storageFor } from '../../platform/storage.js';
import { errors } from './attendees.http.js';

/**
 * `GET /files/:key`: a stored public file (profile photos). Keys are unguessable generated names;
 * no token is needed, so an <img src> works. Served with its stored type, never sniffed, cached
 * for a year (a changed photo gets a new key).
 */
export function fileRoutes(app: ZodApp, { config }: AppDeps): void {
  const storage = storageFor(config);
  app.get(
    '/files/:key',
    {
      schema: {
        tags: ['files'],
        summary: 'A stored public file (profile photos)',
        security: [],
        params: z.object({ key: z.string().max(64) }),
        response: { 200: { description: 'The file', content: { 'image/jpeg': { schema: z.string() }, 'image/png': { schema: z.string() } } }, ...errors(404) },
      },
    },
    async (request, reply) => {
      const file = await storage.get(request.params.key);
      if (!file) throw notFound();
      return reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        // The 200 schema documents binary content; the reply sends the Buffer as it is.
        .send(file.bytes as never);
    },
  );
}
