import { z } from 'zod';
import { gameAwardedSchema, leaderboardSnapshotSchema } from '../gamification/live.js';
import { importRealtimePayloadSchema, IMPORT_REALTIME_EVENT } from '../imports/schemas.js';
import { instanceResultsSchema } from '../engagement/answers.js';
import { quizLeaderboardSchema, quizStateSchema } from '../engagement/quiz.js';
import { moderatorQuestionSchema, qaQuestionSchema } from '../engagement/qa.js';
import { instanceStatusSchema } from '../spec/engagement.js';
import { cardRequestEventSchema } from '../networking/cards.js';
import { CHAT_REALTIME_EVENTS } from '../networking/chat.js';
import { meetingsChangedSchema } from '../networking/meetings.js';
import { feedCountsEventSchema, feedPostEventSchema, feedRemovedEventSchema } from '../networking/feed.js';

/**
 * Every realtime message: its name and payload schema, shared by the API (whose `emit` is typed
 * by it, and parses in tests and development) and the web client.
 */
export const agendaChangedSchema = z.object({
  /** Sessions whose participant view changed (created, edited, (un)published, deleted, moved): refetch. */
  sessionIds: z.array(z.uuid()),
});

export const sessionSeatsSchema = z.object({
  sessionId: z.uuid(),
  enrolledCount: z.number().int().nonnegative(),
  waitlistedCount: z.number().int().nonnegative(),
  capacity: z.number().int().nonnegative().nullable(),
  waitlist: z.boolean(),
});

export const enrollmentPromotedSchema = z.object({
  sessionId: z.uuid(),
  sessionName: z.string(),
});

export const bookmarkChangedSchema = z.object({
  eventId: z.uuid(),
  sessionId: z.uuid(),
  bookmarked: z.boolean(),
});

/** An instance opened, closed or was scheduled: clients showing the session refetch its live tools. */
export const engagementInstanceSchema = z.object({
  sessionId: z.uuid(),
  instanceId: z.uuid(),
  status: instanceStatusSchema,
});

/** The approved Q&A board of an instance (participants and front-of-room screens). */
export const qaBoardEventSchema = z.object({
  instanceId: z.uuid(),
  questions: z.array(qaQuestionSchema),
});

/** The moderators' queue of an instance: every question with status and star. */
export const qaQueueEventSchema = z.object({
  instanceId: z.uuid(),
  questions: z.array(moderatorQuestionSchema),
});

export const inboxChangedSchema = z.object({ eventId: z.uuid().nullable() });

// gamification (issue 15): schemas in ../gamification/live.ts
export const REALTIME_EVENTS = {
  /** Event room, sent individually: which sessions to refetch. */
  'agenda.changed': agendaChangedSchema,
  /** Event room, coalesced per session (latest counts win). */
  'session.seats': sessionSeatsSchema,
  /** User room, sent individually: a waitlist place became a seat. */
  'enrollment.promoted': enrollmentPromotedSchema,
  /** User room, sent individually: the user starred or unstarred a session (their other tabs and devices follow). */
  'bookmark.changed': bookmarkChangedSchema,
  /** Uploader's user room: an import's status or progress changed. */
  [IMPORT_REALTIME_EVENT]: importRealtimePayloadSchema,
  /** Session room, sent individually: an instance's status changed (no content: audiences differ). */
  'engagement.instance': engagementInstanceSchema,
  /** Engagement room, coalesced per instance: the tallies (never individual answers). */
  'engagement.results': instanceResultsSchema,
  /** Engagement room, sent individually: the quiz moved on (question, deadline, leaderboard). */
  'quiz.state': quizStateSchema,
  /** Engagement room, coalesced per instance: the quiz leaderboard. */
  'quiz.leaderboard': quizLeaderboardSchema,
  /** Engagement room, coalesced per instance: approved questions only. */
  'qa.board': qaBoardEventSchema,
  /** Moderator-queue room, coalesced per instance: every question, pending ones included. */
  'qa.queue': qaQueueEventSchema,
  // meetings (issue 13)
  /** User rooms of both people, sent individually: a meeting of theirs was requested, answered, booked or cancelled. */
  'meetings.changed': meetingsChangedSchema,
  // chat (issue 13)
  ...CHAT_REALTIME_EVENTS,
  // activity feed (issue 13)
  /** Event room (visible posts) or eventStaff room (PENDING ones), sent individually: a new or approved post. */
  'feed.post': feedPostEventSchema,
  /** Event room, coalesced per post: like and comment counts. */
  'feed.counts': feedCountsEventSchema,
  /** Event room, sent individually: a post was hidden or deleted (clients drop it at once). */
  'feed.removed': feedRemovedEventSchema,
  // business cards (issue 13)
  /** User rooms of the sender and recipient, sent individually: a card request was sent, accepted or declined. */
  'card.request': cardRequestEventSchema,
  // push and inbox (issue 14)
  /** User room, sent individually after a commit: the inbox of that user in `eventId` changed (refetch the unread count). */
  'inbox.changed': inboxChangedSchema,
  // gamification (issue 15)
  /** Leaderboard room, coalesced per game: the board's latest snapshot (top N, teams). */
  'leaderboard.changed': leaderboardSnapshotSchema,
  /** User room, sent individually after the award's commit: points (and badges) just earned. */
  'game.awarded': gameAwardedSchema,
} as const;

export type RealtimeEventName = keyof typeof REALTIME_EVENTS;
/** What the server hands to `emit` for an event. */
export type RealtimePayloadInput<E extends RealtimeEventName> = z.input<(typeof REALTIME_EVENTS)[E]>;
/** What a client receives (JSON of the input). */
export type RealtimePayload<E extends RealtimeEventName> = z.output<(typeof REALTIME_EVENTS)[E]>;

export const AGENDA_CHANGED_EVENT = 'agenda.changed' satisfies RealtimeEventName;
export const SEATS_EVENT = 'session.seats' satisfies RealtimeEventName;
export const PROMOTED_EVENT = 'enrollment.promoted' satisfies RealtimeEventName;
export const BOOKMARK_CHANGED_EVENT = 'bookmark.changed' satisfies RealtimeEventName;
