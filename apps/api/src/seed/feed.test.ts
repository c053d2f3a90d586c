import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { DEMO_PARTICIPANT_EMAIL } from './engagement.js';
import { seedFeed } from './feed.js';
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

describe('demo activity-feed seed', () => {
  it('gives the demo event a lively feed with a pinned announcement, once', async () => {
    const user = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_PARTICIPANT_EMAIL)
      .executeTakeFirstOrThrow();
    const event = await t.deps.db
      .selectFrom('events')
      .select('id')
      .where('name', '=', DEMO_EVENT_NAME)
      .executeTakeFirstOrThrow();
    const token = await t.f.token(user.id);
    const read = async () => {
      const res = await t.as(token, {
        method: 'GET',
        url: `/api/v1/events/${event.id}/activity-feed/posts?limit=50`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        pinned: Array<{ announcement: boolean }>;
        posts: Array<{ likes: number; comments: number; author: { name: string } }>;
      };
    };
    const feed = await read();
    expect(feed.pinned).toHaveLength(1);
    expect(feed.pinned[0]!.announcement).toBe(true);
    expect(feed.posts.length).toBeGreaterThanOrEqual(10);
    expect(feed.posts.some((p) => p.likes > 0)).toBe(true);
    expect(feed.posts.some((p) => p.comments > 0)).toBe(true);
    expect(new Set(feed.posts.map((p) => p.author.name)).size).toBeGreaterThan(3);
    await seedFeed(t.deps);
    expect((await read()).posts).toHaveLength(feed.posts.length);
  });
});
