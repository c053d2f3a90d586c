import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SQL lives only in `*.repo.ts` files and migrations (docs/ARCHITECTURE.md "Modules side by side").
 * A file runs a query when it builds one from a table (`selectFrom(` and its kin) or executes one
 * (`.execute(`, `.executeTakeFirst(`…); `db.transaction().execute(` opens a transaction, which is
 * the service's job, and is not a query. `sql` fragments composed into a caller's query (audience
 * and visibility conditions, the generic list builder) are builders, not queries, and may stay.
 * Tests, their helpers (`*.test-utils.ts`) and migrations are outside the rule.
 */
const QUERY =
  /\b(selectFrom|insertInto|updateTable|deleteFrom)\(|(?<!transaction\(\)\s*)\.execute(TakeFirst(OrThrow)?)?\(/;

/**
 * Files that still run queries, each with why. The goal is an empty list: move a file's queries into
 * its repo and delete its line (the second test fails while a listed file is already clean).
 */
const NOT_YET: Record<string, string> = {
  'platform/db/migrate.ts': 'the migration runner itself (records applied migrations)',
  'seed/agenda.ts': 'development seed data, not app code',
  'seed/bookmarks.ts': 'development seed data, not app code',
  'seed/engagement.ts': 'development seed data, not app code',
  'seed/extras.ts': 'development seed data, not app code',
  'seed/index.ts': 'development seed data, not app code',
  'seed/imports.ts': 'development seed data, not app code',
};

const root = import.meta.dirname;
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
const subject = (path: string) =>
  path.endsWith('.ts') && !/\.(test|test-utils|repo)\.ts$/.test(path) && !path.startsWith('migrations/');
const withQueries = walk(root)
  .map((f) => relative(root, f).split('\\').join('/'))
  .filter(subject)
  .filter((path) => QUERY.test(readFileSync(join(root, path), 'utf8')))
  .sort();

describe('SQL only in *.repo.ts and migrations', () => {
  it('tells a query from a transaction and a fragment', () => {
    expect(QUERY.test("await db.selectFrom('users').select('id').execute();")).toBe(true);
    expect(QUERY.test('await sql`DELETE FROM throttle`.execute(this.db);')).toBe(true);
    expect(QUERY.test("tx.updateTable('users').set(v).executeTakeFirst()")).toBe(true);
    expect(QUERY.test('return db.transaction().execute(async (tx) => repo.save(tx, row));')).toBe(false);
    // Prettier puts a long transaction's `.execute(` on a line of its own.
    expect(QUERY.test('await rt.deps.db\n    .transaction()\n    .execute((tx) => save(tx));')).toBe(false);
    expect(QUERY.test("const visible = sql<SqlBool>`s.status = 'PUBLISHED'`;")).toBe(false);
  });

  it('no file outside repos, tests and migrations runs a query, except the listed ones', () => {
    expect(withQueries.filter((path) => !(path in NOT_YET))).toEqual([]);
  });

  it('every listed file still runs a query (a clean one leaves the list)', () => {
    expect(Object.keys(NOT_YET).filter((path) => !withQueries.includes(path))).toEqual([]);
  });
});
