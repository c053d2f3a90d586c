import { describe, expect, it } from 'vitest';
import type { FeedPageView, FeedPostView } from './api';
import { flatten, linkSegments, removePost, updatePost, upsertPost } from './logic';

const post = (id: string, createdAt: string, extra: Partial<FeedPostView> = {}): FeedPostView => ({
  id,
  eventId: 'e',
  author: { userId: 'u-author', participantId: null, name: 'Ana', photoUrl: null },
  text: `post ${id}`,
  images: [],
  status: 'APPROVED',
  announcement: false,
  pinned: false,
  likes: 0,
  comments: 0,
  liked: false,
  mine: false,
  createdAt,
  ...extra,
});

const feedOf = (...pages: Array<Partial<FeedPageView>>) => ({
  pages: pages.map((p) => ({ pinned: [], posts: [], nextCursor: null, approvalRequired: false, ...p })),
  pageParams: pages.map(() => null),
});

describe('linkSegments', () => {
  it('links URLs and bare e-mail addresses, leaving the rest as text', () => {
    expect(linkSegments('Write to ana@example.org or see https://plenary.dev/x.')).toEqual([
      { kind: 'text', text: 'Write to ' },
      { kind: 'link', text: 'ana@example.org', href: 'mailto:ana@example.org' },
      { kind: 'text', text: ' or see ' },
      { kind: 'link', text: 'https://plenary.dev/x', href: 'https://plenary.dev/x' },
      { kind: 'text', text: '.' },
    ]);
    expect(linkSegments('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
    expect(linkSegments('javascript:alert(1)').every((s) => s.kind === 'text')).toBe(true);
  });
});

describe('feed cache updates', () => {
  const a = post('a', '2030-01-01T10:00:00.000Z');
  const b = post('b', '2030-01-01T09:00:00.000Z', { liked: true, mine: true });

  it('puts a new post on top and keeps the viewer’s own like when a known post is replaced', () => {
    const feed = feedOf({ posts: [a] }, { posts: [b] });
    const fresh = post('c', '2030-01-01T11:00:00.000Z', { author: { ...a.author, userId: 'me' } });
    const next = upsertPost(feed, fresh, 'me');
    expect(flatten(next).posts.map((p) => p.id)).toEqual(['c', 'a', 'b']);
    expect(flatten(next).posts[0]!.mine).toBe(true);
    const replaced = upsertPost(next, { ...b, liked: false, mine: false, likes: 4 }, 'me');
    expect(flatten(replaced).posts.find((p) => p.id === 'b')).toMatchObject({
      liked: true,
      mine: true,
      likes: 4,
    });
  });

  it('moves a pinned post to the pinned ones, and removes posts everywhere', () => {
    const feed = feedOf({ posts: [a, b] });
    const pinned = upsertPost(feed, { ...b, pinned: true }, 'me');
    expect(flatten(pinned)).toMatchObject({ pinned: [{ id: 'b' }], posts: [{ id: 'a' }] });
    expect(flatten(removePost(pinned, 'b'))).toMatchObject({ pinned: [], posts: [{ id: 'a' }] });
  });

  it('updates counts wherever the post is', () => {
    const feed = feedOf({ pinned: [a], posts: [b] });
    const next = updatePost(updatePost(feed, 'a', { likes: 3 }), 'b', { comments: 2 });
    expect(flatten(next).pinned[0]!.likes).toBe(3);
    expect(flatten(next).posts[0]!.comments).toBe(2);
  });
});
