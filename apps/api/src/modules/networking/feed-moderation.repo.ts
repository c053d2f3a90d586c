import { sql, type SqlBool } from 'kysely';
import { feedModerationListQuerySchema, type FeedModerationPost } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';

/** The console's feed lists: every post of the event, filtered by status or reported. */
export const feedModerationList = defineList({
  query: feedModerationListQuerySchema,
  select: (db: Db, scope: { eventId: string }) =>
    db
      .selectFrom('feedPosts as fp')
      .innerJoin('users as u', 'u.id', 'fp.authorUserId')
      .leftJoin('participants as p', 'p.id', 'fp.participantId')
      .select([
        'fp.id',
        'fp.text',
        'fp.status',
        'fp.announcement',
        'fp.pinnedAt',
        'fp.likeCount',
        'fp.commentCount',
        'fp.reportCount',
        'fp.createdAt',
        sql<string>`coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)`.as(
          'author',
        ),
      ])
      .where('fp.eventId', '=', scope.eventId),
  pageColumns: {
    imageCount: sql<number>`(SELECT count(*)::int FROM feed_images i WHERE i.post_id = list_page.id)`,
    lastReason: sql<
      string | null
    >`(SELECT r.reason FROM feed_reports r WHERE r.post_id = list_page.id ORDER BY r.created_at DESC, r.id DESC LIMIT 1)`,
  },
  record: (row): FeedModerationPost => ({
    id: row.id,
    author: row.author,
    text: row.text,
    imageCount: row.imageCount,
    status: row.status,
    announcement: row.announcement,
    pinned: row.pinnedAt !== null,
    likes: row.likeCount,
    comments: row.commentCount,
    reports: row.reportCount,
    lastReason: row.lastReason,
    createdAt: row.createdAt,
  }),
  id: sql.ref('fp.id'),
  fields: {
    text: { sql: sql.ref('fp.text'), searchable: true, label: 'Text' },
    author: {
      sql: sql`coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)`,
      searchable: true,
      label: 'Author',
    },
    createdAt: { sql: sql.ref('fp.createdAt'), sortable: true, label: 'Posted' },
    likes: { sql: sql.ref('fp.likeCount'), sortable: true, label: 'Likes' },
    comments: { sql: sql.ref('fp.commentCount'), sortable: true, label: 'Comments' },
    reports: { sql: sql.ref('fp.reportCount'), sortable: true, label: 'Reports' },
  },
  filters: {
    status: (status) => sql<SqlBool>`fp.status = ${status}`,
    reported: (reported) =>
      reported ? sql<SqlBool>`fp.report_count > 0` : sql<SqlBool>`fp.report_count = 0`,
  },
  defaultSort: 'createdAt:desc',
});
