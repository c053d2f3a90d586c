import type { Db } from '../../platform/db/index.js';

/** The account holding the (already normalised) e-mail address, if any: an invitation reuses it. */
export function findAccountByEmail(
  db: Db,
  email: string,
): Promise<{ id: string; firstName: string } | undefined> {
  return db.selectFrom('users').select(['id', 'firstName']).where('email', '=', email).executeTakeFirst();
}
