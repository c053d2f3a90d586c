import type { Db } from './db/index.js';
import { selectPrincipals } from './access.repo.js';

export async function insertSession(
  db: Db,
  session: {
    userId: string;
    loginType: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<{ id: string }> {
  return db.insertInto('authSessions').values(session).returning('id').executeTakeFirstOrThrow();
}

export async function revokeSession(db: Db, sid: string): Promise<void> {
  await db
    .updateTable('authSessions')
    .set({ revokedAt: new Date() })
    .where('id', '=', sid)
    .where('revokedAt', 'is', null)
    .execute();
}

/**
 * The session and the principal in one round trip: a revoked session, another user's session or a
 * deleted user find no row.
 */
export async function sessionPrincipal(db: Db, sid: string, userId: string) {
  return selectPrincipals(db)
    .innerJoin('authSessions as s', 's.userId', 'u.id')
    .select('s.expiresAt')
    .where('s.id', '=', sid)
    .where('s.userId', '=', userId)
    .where('s.revokedAt', 'is', null)
    .executeTakeFirst();
}

/** The user's id as stored, or undefined for no such user. */
export async function existingUserId(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return row?.id;
}

export async function insertImpersonationAudit(
  db: Db,
  row: {
    actorId: string;
    impersonatedUserId: string | null;
    action: string;
    entity: string;
    entityId: string;
    requestId: string;
  },
): Promise<void> {
  await db.insertInto('auditLog').values(row).execute();
}
