import {
  FEED_MESSAGES,
  feedPostSchema,
  rooms,
  type CreateFeedPost,
  type FeedComment,
  type FeedLike,
  type FeedModerationAction,
  type FeedPage,
  type FeedPost,
  type FeedPostDetail,
  type FeedPostStatus,
  type FeedQuery,
} from '@plenary/domain';
import { z } from 'zod';
import type { WriteContext } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { publish } from '../../platform/domain-events.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { fieldsError } from '../../platform/http.js';
import type { Storage } from '../../platform/storage.js';
import { processPhoto } from '../attendees/index.js';
import * as repo from './feed-posts.repo.js';

type Deps = Pick<AppDeps, 'db' | 'realtime'>;

/** Who calls a feed route: any role in the event; staff (admins and moderators) moderate, admins pin. */
export interface FeedViewer {
  ctx: WriteContext;
  eventId: string;
  userId: string;
  /** Set when the caller is a participant of the event. */
  participantId: string | null;
  staff: boolean;
  admin: boolean;
}

function toPost(
  row: repo.PostRow,
  viewer: { userId: string } | undefined,
  liked: ReadonlySet<string>,
  images: Array<{ id: string; postId: string; url: string }>,
): FeedPost {
  return {
    id: row.id,
    eventId: row.eventId,
    author: {
      userId: row.authorUserId,
      participantId: row.participantId,
      name: row.authorName,
      photoUrl: row.authorPhotoUrl,
    },
    text: row.text,
    images: images.filter((i) => i.postId === row.id).map(({ id, url }) => ({ id, url })),
    status: row.status,
    announcement: row.announcement,
    pinned: row.pinnedAt !== null,
    likes: row.likeCount,
    comments: row.commentCount,
    liked: liked.has(row.id),
    mine: viewer !== undefined && row.authorUserId === viewer.userId,
    createdAt: row.createdAt,
  };
}

async function posts(db: Db, viewer: FeedViewer | undefined, rows: repo.PostRow[]): Promise<FeedPost[]> {
  const ids = rows.map((r) => r.id);
  const [liked, images] = await Promise.all([
    viewer ? repo.likedBy(db, viewer.userId, ids) : Promise.resolve([]),
    repo.imagesOf(db, ids),
  ]);
  const likedSet = new Set(liked);
  return rows.map((r) => toPost(r, viewer, likedSet, images));
}

/** GET …/activity-feed/posts: pinned ones first (first page only), then newest first before the cursor. */
export async function page(db: Db, viewer: FeedViewer, query: FeedQuery): Promise<FeedPage> {
  const before = query.before ? parseCursor(query.before) : undefined;
  const [pinnedRows, rows, approvalRequired] = await Promise.all([
    before ? Promise.resolve([]) : repo.pinnedPosts(db, viewer.eventId, viewer),
    repo.postPage(db, viewer.eventId, viewer, before, query.limit + 1),
    repo.approvalRequired(db, viewer.eventId),
  ]);
  const more = rows.length > query.limit;
  const pageRows = rows.slice(0, query.limit);
  const last = pageRows.at(-1);
  return {
    pinned: await posts(db, viewer, pinnedRows),
    posts: await posts(db, viewer, pageRows),
    nextCursor: more && last ? `${last.createdAt.toISOString()},${last.id}` : null,
    approvalRequired,
  };
}

function parseCursor(cursor: string): { createdAt: Date; id: string } {
  const at = cursor.indexOf(',');
  const createdAt = new Date(cursor.slice(0, at));
  if (Number.isNaN(createdAt.getTime())) throw fieldsError({ before: FEED_MESSAGES.badCursor });
  return { createdAt, id: cursor.slice(at + 1).toLowerCase() };
}

function canSee(row: repo.PostRow, viewer: FeedViewer): boolean {
  if (row.status === 'APPROVED') return true;
  if (row.status === 'PENDING') return viewer.staff || row.authorUserId === viewer.userId;
  return false;
}

/** A post the viewer may see (404 otherwise: a pending post of someone else does not exist for them). */
async function visiblePost(db: Db, viewer: FeedViewer, postId: string): Promise<repo.PostRow> {
  const row = await repo.findPost(db, viewer.eventId, postId);
  if (!row || !canSee(row, viewer)) throw notFound();
  return row;
}

function toComment(c: repo.CommentRow, viewer: FeedViewer): FeedComment {
  return {
    id: c.id,
    postId: c.postId,
    author: {
      userId: c.authorUserId,
      participantId: c.participantId,
      name: c.authorName,
      photoUrl: c.authorPhotoUrl,
    },
    text: c.text,
    mine: c.authorUserId === viewer.userId,
    createdAt: c.createdAt,
  };
}

export async function detail(db: Db, viewer: FeedViewer, postId: string): Promise<FeedPostDetail> {
  const row = await visiblePost(db, viewer, postId);
  const [[post], comments] = await Promise.all([posts(db, viewer, [row]), repo.commentsOf(db, postId)]);
  return { ...post!, commentList: comments.map((c) => toComment(c, viewer)) };
}

