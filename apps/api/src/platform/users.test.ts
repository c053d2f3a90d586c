import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import type { DatabaseHandle } from './db/index.js';
import { createUser, createUsers, createUsersFrom, SYSTEM_ACTOR } from './users.repo.js';

let database: DatabaseHandle;
let actorId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const made = await createUser(database.db, SYSTEM_ACTOR, {
    email: 'actor@example.com',
    firstName: 'Ada',
    lastName: 'Actor',
  });
  actorId = made.id!;
});

afterAll(async () => {
  await database.close();
});

const auditOf = (id: string) =>
  database.db
    .selectFrom('auditLog')
    .select(['actorId', 'impersonatedUserId', 'action', 'entity', 'requestId'])
    .where('entityId', '=', id)
    .execute();

describe('createUser', () => {
  it('stores the e-mail trimmed and lower-cased, names the actor in updated_by and writes one audit row', async () => {
    const actor = { actorId, impersonatedUserId: null, requestId: 'req-1' };
    const made = await createUser(database.db, actor, {
      email: '  Mixed.Case@Example.COM ',
      firstName: 'Mia',
      lastName: 'Case',
    });
    expect(made.created).toBe(true);
    const row = await database.db
      .selectFrom('users')
      .select(['email', 'firstName', 'lastName', 'passwordHash', 'updatedBy', 'userRole'])
      .where('id', '=', made.id!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      email: 'mixed.case@example.com',
      firstName: 'Mia',
      lastName: 'Case',
      passwordHash: null,
      updatedBy: actorId,
      userRole: 'user',
    });
    expect(await auditOf(made.id!)).toEqual([
      { actorId, impersonatedUserId: null, action: 'create', entity: 'user', requestId: 'req-1' },
    ]);
  });

  it('answers created: false for a taken address (any case) and leaves the account and the log alone', async () => {
    const before = await database.db
      .selectFrom('auditLog')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const again = await createUser(
      database.db,
      { actorId },
      {
        email: 'MIXED.case@example.com',
        firstName: 'Other',
        lastName: 'Name',
      },
    );
    expect(again).toEqual({ id: undefined, created: false });
    const names = await database.db
      .selectFrom('users')
      .select(['firstName'])
      .where('email', '=', 'mixed.case@example.com')
      .execute();
    expect(names).toEqual([{ firstName: 'Mia' }]);
    const after = await database.db
      .selectFrom('auditLog')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('the system actor (registration, SSO, seed) leaves updated_by and the audit actor empty', async () => {
    const made = await createUser(database.db, SYSTEM_ACTOR, {
      email: 'Self@Example.com',
      firstName: 'Sam',
      lastName: 'Self',
      passwordHash: 'hash',
      userRole: 'superadmin',
    });
    const row = await database.db
      .selectFrom('users')
      .select(['email', 'updatedBy', 'userRole', 'passwordHash'])
      .where('id', '=', made.id!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      email: 'self@example.com',
      updatedBy: null,
      userRole: 'superadmin',
      passwordHash: 'hash',
    });
    expect(await auditOf(made.id!)).toEqual([
      { actorId: null, impersonatedUserId: null, action: 'create', entity: 'user', requestId: null },
    ]);
  });
});

describe('createUsers / createUsersFrom (bulk)', () => {
  it('createUsers inserts the free addresses in one go and answers only the new rows', async () => {
    const rows = await createUsers(database.db, { actorId }, [
      { email: 'Bulk1@example.com', firstName: 'B', lastName: '1' },
      { email: 'actor@example.com', firstName: 'Taken', lastName: 'Already' },
      { email: 'bulk2@example.com ', firstName: 'B', lastName: '2' },
    ]);
    expect(rows.map((r) => r.email).sort()).toEqual(['bulk1@example.com', 'bulk2@example.com']);
    for (const r of rows) expect(await auditOf(r.id)).toHaveLength(1);
  });

  it('createUsersFrom writes users and audit rows from a subquery, skipping taken addresses', async () => {
    const source = sql`(SELECT * FROM (VALUES ('From@Example.com', 'F', NULL), ('actor@example.com', 'X', 'Y'))
      AS x(email, first_name, last_name))`;
    await createUsersFrom(database.db, { actorId, requestId: 'req-import' }, source);
    const row = await database.db
      .selectFrom('users')
      .select(['id', 'firstName', 'lastName', 'updatedBy'])
      .where('email', '=', 'from@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ firstName: 'F', lastName: '', updatedBy: actorId });
    expect(await auditOf(row.id)).toEqual([
      { actorId, impersonatedUserId: null, action: 'create', entity: 'user', requestId: 'req-import' },
    ]);
    const actor = await database.db
      .selectFrom('users')
      .select('firstName')
      .where('id', '=', actorId)
      .executeTakeFirstOrThrow();
    expect(actor.firstName).toBe('Ada');
  });
});
