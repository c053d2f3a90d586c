import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from './index.js';
import { statementNames } from './prepared.js';

describe('statementNames', () => {
  it('names a text once it is hot, and the same text always the same', () => {
    const names = statementNames({ hotAfter: 3, maxNamed: 10 });
    expect(names.nameFor('select $1')).toBeUndefined();
    expect(names.nameFor('select $1')).toBeUndefined();
    const name = names.nameFor('select $1');
    expect(name).toMatch(/^plenary_\d+$/);
    expect(names.nameFor('select $1')).toBe(name);
    expect(names.nameFor('select $2')).toBeUndefined();
  });

  it('names at most maxNamed texts; the rest run unnamed', () => {
    const names = statementNames({ hotAfter: 1, maxNamed: 2 });
    const given = ['a', 'b', 'c', 'd'].map((t) => names.nameFor(t));
    expect(given.filter(Boolean)).toHaveLength(2);
    expect(new Set(given.filter(Boolean)).size).toBe(2);
    expect(names.nameFor('c')).toBeUndefined();
  });
});

/** PostgreSQL only (PGlite has no pool); CI runs the API tests a second time with DATABASE_URL set. */
const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('hot statements on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(() => {
    database = openPostgres(serverUrl!, 1);
  });
  afterAll(() => database?.close());

  const prepared = async () =>
    (
      await sql<{
        statement: string;
      }>`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'plenary_%'`.execute(database.db)
    ).rows.map((r) => r.statement);

  it('a parameterised text run again and again becomes a named statement with the same answers', async () => {
    const text = 'SELECT $1::int + 40 AS answer /* prepared.test */';
    const answers: number[] = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (
          await sql<{ answer: number }>`SELECT ${i}::int + 40 AS answer /* prepared.test */`.execute(
            database.db,
          )
        ).rows[0]!.answer,
      );
    expect(answers).toEqual([40, 41, 42, 43, 44, 45]);
    expect(await prepared()).toContain(text);
    // pg-boss's path (executeSql → pool.query) shares the pool's clients and their names.
    expect((await database.executeSql(text, [2])).rows).toEqual([{ answer: 42 }]);
  });

  it('a failing execution of a named statement leaves it usable', async () => {
    const run = (v: string) => database.executeSql('SELECT $1::int * 2 AS twice /* prepared.test */', [v]);
    for (let i = 0; i < 4; i++) await run('21');
    await expect(run('not a number')).rejects.toThrow(/invalid input syntax/);
    expect((await run('21')).rows).toEqual([{ twice: 42 }]);
  });

  it('texts without parameters stay unnamed (they may hold several statements)', async () => {
    for (let i = 0; i < 5; i++)
      await database.executeSql('SELECT 1 AS one /* prepared.test */; SELECT 2 AS two');
    expect((await prepared()).some((s) => s.includes('SELECT 1 AS one'))).toBe(false);
  });
});