/** After a commit: a visible post to the event room, a pending one to the staff room only. */
async function announcePost(deps: Deps, eventId: string, postId: string): Promise<void> {
  const row = await repo.findPost(deps.db, eventId, postId);
  if (!row || row.status === 'HIDDEN') return;
  const [post] = await posts(deps.db, undefined, [row]);
  const room = row.status === 'APPROVED' ? rooms.event(eventId) : rooms.eventStaff(eventId);
  deps.realtime.emit(room, 'feed.post', { eventId, post: z.encode(feedPostSchema, post!) });
}

function announceRemoved(deps: Deps, eventId: string, postId: string): void {
  deps.realtime.emit(rooms.event(eventId), 'feed.removed', { eventId, postId });
}

async function publishPosted(tx: Db, row: { eventId: string; id: string; participantId: string | null }) {
  // Gamification counts participants' posts; an organiser who is no participant earns nothing.
  if (row.participantId)
    await publish(tx, {
      name: 'feed.posted',
      payload: { eventId: row.eventId, postId: row.id, participantId: row.participantId },
    });
}

/** Stores an uploaded image (checked and re-encoded like a photo) for a post to come. */
export async function uploadImage(
  db: Db,
  storage: Storage,
  viewer: FeedViewer,
  bytes: Buffer,
): Promise<{ id: string; url: string }> {
  const image = await processPhoto(bytes);
  const key = await storage.put(image.bytes, image.contentType);
  try {
    return await repo.insertImage(db, {
      eventId: viewer.eventId,
      uploaderUserId: viewer.userId,
      url: storage.url(key),
    });
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
}

/**
 * POST …/activity-feed/posts: PENDING when the event requires approval and the author is no
 * moderator, else APPROVED (announcements: organisers only, never pending).
 */
export async function createPost(deps: Deps, viewer: FeedViewer, body: CreateFeedPost): Promise<FeedPost> {
  if (body.announcement && !viewer.admin)
    throw fieldsError({ announcement: FEED_MESSAGES.announcementNotAllowed });
  const approval = await repo.approvalRequired(deps.db, viewer.eventId);
  const status = approval && !viewer.staff ? 'PENDING' : 'APPROVED';
  const id = await deps.db.transaction().execute(async (tx: Db) => {
    const row = await repo.insertPost(tx, {
      eventId: viewer.eventId,
      authorUserId: viewer.userId,
      participantId: viewer.participantId,
      text: body.text.trim(),
      status,
      announcement: body.announcement,
    });
    const attached = await repo.attachImages(tx, viewer.eventId, viewer.userId, row.id, body.imageIds);
    if (attached !== body.imageIds.length) throw fieldsError({ imageIds: FEED_MESSAGES.unknownImage });
    if (status === 'APPROVED')
      await publishPosted(tx, { eventId: viewer.eventId, id: row.id, participantId: viewer.participantId });
    return row.id;
  });
  await announcePost(deps, viewer.eventId, id);
  const row = await repo.findPost(deps.db, viewer.eventId, id);
  return (await posts(deps.db, viewer, [row!]))[0]!;
}

/** PUT (true) / DELETE (false) …/posts/{postId}/like: idempotent, the count kept in the same statement. */
export async function setLike(
  deps: Deps,
  viewer: FeedViewer,
  postId: string,
  liked: boolean,
): Promise<FeedLike> {
  const row = await visiblePost(deps.db, viewer, postId);
  const likes = liked
    ? await repo.addLike(deps.db, postId, viewer.userId)
    : await repo.removeLike(deps.db, postId, viewer.userId);
  if (row.status === 'APPROVED')
    deps.realtime.publishLatest(rooms.event(viewer.eventId), 'feed.counts', postId);
  return { postId, liked, likes };
}

export async function comment(
  deps: Deps,
  viewer: FeedViewer,
  postId: string,
  text: string,
): Promise<FeedComment> {
  const row = await visiblePost(deps.db, viewer, postId);
  const created = await deps.db.transaction().execute(async (tx: Db) => {
    const c = await repo.insertComment(tx, {
      postId,
      eventId: viewer.eventId,
      authorUserId: viewer.userId,
      participantId: viewer.participantId,
      text,
    });
    if (viewer.participantId && row.status === 'APPROVED')
      await publish(tx, {
        name: 'feed.commented',
        payload: { eventId: viewer.eventId, postId, commentId: c.id, participantId: viewer.participantId },
      });
    return c;
  });
  if (row.status === 'APPROVED')
    deps.realtime.publishLatest(rooms.event(viewer.eventId), 'feed.counts', postId);
  const comments = await repo.commentsOf(deps.db, postId);
  return toComment(
    comments.find((c) => c.id === created.id)!,
    viewer,
  );
}

/** DELETE …/posts/{postId}/comments/{commentId}: the comment's author or staff (others 403). */
export async function deleteComment(
  deps: Deps,
  viewer: FeedViewer,
  postId: string,
  commentId: string,
): Promise<void> {
  const row = await visiblePost(deps.db, viewer, postId);
  const found = await repo.findComment(deps.db, postId, commentId);
  if (!found) throw notFound();
  if (found.authorUserId !== viewer.userId && !viewer.staff) throw forbidden(FEED_MESSAGES.notCommentAuthor);
  await deps.db.transaction().execute((tx: Db) => repo.deleteComment(tx, postId, commentId));
  if (row.status === 'APPROVED')
    deps.realtime.publishLatest(rooms.event(viewer.eventId), 'feed.counts', postId);
}

export async function report(db: Db, viewer: FeedViewer, postId: string, reason: string): Promise<void> {
  await visiblePost(db, viewer, postId);
  await db.transaction().execute((tx: Db) => repo.insertReport(tx, postId, viewer.userId, reason));
}

/** Removes stored files once their rows are gone (after the commit). */
async function forgetFiles(storage: Storage, urls: string[]): Promise<void> {
  for (const url of urls) {
    const key = storage.keyOf(url);
    if (key) await storage.delete(key).catch(() => undefined);
  }
}

/** DELETE …/posts/{postId}: the author, or the event's moderators. */
export async function deleteOwn(
  deps: Deps,
  storage: Storage,
  viewer: FeedViewer,
  postId: string,
): Promise<void> {
  const row = await visiblePost(deps.db, viewer, postId);
  if (row.authorUserId !== viewer.userId && !viewer.staff) throw forbidden(FEED_MESSAGES.notAuthor);
  const urls = await deps.db.transaction().execute((tx: Db) => repo.deletePost(tx, postId));
  announceRemoved(deps, viewer.eventId, postId);
  await forgetFiles(storage, urls);
}

interface Outcome {
  status: FeedPostStatus | 'DELETED';
  pinned: boolean;
  changed: boolean;
  urls?: string[];
}

/**
 * POST …/activity-feed/moderation/posts/{postId}/moderate: staff approve, hide, delete or dismiss
 * reports; admins pin and unpin (approved posts only: 409 otherwise).
 */
export async function moderate(
  deps: Deps,
  storage: Storage,
  viewer: FeedViewer,
  postId: string,
  action: FeedModerationAction,
): Promise<{ id: string; status: FeedPostStatus; pinned: boolean } | null> {
  if ((action === 'PIN' || action === 'UNPIN') && !viewer.admin) throw forbidden();
  const outcome = await deps.db.transaction().execute(async (tx: Db): Promise<Outcome> => {
    const row = await repo.lockPost(tx, viewer.eventId, postId);
    if (!row) throw notFound();
    switch (action) {
      case 'APPROVE':
        if (row.status !== 'APPROVED') {
          await repo.setStatus(tx, postId, 'APPROVED');
          if (row.status === 'PENDING') await publishPosted(tx, row);
        }
        return { status: 'APPROVED', pinned: row.pinnedAt !== null, changed: row.status !== 'APPROVED' };
      case 'HIDE':
        await repo.setStatus(tx, postId, 'HIDDEN');
        if (row.pinnedAt) await repo.setPinned(tx, postId, false);
        return { status: 'HIDDEN', pinned: false, changed: row.status !== 'HIDDEN' };
      case 'DELETE':
        return {
          status: 'DELETED',
          pinned: false,
          changed: true,
          urls: await repo.deletePost(tx, postId),
        };
      case 'PIN':
      case 'UNPIN':
        if (row.status !== 'APPROVED') throw conflict(FEED_MESSAGES.notVisible);
        await repo.setPinned(tx, postId, action === 'PIN');
        return { status: row.status, pinned: action === 'PIN', changed: true };
      case 'DISMISS_REPORTS':
        await repo.clearReports(tx, postId);
        return { status: row.status, pinned: row.pinnedAt !== null, changed: false };
    }
  });
  if (outcome.status === 'HIDDEN' || outcome.status === 'DELETED')
    announceRemoved(deps, viewer.eventId, postId);
  else if (outcome.changed) await announcePost(deps, viewer.eventId, postId);
  if (outcome.urls) await forgetFiles(storage, outcome.urls);
  return outcome.status === 'DELETED' ? null : { id: postId, status: outcome.status, pinned: outcome.pinned };
}

export async function setApproval(db: Db, eventId: string, approvalRequired: boolean) {
  await db.transaction().execute((tx: Db) => repo.setApprovalRequired(tx, eventId, approvalRequired));
  return { approvalRequired };
}

export const approvalOf = async (db: Db, eventId: string) => ({
  approvalRequired: await repo.approvalRequired(db, eventId),
});

/** `feed.counts` (topic: the post id): the counts of an approved post. */
export const feedCountsReader = (db: Db) => async (_room: string, postId: string) => {
  const row = await repo.countsOf(db, postId);
  if (!row || row.status !== 'APPROVED') return undefined;
  return { eventId: row.eventId, postId, likes: row.likeCount, comments: row.commentCount };
};
