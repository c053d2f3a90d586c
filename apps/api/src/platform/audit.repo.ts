import { sql } from 'kysely';
import type { Db } from './db/index.js';

/**
 * One audit_log row. `actorId` is null for what nobody signed in did (a password-reset request,
 * a job); `action` is create/update/delete for records, or a named fact (`password-reset.requested`).
 */
export async function insertAudit(
  db: Db,
  row: {
    actorId: string | null;
    action: string;
    entity: string;
    entityId?: string | null;
    impersonatedUserId?: string | null;
    requestId?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      actorId: row.actorId,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId ?? null,
      impersonatedUserId: row.impersonatedUserId ?? null,
      requestId: row.requestId ?? null,
    })
    .execute();
}

/** audit_log rows for many participants in one statement. */
export async function auditMany(
  db: Db,
  actor: { actorId: string; impersonatedUserId?: string | null; requestId?: string | null },
  action: 'create' | 'update' | 'delete',
  ids: readonly string[],
  entity = 'participant',
): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    INSERT INTO audit_log (actor_id, impersonated_user_id, action, entity, entity_id, request_id)
    SELECT ${actor.actorId}::uuid, ${actor.impersonatedUserId ?? null}::uuid, ${action}, ${entity}, x.id::text, ${actor.requestId ?? null}
    FROM unnest(${[...ids]}::uuid[]) AS x(id)`.execute(db);
}
