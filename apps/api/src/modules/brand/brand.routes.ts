import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../platform/errors.js';
import { brandSchema, type BrandCatalog } from '../../platform/brands.js';

export const brandRoutes =
  (brands: BrandCatalog): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/brand',
      {
        schema: {
          tags: ['public'],
          security: [],
          summary: 'The brand (title, icon, logo, colours, store links) of the requesting host',
          querystring: z.object({ host: z.string().max(253).optional() }),
          response: { 200: brandSchema, 400: errorBodySchema },
        },
      },
      async (request) => brands.forHost(request.query.host ?? request.headers.host ?? ''),
    );
  };
