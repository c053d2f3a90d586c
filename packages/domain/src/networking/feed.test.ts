import { describe, expect, it } from 'vitest';
import {
  createFeedPostSchema,
  FEED_MESSAGES,
  feedCursor,
  feedModerationListQuerySchema,
  feedQuerySchema,
} from './feed.js';

describe('activity feed contracts', () => {
  it('a post needs text or an image, at most 4 distinct images and 2,000 characters', () => {
    expect(createFeedPostSchema.parse({ text: 'Hi' })).toEqual({
      text: 'Hi',
      imageIds: [],
      announcement: false,
    });
    const id = '7f1c1e5e-4a4b-4c1d-9a51-2b3c4d5e6f70';
    expect(createFeedPostSchema.safeParse({ imageIds: [id] }).success).toBe(true);
    const empty = createFeedPostSchema.safeParse({ text: '  ' });
    expect(empty.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['text', FEED_MESSAGES.emptyPost],
    ]);
    expect(createFeedPostSchema.safeParse({ text: 'x'.repeat(2001) }).success).toBe(false);
    expect(createFeedPostSchema.safeParse({ text: 'x', imageIds: [id, id] }).success).toBe(false);
    expect(createFeedPostSchema.safeParse({ text: 'x', imageIds: Array(5).fill(id) }).success).toBe(false);
  });

  it('the keyset cursor round-trips through the query', () => {
    const cursor = feedCursor({
      createdAt: new Date('2030-01-02T03:04:05.678Z'),
      id: '7f1c1e5e-4a4b-4c1d-9a51-2b3c4d5e6f70',
    });
    expect(feedQuerySchema.parse({ before: cursor })).toEqual({ before: cursor, limit: 20 });
    expect(feedQuerySchema.safeParse({ before: '2030-01-02,nope' }).success).toBe(false);
    expect(feedQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
  });

  it('the moderation list reads status and reported from the query string', () => {
    expect(feedModerationListQuerySchema.parse({ status: 'PENDING', reported: 'true' })).toMatchObject({
      status: 'PENDING',
      reported: true,
    });
    expect(feedModerationListQuerySchema.safeParse({ reported: 'yes' }).success).toBe(false);
  });
});
