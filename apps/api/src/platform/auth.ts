import { createHash, randomBytes, webcrypto } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { MESSAGES, tokenClaimsSchema, type TokenClaims } from '@plenary/domain';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import { claimsFor, toPrincipal, type Principal } from './access.js';
import { existingUserId, insertImpersonationAudit, insertSession, sessionPrincipal } from './auth.repo.js';
import { notFound, unauthorized } from './errors.js';

export interface AuthContext {
  sid: string;
  claims: TokenClaims;
  /** The signed-in user (the real actor, even while impersonating). */
  actor: Principal;
  /** Whom the request acts as: the impersonated participant, or the actor. */
  principal: Principal;
  impersonating: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * The HMAC key, imported once per secret: handed raw bytes, jose imports a CryptoKey on every
 * sign and verify (a WebCrypto import per request, measured under bench/fanout.ts).
 */
const importedKeys = new Map<string, Promise<webcrypto.CryptoKey>>();
function secretKey(cfg: Config): Promise<webcrypto.CryptoKey> {
  let key = importedKeys.get(cfg.JWT_SECRET);
  if (!key) {
    const raw = new TextEncoder().encode(cfg.JWT_SECRET);
    key = webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    importedKeys.set(cfg.JWT_SECRET, key);
  }
  return key;
}

/** Opens a server-side session and signs a token for it. Logout revokes the session row. */
export async function issueToken(
  db: Db,
  cfg: Config,
  principal: Principal,
  meta: { loginType: string; ip?: string | undefined; userAgent?: string | undefined },
): Promise<{ token: string; tokenData: TokenClaims }> {
  const expiresAt = new Date(Date.now() + cfg.TOKEN_TTL_SECONDS * 1000);
  const session = await insertSession(db, {
    userId: principal.userId,
    loginType: meta.loginType,
    expiresAt,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
  const claims = await claimsFor(db, principal, session.id);
  const iat = Math.floor(Date.now() / 1000);
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(principal.userId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(await secretKey(cfg));
  return { token, tokenData: { ...claims, iat, exp } };
}

export { revokeSession } from './auth.repo.js';

/** Single-use secrets (e-mail verification, password reset, magic links) are stored only as hashes. */
export function newOneTimeSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export async function verifyBearer(
  db: Db,
  cfg: Config,
  token: string,
): Promise<{ sid: string; claims: TokenClaims; actor: Principal }> {
  let payload: unknown;
  try {
    // Every token we issue has all three; one without `exp` would never expire on its own.
    ({ payload } = await jwtVerify(token, await secretKey(cfg), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw unauthorized(MESSAGES.tokenExpired);
    throw unauthorized('Invalid token');
  }
  const claims = tokenClaimsSchema.safeParse(payload);
  if (!claims.success || payload === null || (payload as { sub?: unknown }).sub !== claims.data.userId)
    throw unauthorized('Invalid token');
  // The session and the principal in one round trip: a revoked session, another user's session or a
  // deleted user find no row. Read on every request, so logout and role changes take effect at once.
  const row = await sessionPrincipal(db, claims.data.sid, claims.data.userId);
  if (!row) throw unauthorized('Session ended');
  if (row.expiresAt.getTime() <= Date.now()) throw unauthorized(MESSAGES.tokenExpired);
  const actor = toPrincipal(row);
  return { sid: claims.data.sid, claims: claims.data, actor };
}

/** Whom the actor acts as when asking to impersonate `targetUserId`; undefined = refused. */
export type ImpersonationResolver = (
  actor: Principal,
  targetUserId: string,
) => Promise<Principal | undefined>;

/**
 * Reads the bearer token (and the optional `impersonate` header) on every request.
 * Routes then declare who may call them with `requireAuth`.
 */
export function installAuth(
  app: FastifyInstance,
  db: Db,
  cfg: Config,
  impersonatedPrincipal: ImpersonationResolver,
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const { sid, claims, actor } = await verifyBearer(db, cfg, header.slice(7).trim());
    const target = request.headers.impersonate;
    if (typeof target === 'string' && target !== '' && target !== actor.userId) {
      // An id outside the actor's scope is answered like an unknown one.
      const principal = await impersonatedPrincipal(actor, target);
      if (!principal) {
        await auditImpersonation(db, request, actor.userId, target, 'impersonation.denied', 'refused');
        throw notFound('Impersonated user not found');
      }
      request.auth = { sid, claims, actor, principal, impersonating: true };
      return;
    }
    request.auth = { sid, claims, actor, principal: actor, impersonating: false };
  });
  // One audit row per request made as someone else: who really acted, as whom, on which route and
  // with what outcome. Written before the answer leaves, so no impersonated request goes unrecorded.
  app.addHook('onSend', async (request, reply, payload) => {
    const auth = request.auth;
    if (auth?.impersonating) {
      await auditImpersonation(
        db,
        request,
        auth.actor.userId,
        auth.principal.userId,
        'impersonated-request',
        String(reply.statusCode),
      );
    }
    return payload;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** audit_log row: entity = 'METHOD /route/:pattern', entity_id = the path requested and the outcome. */
async function auditImpersonation(
  db: Db,
  request: FastifyRequest,
  actorId: string,
  target: string,
  action: string,
  outcome: string,
): Promise<void> {
  const path = request.url.split('?')[0]!.slice(0, 300);
  try {
    let impersonatedUserId: string | null = null;
    if (UUID.test(target)) {
      impersonatedUserId = (await existingUserId(db, target)) ?? null;
    }
    await insertImpersonationAudit(db, {
      actorId,
      impersonatedUserId,
      action,
      entity: `${request.method} ${request.routeOptions.url ?? path}`.slice(0, 300),
      entityId: `${path} -> ${outcome}`,
      requestId: request.id,
    });
  } catch (err) {
    request.log.error({ err }, 'could not write the impersonation audit row');
  }
}

/** The caller's auth context, or 401. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
