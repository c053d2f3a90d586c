import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandRoutes } from './modules/brand/brand.routes.js';
import { installAuth, verifyBearer } from './platform/auth.js';
import { installBoundary, installDataHeaderCheck } from './platform/boundary.js';
import { installSecurityHeaders } from './platform/headers.js';
import { collectMethods } from './platform/methods.js';
import { openApiTransform } from './platform/openapi.js';
import { createJobs } from './platform/jobs.js';
import { installForeground } from './platform/foreground.js';
import { createDomainEvents } from './platform/domain-events.js';
import { createMailOutbox } from './platform/mail.js';
import { pushSenderFromConfig } from './platform/push.js';
import { createRealtime, type Realtime } from './platform/realtime.js';
import { loadPrincipal } from './platform/access.js';
import type { AppDeps, BaseDeps } from './platform/deps.js';
import { errorBody, installErrorHandler, installZodMessages } from './platform/errors.js';
import { installIdempotency } from './platform/idempotency.js';
import { modules } from './modules/index.js';
import { impersonatedPrincipal } from './modules/accounts/index.js';

export const API_PREFIX = '/api/v1';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export async function buildApp(base: BaseDeps): Promise<FastifyInstance> {
  installZodMessages();
  const app = Fastify({
    logger: base.config.LOG_LEVEL === 'silent' ? false : { level: base.config.LOG_LEVEL },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: base.config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();
  // Requests in flight: background jobs wait behind them, and room deliveries slice finer for them.
  const foreground = installForeground(app);
  const realtime: Realtime = createRealtime(app.server, {
    db: base.db,
    redisUrl: base.config.REDIS_URL,
    authenticate: async (token, impersonate) => {
      const { actor } = await verifyBearer(base.db, base.config, token);
      const principal = impersonate ? await impersonatedPrincipal(base.db, actor, impersonate) : actor;
      if (!principal) throw new Error('Impersonation refused');
      return principal;
    },
    loadPrincipal: (userId) => loadPrincipal(base.db, userId),
    oldestRequestWaitMs: () => foreground.oldestWaitMs(),
  });
  app.addHook('preClose', () => realtime.close());
  const jobs = createJobs(base.database, app.log, {
    heartbeatSeconds: base.config.JOBS_HEARTBEAT_SECONDS,
    foreground,
  });
  // Modules define their queues while registering; workers start once every route is in place.
  const events = createDomainEvents(base.database, jobs, app.log);
  // The dispatcher enqueues into the handlers' queues: it starts after the workers and stops before them.
  app.addHook('onReady', async () => {
    await jobs.start();
    await events.start();
  });
  app.addHook('preClose', async () => {
    await events.stop();
    await jobs.stop();
  });
  const mail = createMailOutbox(jobs, base.mailer, {
    secret: base.config.JWT_SECRET,
    log: app.log,
    db: base.db,
  });
  const push = base.push ?? pushSenderFromConfig(base.config);
  const deps: AppDeps = { ...base, realtime, jobs, mail, events, push };
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandler(app);
  installSecurityHeaders(app, API_PREFIX);
  const methods = collectMethods(app, API_PREFIX);
  // JSON answers (an agenda is ~50 KB) compressed for phones on slow networks. Only JSON: files
  // come precompressed from the build, exports and streams go as they are; socket.io is not a route.
  // Brotli at quality 4: close to gzip -9 in size at a fraction of the default 11's CPU.
  await app.register(fastifyCompress, {
    customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Before swagger and the modules: its onRoute hook adds the header to opted-in routes' schemas.
  installIdempotency(app, deps);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Plenary API',
        version: '1',
        description: 'Event management: admin console, participant app and event website.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  installDataHeaderCheck(app);
  installAuth(app, deps.db, deps.config, (actor, target) => impersonatedPrincipal(deps.db, actor, target));
  // Before any route: authentication first, then the text rule, then each route's schema.
  installBoundary(app, API_PREFIX);

  await app.register(
    async (api) => {
      api.get(
        '/health',
        {
          schema: {
            tags: ['public'],
            summary: 'Liveness and database check',
            security: [],
            response: {
              200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
            },
          },
        },
        async () => {
          await deps.database.execScript('SELECT 1');
          return { status: 'ok' as const, database: deps.database.kind };
        },
      );
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(brandRoutes(deps.brands));
      for (const register of modules) await api.register(register(deps));
    },
    { prefix: API_PREFIX },
  );

  const webDist = deps.config.WEB_DIST;
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
  if (hasWeb) {
    // preCompressed: the build writes .br/.gz copies of text files (apps/web/vite.config.ts precompress).
    const hashedAssets = join(webDist, 'assets');
    if (existsSync(hashedAssets)) {
      // Vite's hashed output: a new build has new names, so browsers may keep these for good.
      await app.register(fastifyStatic, {
        root: hashedAssets,
        prefix: '/assets/',
        wildcard: true,
        index: false,
        maxAge: '365d',
        immutable: true,
        preCompressed: true,
        decorateReply: false,
      });
    }
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      maxAge: '1h',
      preCompressed: true,
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.sendFile('index.html', { maxAge: 0, cacheControl: false }),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith(`${API_PREFIX}/`) || path === API_PREFIX;
    // A missing file (e.g. an old hashed asset) is a 404; any other path is a route of the SPA.
    const isFile = /\.[a-z0-9]{1,8}$/i.test(path);
    if (!isApi && !isFile && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // The SPA routes every other path itself.
      return reply.sendFile('index.html', { maxAge: 0, cacheControl: false });
    }
    const allowed = isApi ? methods.allowed(path) : [];
    if (allowed.length > 0)
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(errorBody(405, `Method ${request.method} not allowed; allowed: ${allowed.join(', ')}`));
    return reply.status(404).send(errorBody(404, 'Route not found'));
  });
  return app;
}
