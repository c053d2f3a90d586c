import type { FastifyRequest } from 'fastify';
import type { Principal } from './access.js';
import { insertAudit } from './audit.repo.js';
import { requireAuth } from './auth.js';
import type { Db } from './db/index.js';

/** Who writes: the principal decides access; the actor (the signed-in person) is recorded. */
export interface WriteContext {
  principal: Principal;
  /** The signed-in user, also while impersonating: what `updated_by` and the audit log name. */
  actorId: string;
  /** The user acted as, when impersonating. */
  impersonatedUserId: string | null;
  requestId: string;
  /** Host the request came to (links in e-mails). */
  host: string;
}

/** The write context of an authenticated request (401 without a token). */
export function writeContext(request: FastifyRequest): WriteContext {
  const auth = requireAuth(request);
  return {
    principal: auth.principal,
    actorId: auth.actor.userId,
    impersonatedUserId: auth.impersonating ? auth.principal.userId : null,
    requestId: request.id,
    host: request.host,
  };
}

export type AuditAction = 'create' | 'update' | 'delete';

/** One row of audit_log; call inside the write's transaction. */
export async function audit(
  db: Db,
  ctx: WriteContext,
  action: AuditAction,
  entity: string,
  entityId: string | null,
): Promise<void> {
  await insertAudit(db, {
    actorId: ctx.actorId,
    impersonatedUserId: ctx.impersonatedUserId,
    action,
    entity,
    entityId,
    requestId: ctx.requestId,
  });
}
