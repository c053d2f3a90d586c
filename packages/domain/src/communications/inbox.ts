import { z } from 'zod';
import { timestampSchema } from '../tenancy/common.js';

/**
 * The participant's in-app inbox (issue 14): every communication a participant receives (and every
 * automatic reminder) is also listed here, so nothing depends on push being allowed.
 */
export const INBOX_TITLE_MAX_LENGTH = 200;
export const INBOX_BODY_MAX_LENGTH = 10_000;
export const INBOX_PAGE_SIZE = 30;

export const inboxItemSchema = z.object({
  id: z.uuid(),
  communicationId: z.uuid().nullable(),
  title: z.string(),
  body: z.string(),
  /** A path inside the app (a session, the feed, a chat) or '' when there is nothing to open. */
  url: z.string(),
  createdAt: timestampSchema,
  readAt: timestampSchema.nullable(),
});
export type InboxItem = z.output<typeof inboxItemSchema>;

/** Newest first; `cursor` is the `nextCursor` of the previous page. */
export const inboxQuerySchema = z.object({
  cursor: z
    .string()
    .max(200)
    .regex(/^[0-9TZ:.+-]+_[0-9a-f-]{36}$/i, 'Invalid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(INBOX_PAGE_SIZE),
});

export const inboxPageSchema = z.object({
  items: z.array(inboxItemSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type InboxPage = z.output<typeof inboxPageSchema>;

export const inboxUnreadSchema = z.object({ unread: z.number().int() });

/** Realtime `inbox.unread` to the user's room after a commit that changed their inbox. */
export interface InboxUnreadEvent {
  eventId: string;
  unread: number;
}

/** Automatic reminders, per event (issue 14 deliverable 7). */
export const REMINDER_MINUTES_MIN = 1;
export const REMINDER_MINUTES_MAX = 1440;
export const reminderSettingsSchema = z.object({
  enabled: z.boolean(),
  minutesBefore: z.number().int().min(REMINDER_MINUTES_MIN).max(REMINDER_MINUTES_MAX),
});
export type ReminderSettings = z.output<typeof reminderSettingsSchema>;
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = { enabled: true, minutesBefore: 10 };
