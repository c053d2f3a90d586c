import { z } from 'zod';
import { listQuerySchema } from '../list.js';
import { timestampSchema } from '../tenancy/common.js';
import { maxLengthString, requiredString } from '../validation/strings.js';

/**
 * Activity feed (issue 13, deliverable 5; spec parts 2 `/activity-feed`, 3 "Activity-feed post with
 * comments", 7 "Activity feed: posts, comments, likes"). Posts (text up to 2,000 characters and up to
 * 4 images), comments, likes, reports; an optional approval per event (a PENDING post is seen only by
 * its author and the event's moderators); moderators approve, hide or delete; organisers pin
 * announcements, which come first.
 */
export const FEED_POST_MAX_LENGTH = 2000;
export const FEED_COMMENT_MAX_LENGTH = 1000;
export const FEED_REPORT_REASON_MAX_LENGTH = 500;
export const FEED_MAX_IMAGES = 4;
export const FEED_PAGE_SIZE = 20;
export const FEED_PAGE_SIZE_MAX = 50;

export const FEED_POST_STATUSES = ['PENDING', 'APPROVED', 'HIDDEN'] as const;
export type FeedPostStatus = (typeof FEED_POST_STATUSES)[number];

export const FEED_MESSAGES = {
  emptyPost: 'Write something or add an image',
  tooManyImages: `At most ${FEED_MAX_IMAGES} images`,
  unknownImage: 'Upload the image again',
  announcementNotAllowed: 'Only organisers post announcements',
  notAuthor: 'Only the author or a moderator can delete this post',
  notCommentAuthor: 'Only the author or a moderator can delete this comment',
  notVisible: 'This post is waiting for approval',
  badCursor: 'Invalid cursor',
} as const;

/** `<createdAt ISO>,<id>`: the last post of the page before (newest first). */
export const FEED_CURSOR_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const feedCursor = (post: { createdAt: Date; id: string }) =>
  `${post.createdAt.toISOString()},${post.id}`;

export const feedQuerySchema = z.object({
  before: z.string().regex(FEED_CURSOR_PATTERN, FEED_MESSAGES.badCursor).optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_SIZE_MAX).default(FEED_PAGE_SIZE),
});
export type FeedQuery = z.output<typeof feedQuerySchema>;

export const feedAuthorSchema = z.object({
  userId: z.uuid(),
  participantId: z.uuid().nullable(),
  name: z.string(),
  photoUrl: z.string().nullable(),
});
export type FeedAuthor = z.output<typeof feedAuthorSchema>;

export const feedImageSchema = z.object({ id: z.uuid(), url: z.string() });
export type FeedImage = z.output<typeof feedImageSchema>;

/** A post as everyone who may see it sees it (counts included; `liked`: by the caller). */
export const feedPostSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  author: feedAuthorSchema,
  text: z.string(),
  images: z.array(feedImageSchema),
  status: z.enum(FEED_POST_STATUSES),
  announcement: z.boolean(),
  pinned: z.boolean(),
  likes: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  liked: z.boolean(),
  mine: z.boolean(),
  createdAt: timestampSchema,
});
export type FeedPost = z.output<typeof feedPostSchema>;

/** GET …/activity-feed/posts: pinned announcements (first page only), then a page newest first. */
export const feedPageSchema = z.object({
  pinned: z.array(feedPostSchema),
  posts: z.array(feedPostSchema),
  /** `before` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
  approvalRequired: z.boolean(),
});
export type FeedPage = z.output<typeof feedPageSchema>;

export const feedCommentSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  author: feedAuthorSchema,
  text: z.string(),
  mine: z.boolean(),
  createdAt: timestampSchema,
});
export type FeedComment = z.output<typeof feedCommentSchema>;

export const feedPostDetailSchema = feedPostSchema.extend({ commentList: z.array(feedCommentSchema) });
export type FeedPostDetail = z.output<typeof feedPostDetailSchema>;

export const createFeedPostSchema = z
  .object({
    text: maxLengthString(FEED_POST_MAX_LENGTH).default(''),
    imageIds: z.array(z.uuid()).max(FEED_MAX_IMAGES, FEED_MESSAGES.tooManyImages).default([]),
    /** Organisers only: an announcement (posted approved). */
    announcement: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.text.trim() === '' && v.imageIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['text'], message: FEED_MESSAGES.emptyPost });
    if (new Set(v.imageIds).size !== v.imageIds.length)
      ctx.addIssue({ code: 'custom', path: ['imageIds'], message: FEED_MESSAGES.unknownImage });
  });
export type CreateFeedPost = z.output<typeof createFeedPostSchema>;

export const createFeedCommentSchema = z.object({ text: requiredString(FEED_COMMENT_MAX_LENGTH) });
export const feedReportSchema = z.object({ reason: requiredString(FEED_REPORT_REASON_MAX_LENGTH) });

export const feedLikeSchema = z.object({
  postId: z.uuid(),
  liked: z.boolean(),
  likes: z.number().int().nonnegative(),
});
export type FeedLike = z.output<typeof feedLikeSchema>;

export const feedUploadedImageSchema = feedImageSchema;

export const feedSettingsSchema = z.object({ approvalRequired: z.boolean() });
export type FeedSettings = z.output<typeof feedSettingsSchema>;

export const FEED_MODERATION_ACTIONS = [
  'APPROVE',
  'HIDE',
  'DELETE',
  'PIN',
  'UNPIN',
  'DISMISS_REPORTS',
] as const;
export type FeedModerationAction = (typeof FEED_MODERATION_ACTIONS)[number];
export const feedModerateSchema = z.object({ action: z.enum(FEED_MODERATION_ACTIONS) });

/** The console's lists: the queue (`status=PENDING`), reported posts (`reported=true`), all posts. */
export const feedModerationListQuerySchema = listQuerySchema.extend({
  status: z.enum(FEED_POST_STATUSES).optional(),
  reported: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const feedModerationPostSchema = z.object({
  id: z.uuid(),
  author: z.string(),
  text: z.string(),
  imageCount: z.number().int(),
  status: z.enum(FEED_POST_STATUSES),
  announcement: z.boolean(),
  pinned: z.boolean(),
  likes: z.number().int(),
  comments: z.number().int(),
  reports: z.number().int(),
  /** The latest report's reason, if any. */
  lastReason: z.string().nullable(),
  createdAt: timestampSchema,
});
export type FeedModerationPost = z.output<typeof feedModerationPostSchema>;

/** Realtime (`realtime/events.ts`): a visible post, counts of a post, a post gone. */
export const feedPostEventSchema = z.object({ eventId: z.uuid(), post: feedPostSchema });
export const feedCountsEventSchema = z.object({
  eventId: z.uuid(),
  postId: z.uuid(),
  likes: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
});
export const feedRemovedEventSchema = z.object({ eventId: z.uuid(), postId: z.uuid() });
