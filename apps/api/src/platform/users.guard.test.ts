import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const THE_SERVICE = 'platform/users.repo.ts';
// Kysely's insertInto('users') and raw SQL INSERT INTO users.
const CREATES_USER = /insertInto\(\s*['"`]users['"`]\s*\)|INSERT\s+INTO\s+"?users"?[\s(]/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('one account service creates users', () => {
  it('no file of apps/api/src but platform/users.repo.ts inserts into users (migrations and tests aside)', () => {
    const offenders = sourceFiles(SRC)
      .map((f) => relative(SRC, f).split('\\').join('/'))
      .filter((f) => f !== THE_SERVICE && CREATES_USER.test(readFileSync(join(SRC, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the pattern catches both forms (so the check above cannot pass vacuously)', () => {
    expect(CREATES_USER.test(readFileSync(join(SRC, THE_SERVICE), 'utf8'))).toBe(true);
    expect(CREATES_USER.test("db.insertInto('users').values(x)")).toBe(true);
    expect(CREATES_USER.test('INSERT INTO users (email) SELECT 1')).toBe(true);
    expect(CREATES_USER.test("db.insertInto('user_sessions')")).toBe(false);
  });
});
