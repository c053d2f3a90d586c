import { sql, type RawBuilder } from 'kysely';
import type { Db } from './db/index.js';
import type { User } from './db/schema.js';

/**
 * The only place a user row is created (users.guard.test.ts fails on any other
 * `insertInto('users')`): the e-mail is trimmed and lower-cased, `updated_by` names the actor and
 * one audit row per new user is written by the same statement.
 */

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash?: string | null;
  emailVerifiedAt?: Date | null;
  userRole?: 'superadmin' | 'user';
}

/** Who creates: a signed-in user (WriteContext fits) or SYSTEM_ACTOR (registration, SSO, seed). */
export interface UserActor {
  actorId: string | null;
  impersonatedUserId?: string | null;
  requestId?: string | null;
}

export const SYSTEM_ACTOR: UserActor = { actorId: null };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creates the users whose e-mail is still free, in one INSERT; a taken address is skipped (each
 * caller decides whether that means "use the existing account" or 409). Answers the new rows.
 */
export async function createUsers(
  db: Db,
  actor: UserActor,
  users: readonly NewUser[],
): Promise<Array<{ id: string; email: string }>> {
  if (users.length === 0) return [];
  const now = new Date();
  // One statement: the users and their audit rows commit together even without a transaction.
  return db
    .with('u', (q) =>
      q
        .insertInto('users')
        .values(
          users.map((u) => ({
            email: normalizeEmail(u.email),
            firstName: u.firstName,
            lastName: u.lastName,
            passwordHash: u.passwordHash ?? null,
            emailVerifiedAt: u.emailVerifiedAt ?? null,
            ...(u.userRole ? { userRole: u.userRole } : {}),
            updatedAt: now,
            updatedBy: actor.actorId,
          })),
        )
        .onConflict((oc) => oc.column('email').doNothing())
        .returning(['id', 'email']),
    )
    .with('a', (q) =>
      q
        .insertInto('auditLog')
        .columns(['actorId', 'impersonatedUserId', 'action', 'entity', 'entityId', 'requestId'])
        .expression((eb) =>
          eb
            .selectFrom('u')
            .select([
              sql<string | null>`${actor.actorId}::uuid`.as('actorId'),
              sql<string | null>`${actor.impersonatedUserId ?? null}::uuid`.as('impersonatedUserId'),
              sql<string>`'create'`.as('action'),
              sql<string>`'user'`.as('entity'),
              sql<string>`u.id::text`.as('entityId'),
              sql<string | null>`${actor.requestId ?? null}::text`.as('requestId'),
            ]),
        ),
    )
    .selectFrom('u')
    .select(['id', 'email'])
    .execute();
}

/** The account holding an e-mail address (compared as stored: trimmed, lower-cased), if any. */
export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account with this id, if any (undefined for an id that is not a UUID). */
export function findUserById(db: Db, id: string): Promise<User | undefined> {
  if (!UUID_PATTERN.test(id)) return Promise.resolve(undefined);
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One user; `created` is false (and `id` undefined) when the address already has an account. */
export async function createUser(
  db: Db,
  actor: UserActor,
  user: NewUser,
): Promise<{ id: string; created: true } | { id: undefined; created: false }> {
  const [row] = await createUsers(db, actor, [user]);
  return row ? { id: row.id, created: true } : { id: undefined, created: false };
}

/**
 * The bulk form for imports: `source` is a subquery of rows `(email, first_name, last_name, …)`,
 * null names meaning ''. Users and their audit rows are written by ONE statement, so an import of
 * 100,000 rows stays one round trip; taken addresses are skipped.
 */
export async function createUsersFrom(db: Db, actor: UserActor, source: RawBuilder<unknown>): Promise<void> {
  await sql`
    WITH u AS (
      INSERT INTO users (email, first_name, last_name, updated_at, updated_by)
      SELECT lower(btrim(x.email)), coalesce(x.first_name, ''), coalesce(x.last_name, ''), now(), ${actor.actorId}::uuid
      FROM ${source} AS x
      ON CONFLICT (email) DO NOTHING
      RETURNING id
    )
    INSERT INTO audit_log (actor_id, impersonated_user_id, action, entity, entity_id, request_id)
    SELECT ${actor.actorId}::uuid, ${actor.impersonatedUserId ?? null}::uuid, 'create', 'user', u.id::text, ${actor.requestId ?? null}
    FROM u`.execute(db);
}
