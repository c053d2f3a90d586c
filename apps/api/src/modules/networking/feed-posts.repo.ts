import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FeedPostStatus } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';

/** A post row with its author (the participant's name and photo when the author is one, else the user's name). */
export interface PostRow {
  id: string;
  eventId: string;
  authorUserId: string;
  participantId: string | null;
  authorName: string;
  authorPhotoUrl: string | null;
  text: string;
  status: FeedPostStatus;
  announcement: boolean;
  pinnedAt: Date | null;
  likeCount: number;
  commentCount: number;
  reportCount: number;
  createdAt: Date;
}

const postColumns = sql`
  fp.id, fp.event_id AS "eventId", fp.author_user_id AS "authorUserId", fp.participant_id AS "participantId",
  coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS "authorName",
  p.photo_url AS "authorPhotoUrl", fp.text, fp.status, fp.announcement, fp.pinned_at AS "pinnedAt",
  fp.like_count AS "likeCount", fp.comment_count AS "commentCount", fp.report_count AS "reportCount",
  fp.created_at AS "createdAt"`;
const postFrom = sql`feed_posts fp JOIN users u ON u.id = fp.author_user_id
  LEFT JOIN participants p ON p.id = fp.participant_id`;

/** Who is reading: approved posts, plus their own pending ones, plus every pending one for staff. */
export interface Viewer {
  userId: string;
  staff: boolean;
}
const visibleTo = (v: Viewer): RawBuilder<SqlBool> =>
  v.staff
    ? sql<SqlBool>`fp.status IN ('APPROVED', 'PENDING')`
    : sql<SqlBool>`(fp.status = 'APPROVED' OR (fp.status = 'PENDING' AND fp.author_user_id = ${v.userId}))`;

export async function approvalRequired(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('feedSettings')
    .select('approvalRequired')
    .where('eventId', '=', eventId)
    .executeTakeFirst();
  return row?.approvalRequired ?? false;
}

export async function setApprovalRequired(db: Db, eventId: string, approvalRequired: boolean): Promise<void> {
  await db
    .insertInto('feedSettings')
    .values({ eventId, approvalRequired })
    .onConflict((oc) => oc.column('eventId').doUpdateSet({ approvalRequired, updatedAt: new Date() }))
    .execute();
}

/** Pinned posts visible to the viewer, most recently pinned first. */
export async function pinnedPosts(db: Db, eventId: string, viewer: Viewer): Promise<PostRow[]> {
  const { rows } = await sql<PostRow>`
    SELECT ${postColumns} FROM ${postFrom}
    WHERE fp.event_id = ${eventId} AND fp.pinned_at IS NOT NULL AND ${visibleTo(viewer)}
    ORDER BY fp.pinned_at DESC, fp.id DESC`.execute(db);
  return rows;
}

