import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from './db/index.js';
import type { Jobs } from './jobs.js';
import { errorBody, errorBodySchema } from './errors.js';
import {
  claimKey,
  deleteExpiredKeys,
  findKey,
  releaseClaim,
  storeAnswer,
  type KeyClaim,
} from './idempotency.repo.js';

/**
 * `Idempotency-Key` on creating POSTs. A route opts in with `config: { idempotent: true }`; a
 * signed-in request that carries the header then runs at most once per (user, key) for
 * `IDEMPOTENCY_TTL_HOURS`:
 *  - first request: the key is claimed (a row without answer), the route runs, and a 2xx answer is
 *    stored (status, content type, body); any other answer releases the key (nothing was created,
 *    so trying again is safe);
 *  - the same key again, same method, path, query, impersonated user and body: the stored answer,
 *    with `Idempotent-Replayed: true`, and the route does not run;
 *  - the same key with anything else: 422; while the first request is still running: 409.
 * Keys belong to the signed-in person (the actor, also while impersonating). A claim older than
 * `STALE_CLAIM_SECONDS` without answer (its process died) may be taken over. Expired rows are
 * deleted by the `idempotency.purge` job, hourly.
 *
 * Routes whose body is not parsed before the handler (multipart uploads) use
 * `config: { idempotent: 'handler' }` and call `idempotencyGate(request, reply, fingerprint)`
 * themselves once they have read the body, with a fingerprint of what they read.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_TTL_HOURS = 24;
export const STALE_CLAIM_SECONDS = 300;
export const PURGE_QUEUE = 'idempotency.purge';
export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 1 to 255 visible characters',
  inFlight: 'A request with this Idempotency-Key is still being processed; try again in a moment',
  reused: 'This Idempotency-Key was already used for a different request; send a new key',
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A creating POST that honours an Idempotency-Key ('handler': it calls `idempotencyGate` itself). */
    idempotent?: true | 'handler';
  }
  interface FastifyRequest {
    idempotencyClaim: KeyClaim | null;
  }
}

const keySchema = z
  .string()
  .regex(/^[\x21-\x7E]{1,255}$/, IDEMPOTENCY_MESSAGES.invalidKey)
  .optional()
  .describe(
    `Makes a retry safe: 1–255 visible ASCII characters (a UUID per form submission). For ${IDEMPOTENCY_TTL_HOURS} h, the same key with the same ` +
      'request answers the first answer again (header Idempotent-Replayed: true) without creating twice; with another request 422; ' +
      'while the first is still running 409. Keys are per user.',
  );

/** JSON with sorted keys: the same body in another key order has the same hash. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((k) => [k, canonical(record[k])]),
    );
  }
  return value;
}

function requestHash(request: FastifyRequest, body: unknown): string {
  const impersonate = request.auth?.impersonating ? request.auth.principal.userId : '';
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, impersonate, canonical(body) ?? null]))
    .digest('hex');
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!.slice(0, 2000);

/**
 * Claims the request's Idempotency-Key, or answers for it. Resolves `true` when the reply was sent
 * (a replay, 409 or 422): the caller stops there. Without a key or a signed-in user it does nothing.
 */
export async function idempotencyGate(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): Promise<boolean> {
  const key = request.headers[IDEMPOTENCY_HEADER];
  const userId = request.auth?.actor.userId;
  if (typeof key !== 'string' || !userId) return false;
  const db: Db = request.server.deps.db;
  const path = pathOf(request);
  const bodyHash = requestHash(request, body);
  // Twice at most: the row found on conflict may be purged before it is read.
  for (let attempt = 0; attempt < 2; attempt++) {
    const claimId = randomUUID();
    const claimed = await claimKey(
      db,
      { userId, key, claimId, method: request.method, path, bodyHash },
      { ttlHours: IDEMPOTENCY_TTL_HOURS, staleClaimSeconds: STALE_CLAIM_SECONDS },
    );
    if (claimed) {
      request.idempotencyClaim = { userId, key, claimId };
      return false;
    }
    const row = await findKey(db, userId, key);
    if (!row) continue;
    if (row.method !== request.method || row.path !== path || row.bodyHash !== bodyHash) {
      await reply
        .status(422)
        .send(
          errorBody(422, IDEMPOTENCY_MESSAGES.reused, { [IDEMPOTENCY_HEADER]: IDEMPOTENCY_MESSAGES.reused }),
        );
      return true;
    }
    if (row.statusCode === null) {
      await reply.status(409).header('retry-after', '1').send(errorBody(409, IDEMPOTENCY_MESSAGES.inFlight));
      return true;
    }
    if (row.contentType) reply.header('content-type', row.contentType);
    await reply
      .status(row.statusCode)
      .header(REPLAYED_HEADER, 'true')
      .send(Buffer.from(row.responseBody ?? '', 'utf8'));
    return true;
  }
  throw new Error('idempotency: the key could not be claimed');
}

/** Stores a 2xx answer under the claimed key; any other answer (or one that streams) releases the key. */
async function settle(db: Db, claim: KeyClaim, reply: FastifyReply, payload: unknown): Promise<void> {
  const body =
    payload === undefined || payload === null
      ? ''
      : typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : undefined;
  if (reply.statusCode >= 200 && reply.statusCode < 300 && body !== undefined) {
    const contentType = reply.getHeader('content-type');
    await storeAnswer(db, claim, {
      statusCode: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      responseBody: body,
    });
    return;
  }
  await releaseClaim(db, claim);
}

/**
 * Installs the hooks: call before the routes are registered (and before @fastify/swagger, so the
 * header shows in the OpenAPI of every opted-in route).
 */
export function installIdempotency(app: FastifyInstance, deps: { db: Db; jobs: Jobs }): void {
  app.decorateRequest('idempotencyClaim', null);
  deps.jobs.define(PURGE_QUEUE, async () => {
    await deleteExpiredKeys(deps.db);
  });
  deps.jobs.schedule(PURGE_QUEUE, '7 * * * *');

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent || !route.schema) return;
    const headers = route.schema.headers;
    const extra = { [IDEMPOTENCY_HEADER]: keySchema };
    // Loose: the parsed headers replace request.headers, so every other header must stay.
    route.schema.headers =
      headers instanceof z.ZodObject
        ? z.looseObject({ ...headers.shape, ...extra })
        : headers === undefined
          ? z.looseObject(extra)
          : headers;
    const response = (route.schema.response ?? {}) as Record<number, unknown>;
    route.schema.response = {
      ...response,
      409: response[409] ?? errorBodySchema,
      422: response[422] ?? errorBodySchema,
    };
  });

  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.idempotent !== true) return;
    if (await idempotencyGate(request, reply, request.body)) return reply;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    try {
      await settle(deps.db, claim, reply, payload);
    } catch (err) {
      request.log.error({ err }, 'could not store the idempotent answer');
    }
    return payload;
  });
}
