import { z } from 'zod';

/**
 * Bookmarks: a person stars any session they can see into My Agenda, whether or not they enroll.
 * Stored per user and session; PUT and DELETE are idempotent.
 */
export const bookmarkSchema = z.object({
  sessionId: z.uuid(),
  bookmarked: z.boolean(),
});
export type Bookmark = z.output<typeof bookmarkSchema>;

/** `GET sessions/v2/bookmarks`: the caller's bookmarked sessions of the event that they can still see. */
export const bookmarksSchema = z.object({
  sessionIds: z.array(z.uuid()),
});
export type Bookmarks = z.output<typeof bookmarksSchema>;