/** Unpinned posts visible to the viewer, newest first, strictly before the cursor (keyset). */
export async function postPage(
  db: Db,
  eventId: string,
  viewer: Viewer,
  before: { createdAt: Date; id: string } | undefined,
  limit: number,
): Promise<PostRow[]> {
  const after = before
    ? sql<SqlBool>`(fp.created_at, fp.id) < (${before.createdAt}, ${before.id})`
    : sql<SqlBool>`true`;
  const { rows } = await sql<PostRow>`
    SELECT ${postColumns} FROM ${postFrom}
    WHERE fp.event_id = ${eventId} AND fp.pinned_at IS NULL AND ${visibleTo(viewer)} AND ${after}
    ORDER BY fp.created_at DESC, fp.id DESC
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** One post of the event, whatever its status (another event's id reads as none). */
export async function findPost(db: Db, eventId: string, postId: string): Promise<PostRow | undefined> {
  const { rows } = await sql<PostRow>`
    SELECT ${postColumns} FROM ${postFrom}
    WHERE fp.id = ${postId} AND fp.event_id = ${eventId}`.execute(db);
  return rows[0];
}

/** The post locked for a change of status (decisions on one post are taken one after another). */
export async function lockPost(db: Db, eventId: string, postId: string): Promise<PostRow | undefined> {
  const { rows } = await sql<PostRow>`
    SELECT ${postColumns} FROM ${postFrom}
    WHERE fp.id = ${postId} AND fp.event_id = ${eventId}
    FOR NO KEY UPDATE OF fp`.execute(db);
  return rows[0];
}

export async function imagesOf(
  db: Db,
  postIds: readonly string[],
): Promise<Array<{ id: string; postId: string; url: string }>> {
  if (postIds.length === 0) return [];
  const rows = await db
    .selectFrom('feedImages')
    .select(['id', 'postId', 'url'])
    .where('postId', 'in', postIds)
    .orderBy('postId')
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ id: r.id, postId: r.postId!, url: r.url }));
}

export async function likedBy(db: Db, userId: string, postIds: readonly string[]): Promise<string[]> {
  if (postIds.length === 0) return [];
  const rows = await db
    .selectFrom('feedLikes')
    .select('postId')
    .where('userId', '=', userId)
    .where('postId', 'in', postIds)
    .execute();
  return rows.map((r) => r.postId);
}

export async function insertPost(
  db: Db,
  values: {
    eventId: string;
    authorUserId: string;
    participantId: string | null;
    text: string;
    status: FeedPostStatus;
    announcement: boolean;
  },
): Promise<{ id: string; createdAt: Date }> {
  return db.insertInto('feedPosts').values(values).returning(['id', 'createdAt']).executeTakeFirstOrThrow();
}

export async function insertImage(
  db: Db,
  values: { eventId: string; uploaderUserId: string; url: string },
): Promise<{ id: string; url: string }> {
  return db.insertInto('feedImages').values(values).returning(['id', 'url']).executeTakeFirstOrThrow();
}

/**
 * Attaches the uploader's unattached images (in the order given) to the post. Answers how many
 * were attached: fewer than asked means some id was not theirs, of this event, or free.
 */
export async function attachImages(
  db: Db,
  eventId: string,
  uploaderUserId: string,
  postId: string,
  imageIds: readonly string[],
): Promise<number> {
  let attached = 0;
  for (const [position, id] of imageIds.entries()) {
    const r = await db
      .updateTable('feedImages')
      .set({ postId, position })
      .where('id', '=', id)
      .where('eventId', '=', eventId)
      .where('uploaderUserId', '=', uploaderUserId)
      .where('postId', 'is', null)
      .executeTakeFirst();
    attached += Number(r.numUpdatedRows);
  }
  return attached;
}

export async function setStatus(db: Db, postId: string, status: FeedPostStatus): Promise<void> {
  await db.updateTable('feedPosts').set({ status, updatedAt: new Date() }).where('id', '=', postId).execute();
}

export async function setPinned(db: Db, postId: string, pinned: boolean): Promise<void> {
  await db
    .updateTable('feedPosts')
    .set({ pinnedAt: pinned ? new Date() : null, updatedAt: new Date() })
    .where('id', '=', postId)
    .execute();
}

export async function clearReports(db: Db, postId: string): Promise<void> {
  await db.deleteFrom('feedReports').where('postId', '=', postId).execute();
  await db.updateTable('feedPosts').set({ reportCount: 0 }).where('id', '=', postId).execute();
}

/** Deletes the post (comments, likes, reports and image rows go with it); answers its image URLs. */
export async function deletePost(db: Db, postId: string): Promise<string[]> {
  const images = await db.selectFrom('feedImages').select('url').where('postId', '=', postId).execute();
  await db.deleteFrom('feedPosts').where('id', '=', postId).execute();
  return images.map((i) => i.url);
}

/** Adds the like (idempotent) and, only when the row is new, the count in the same statement. */
export async function addLike(db: Db, postId: string, userId: string): Promise<number> {
  const { rows } = await sql<{ likeCount: number }>`
    WITH added AS (
      INSERT INTO feed_likes (post_id, user_id) VALUES (${postId}, ${userId})
      ON CONFLICT DO NOTHING RETURNING post_id
    ), bumped AS (
      UPDATE feed_posts SET like_count = like_count + 1
      WHERE id = ${postId} AND EXISTS (SELECT 1 FROM added) RETURNING like_count
    )
    SELECT coalesce((SELECT like_count FROM bumped),
      (SELECT like_count FROM feed_posts WHERE id = ${postId})) AS "likeCount"`.execute(db);
  return rows[0]?.likeCount ?? 0;
}

/** Removes the like (idempotent), lowering the count only when a row went. */
export async function removeLike(db: Db, postId: string, userId: string): Promise<number> {
  const { rows } = await sql<{ likeCount: number }>`
    WITH removed AS (
      DELETE FROM feed_likes WHERE post_id = ${postId} AND user_id = ${userId} RETURNING post_id
    ), lowered AS (
      UPDATE feed_posts SET like_count = like_count - 1
      WHERE id = ${postId} AND EXISTS (SELECT 1 FROM removed) RETURNING like_count
    )
    SELECT coalesce((SELECT like_count FROM lowered),
      (SELECT like_count FROM feed_posts WHERE id = ${postId})) AS "likeCount"`.execute(db);
  return rows[0]?.likeCount ?? 0;
}

export interface CommentRow {
  id: string;
  postId: string;
  authorUserId: string;
  participantId: string | null;
  authorName: string;
  authorPhotoUrl: string | null;
  text: string;
  createdAt: Date;
}

export async function commentsOf(db: Db, postId: string): Promise<CommentRow[]> {
  const { rows } = await sql<CommentRow>`
    SELECT c.id, c.post_id AS "postId", c.author_user_id AS "authorUserId", c.participant_id AS "participantId",
      coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS "authorName",
      p.photo_url AS "authorPhotoUrl", c.text, c.created_at AS "createdAt"
    FROM feed_comments c JOIN users u ON u.id = c.author_user_id
      LEFT JOIN participants p ON p.id = c.participant_id
    WHERE c.post_id = ${postId}
    ORDER BY c.created_at, c.id`.execute(db);
  return rows;
}

/** Inserts the comment and counts it on the post. */
export async function insertComment(
  db: Db,
  values: {
    postId: string;
    eventId: string;
    authorUserId: string;
    participantId: string | null;
    text: string;
  },
): Promise<{ id: string; createdAt: Date }> {
  const row = await db
    .insertInto('feedComments')
    .values(values)
    .returning(['id', 'createdAt'])
    .executeTakeFirstOrThrow();
  await sql`UPDATE feed_posts SET comment_count = comment_count + 1 WHERE id = ${values.postId}`.execute(db);
  return row;
}

/** The comment of the post (another post's id reads as none). */
export async function findComment(
  db: Db,
  postId: string,
  commentId: string,
): Promise<{ id: string; authorUserId: string } | undefined> {
  return db
    .selectFrom('feedComments')
    .select(['id', 'authorUserId'])
    .where('id', '=', commentId)
    .where('postId', '=', postId)
    .executeTakeFirst();
}

/** Deletes the comment and lowers the post's count when a row went. */
export async function deleteComment(db: Db, postId: string, commentId: string): Promise<void> {
  const gone = await db
    .deleteFrom('feedComments')
    .where('id', '=', commentId)
    .where('postId', '=', postId)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) > 0)
    await sql`UPDATE feed_posts SET comment_count = greatest(comment_count - 1, 0) WHERE id = ${postId}`.execute(
      db,
    );
}

/** Adds the report (one per reporter and post; a second one answers false and counts nothing). */
export async function insertReport(
  db: Db,
  postId: string,
  reporterUserId: string,
  reason: string,
): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    WITH added AS (
      INSERT INTO feed_reports (post_id, reporter_user_id, reason) VALUES (${postId}, ${reporterUserId}, ${reason})
      ON CONFLICT DO NOTHING RETURNING id
    ), counted AS (
      UPDATE feed_posts SET report_count = report_count + 1 WHERE id = ${postId} AND EXISTS (SELECT 1 FROM added)
      RETURNING id
    )
    SELECT id FROM added`.execute(db);
  return rows.length > 0;
}

/** Counts of a post, for the coalesced `feed.counts` (approved posts only). */
export async function countsOf(
  db: Db,
  postId: string,
): Promise<{ eventId: string; status: FeedPostStatus; likeCount: number; commentCount: number } | undefined> {
  return db
    .selectFrom('feedPosts')
    .select(['eventId', 'status', 'likeCount', 'commentCount'])
    .where('id', '=', postId)
    .executeTakeFirst();
}
