import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/** Purpose of the moderator invitation tokens in `one_time_tokens` (hashes only). */
export const MODERATOR_LINK_PURPOSE = 'moderator-link';

/** Ends the person's unused moderator links for the event (a newer invitation replaces them). */
export async function endOpenLinks(db: Db, eventId: string, userId: string): Promise<void> {
  await db
    .updateTable('oneTimeTokens')
    .set({ expiresAt: sql<Date>`now()` })
    .where('purpose', '=', MODERATOR_LINK_PURPOSE)
    .where('eventId', '=', eventId)
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .execute();
}

export async function insertLink(
  db: Db,
  values: { eventId: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('oneTimeTokens')
    .values({ ...values, purpose: MODERATOR_LINK_PURPOSE })
    .execute();
}

/**
 * Uses a live moderator link (single use) if it belongs to the event of `sessionId` and that
 * session still lists its user as a moderator: answers the user and event, or undefined (the
 * token stays as it was).
 */
export async function consume(
  db: Db,
  tokenHash: string,
  sessionId: string,
): Promise<{ userId: string; eventId: string } | undefined> {
  const { rows } = await sql<{ userId: string; eventId: string }>`
    UPDATE one_time_tokens t SET used_at = now()
    WHERE t.token_hash = ${tokenHash} AND t.purpose = ${MODERATOR_LINK_PURPOSE} AND t.used_at IS NULL AND t.expires_at > now()
      AND EXISTS (
        SELECT 1 FROM sessions s JOIN session_moderators m ON m.session_id = s.id
        WHERE s.id = ${sessionId} AND s.event_id = t.event_id AND m.user_id = t.user_id)
    RETURNING t.user_id, t.event_id`.execute(db);
  return rows[0];
}

/** The link as stored (whatever its state), to say why it can not be used. */
export function findLink(db: Db, tokenHash: string) {
  return db
    .selectFrom('oneTimeTokens')
    .select(['userId', 'eventId', 'usedAt', 'expiresAt'])
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', MODERATOR_LINK_PURPOSE)
    .executeTakeFirst();
}

export async function sessionEventId(db: Db, sessionId: string): Promise<string | undefined> {
  return (await db.selectFrom('sessions').select('eventId').where('id', '=', sessionId).executeTakeFirst())
    ?.eventId;
}

export async function isSessionModerator(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessionModerators')
    .select('userId')
    .where('sessionId', '=', sessionId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The session's name (the caller has checked that it exists). */
export async function sessionName(db: Db, sessionId: string): Promise<{ name: string }> {
  return db.selectFrom('sessions').select('name').where('id', '=', sessionId).executeTakeFirstOrThrow();
}

/** Whether the person holds any role in the event. */
export async function hasEventRole(db: Db, eventId: string, userId: string): Promise<boolean> {
  const role = await db
    .selectFrom('memberships')
    .select('role')
    .where('userId', '=', userId)
    .where('scope', '=', 'event')
    .where('scopeId', '=', eventId)
    .executeTakeFirst();
  return role !== undefined;
}

export async function insertModeratorMembership(db: Db, eventId: string, userId: string): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ userId, scope: 'event', scopeId: eventId, role: 'moderator' })
    .execute();
}

/** Using a link sent to the address proves it (once; an earlier proof stays). */
export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ emailVerifiedAt: new Date() })
    .where('id', '=', userId)
    .where('emailVerifiedAt', 'is', null)
    .execute();
}
