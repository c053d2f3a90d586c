import { find } from 'linkifyjs';
import type { InfiniteData } from '@tanstack/react-query';
import type { FeedPageView, FeedPostView } from './api';

/** A piece of post text: plain, or a link (URLs and bare e-mail addresses, spec part 5). */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Splits text into plain runs and links (`linkifyjs`): e-mails become mailto:, bare hosts https://. */
export function linkSegments(text: string): TextSegment[] {
  const out: TextSegment[] = [];
  let at = 0;
  for (const link of find(text)) {
    if (link.type !== 'url' && link.type !== 'email') continue;
    if (link.start > at) out.push({ kind: 'text', text: text.slice(at, link.start) });
    const href = link.type === 'email' ? `mailto:${link.value}` : link.href;
    // Only web and mail links: never javascript: or other schemes.
    if (/^(https?:|mailto:)/i.test(href)) out.push({ kind: 'link', text: link.value, href });
    else out.push({ kind: 'text', text: link.value });
    at = link.end;
  }
  if (at < text.length) out.push({ kind: 'text', text: text.slice(at) });
  return out;
}

type Feed = InfiniteData<FeedPageView, unknown>;

const without = (posts: FeedPostView[], id: string) => posts.filter((p) => p.id !== id);

/** The feed without a post (hidden or deleted: `feed.removed`). */
export function removePost(feed: Feed | undefined, postId: string): Feed | undefined {
  if (!feed) return feed;
  return {
    ...feed,
    pages: feed.pages.map((p) => ({
      ...p,
      pinned: without(p.pinned, postId),
      posts: without(p.posts, postId),
    })),
  };
}

/**
 * A new, approved or re-pinned post (`feed.post`): replaces the copy shown (keeping the viewer's
 * own `liked` and `mine`, which a broadcast cannot know), or goes on top of the first page; a
 * pinned post goes to the pinned ones. `userId`: the viewer, for `mine` of posts not seen before.
 */
export function upsertPost(
  feed: Feed | undefined,
  post: FeedPostView,
  userId: string | undefined,
): Feed | undefined {
  if (!feed || feed.pages.length === 0) return feed;
  const known = feed.pages.flatMap((p) => [...p.pinned, ...p.posts]).find((p) => p.id === post.id);
  const merged: FeedPostView = {
    ...post,
    liked: known?.liked ?? false,
    mine: known?.mine ?? post.author.userId === userId,
  };
  const pages = feed.pages.map((p) => ({
    ...p,
    pinned: without(p.pinned, post.id),
    posts: without(p.posts, post.id),
  }));
  const first = pages[0]!;
  if (merged.pinned) pages[0] = { ...first, pinned: [merged, ...first.pinned] };
  else if (known && !known.pinned) {
    // Same place as before (an approval of a post shown to its author, a moderator's change).
    return {
      ...feed,
      pages: feed.pages.map((p) => ({
        ...p,
        posts: p.posts.map((x) => (x.id === post.id ? merged : x)),
      })),
    };
  } else pages[0] = { ...first, posts: [merged, ...first.posts].sort(newestFirst) };
  return { ...feed, pages };
}

const newestFirst = (a: FeedPostView, b: FeedPostView) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

/** Like and comment counts (`feed.counts`, coalesced) and, optionally, the viewer's own like. */
export function updatePost(
  feed: Feed | undefined,
  postId: string,
  change: Partial<Pick<FeedPostView, 'likes' | 'comments' | 'liked'>>,
): Feed | undefined {
  if (!feed) return feed;
  const apply = (p: FeedPostView) => (p.id === postId ? { ...p, ...change } : p);
  return {
    ...feed,
    pages: feed.pages.map((p) => ({ ...p, pinned: p.pinned.map(apply), posts: p.posts.map(apply) })),
  };
}

/** Every post shown once: pinned first, then the pages in order (a post may move between pages while loading). */
export function flatten(feed: Feed | undefined): { pinned: FeedPostView[]; posts: FeedPostView[] } {
  if (!feed) return { pinned: [], posts: [] };
  const seen = new Set<string>();
  const once = (p: FeedPostView) => (seen.has(p.id) ? false : (seen.add(p.id), true));
  const pinned = feed.pages.flatMap((p) => p.pinned).filter(once);
  const posts = feed.pages.flatMap((p) => p.posts).filter(once);
  return { pinned, posts };
}
