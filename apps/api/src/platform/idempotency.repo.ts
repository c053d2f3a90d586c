import { sql } from 'kysely';
import type { Db } from './db/index.js';

/** A claimed (user, key): `claimId` tells this request's claim from a later one on the same key. */
export interface KeyClaim {
  userId: string;
  key: string;
  claimId: string;
}

/**
 * Claims (user, key) for one request: a new row, or a takeover of an expired row or of a claim
 * older than `staleClaimSeconds` without answer (its process died). False when the key is taken.
 */
export async function claimKey(
  db: Db,
  claim: KeyClaim & { method: string; path: string; bodyHash: string },
  limits: { ttlHours: number; staleClaimSeconds: number },
): Promise<boolean> {
  const claimed = await db
    .insertInto('idempotencyKeys')
    .values({
      ...claim,
      expiresAt: sql<Date>`now() + make_interval(hours => ${limits.ttlHours})`,
    })
    .onConflict((oc) =>
      oc
        .columns(['userId', 'key'])
        .doUpdateSet((eb) => ({
          method: eb.ref('excluded.method'),
          path: eb.ref('excluded.path'),
          bodyHash: eb.ref('excluded.bodyHash'),
          claimId: eb.ref('excluded.claimId'),
          statusCode: null,
          contentType: null,
          responseBody: null,
          createdAt: sql<Date>`now()`,
          expiresAt: eb.ref('excluded.expiresAt'),
        }))
        .where((eb) =>
          eb.or([
            eb('idempotencyKeys.expiresAt', '<=', sql<Date>`now()`),
            eb.and([
              eb('idempotencyKeys.statusCode', 'is', null),
              eb(
                'idempotencyKeys.createdAt',
                '<',
                sql<Date>`now() - make_interval(secs => ${limits.staleClaimSeconds})`,
              ),
            ]),
          ]),
        ),
    )
    .returning('claimId')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function findKey(db: Db, userId: string, key: string) {
  return db
    .selectFrom('idempotencyKeys')
    .selectAll()
    .where('userId', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Stores the answer under the claim; a claim taken over since is left alone. */
export async function storeAnswer(
  db: Db,
  claim: KeyClaim,
  answer: { statusCode: number; contentType: string | null; responseBody: string },
): Promise<void> {
  await db
    .updateTable('idempotencyKeys')
    .set(answer)
    .where('userId', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('claimId', '=', claim.claimId)
    .execute();
}

export async function releaseClaim(db: Db, claim: KeyClaim): Promise<void> {
  await db
    .deleteFrom('idempotencyKeys')
    .where('userId', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('claimId', '=', claim.claimId)
    .execute();
}

/** Deletes the expired rows; answers how many. */
export async function deleteExpiredKeys(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('idempotencyKeys')
    .where('expiresAt', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
