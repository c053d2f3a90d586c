import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { seedBookmarks } from './bookmarks.js';
import { seed } from './index.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({
    SUPERADMIN_EMAIL: 'super@northwind.example',
    SUPERADMIN_PASSWORD: 'Super!pass2026',
  });
  await seed(t.deps);
});
afterAll(() => t.close());

const bookmarks = () =>
  t.deps.db
    .selectFrom('sessionBookmarks')
    .innerJoin('sessions', 'sessions.id', 'sessionBookmarks.sessionId')
    .innerJoin('users', 'users.id', 'sessionBookmarks.userId')
    .select([
      'users.email',
      'sessions.status',
      'sessions.eventId',
      'sessionBookmarks.eventId as bookmarkEvent',
    ])
    .execute();

describe('demo bookmarks seed', () => {
  it('stars a few published sessions for the demo participant and others, once', async () => {
    const rows = await bookmarks();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.every((r) => r.status === 'PUBLISHED' && r.eventId === r.bookmarkEvent)).toBe(true);
    expect(rows.filter((r) => r.email === 'amara.okafor@example.com').length).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.map((r) => r.email)).size).toBeGreaterThanOrEqual(5);

    await seedBookmarks(t.deps);
    expect(await bookmarks()).toHaveLength(rows.length);
  });
});
