import { z } from 'zod';
import { listQuerySchema } from '../list.js';
import { timestampSchema } from '../tenancy/common.js';
import { requiredString } from '../validation/strings.js';

/**
 * Chat (issue 13, spec parts 3, 5, 7): 1:1, group and session conversations. Each message has a
 * per-conversation sequence number `seq` (1, 2, 3 …); a member's unread count is the conversation's
 * `lastSeq` minus their `lastReadSeq`. Clients keep the last seq they hold per conversation and, on
 * reconnect, read `GET …/messages?after=<seq>` and merge by seq (`mergeMessages`).
 */
export const CHAT_TEXT_MAX = 2000;
export const CHAT_GROUP_CAP_DEFAULT = 20;
export const CHAT_GROUP_CAP_MAX = 500;
export const CHAT_GROUP_NAME_MAX = 100;
export const CHAT_REPORT_REASON_MAX = 500;
export const CHAT_MESSAGES_PAGE_MAX = 200;

export const CHAT_MESSAGES = {
  chatOff: 'Chat is switched off for this event.',
  blacklisted: 'You cannot use the chat of this event.',
  blocked: 'You cannot message this person.',
  blockedInConversation: 'A member of this conversation has blocked you, or you have blocked them.',
  notMessageable: 'This person cannot be messaged.',
  self: 'You cannot start a conversation with yourself.',
  groupFull: 'This group is full.',
  notGroup: 'Members can only be added to a group.',
  notCreator: 'Only the creator of a group can add members.',
  sessionChatsOff: 'Session chats are not switched on for this event.',
  empty: 'Please enter a message',
  tooLong: `A message has at most ${CHAT_TEXT_MAX.toLocaleString('en-US')} characters.`,
  alreadyReported: 'You have reported this message already.',
  ownMessage: 'You cannot report your own message.',
} as const;

export const CHAT_KINDS = ['DIRECT', 'GROUP', 'SESSION'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

export const CHAT_REPORT_STATUSES = ['OPEN', 'HIDDEN', 'DISMISSED'] as const;
export type ChatReportStatus = (typeof CHAT_REPORT_STATUSES)[number];

const HTML_TAG = /<\/?[A-Za-z][^<>]*>|<!--[\s\S]*?(?:-->|$)/g;

/**
 * The server's sanitising of a message before it is stored: HTML tags and comments are removed
 * (messages are plain text; clients render them as text and link elements), line ends become LF,
 * surrounding white space goes. Text such as `a < b` or `<3` is kept.
 */
export function sanitizeChatText(text: string): string {
  let out = text.replace(/\r\n?/g, '\n');
  for (let i = 0; i < 5; i++) {
    const next = out.replace(HTML_TAG, '');
    if (next === out) break;
    out = next;
  }
  return out.trim();
}

export const chatTextSchema = z
  .string({ error: CHAT_MESSAGES.empty })
  .max(CHAT_TEXT_MAX * 4, CHAT_MESSAGES.tooLong)
  .transform(sanitizeChatText)
  .pipe(z.string().min(1, CHAT_MESSAGES.empty).max(CHAT_TEXT_MAX, CHAT_MESSAGES.tooLong));

export const sendMessageSchema = z.object({
  text: chatTextSchema,
  /** Chosen by the client for retries: the same clientId in a conversation answers the stored message. */
  clientId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid client id')
    .optional(),
});
export type SendMessage = z.input<typeof sendMessageSchema>;

export const createConversationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('DIRECT'), participantId: z.uuid() }),
  z.object({
    kind: z.literal('GROUP'),
    name: requiredString(CHAT_GROUP_NAME_MAX),
    participantIds: z.array(z.uuid()).max(CHAT_GROUP_CAP_MAX),
  }),
]);
export type CreateConversation = z.input<typeof createConversationSchema>;

export const addMembersSchema = z.object({
  participantIds: z.array(z.uuid()).min(1).max(CHAT_GROUP_CAP_MAX),
});

export const markReadSchema = z.object({ seq: z.number().int().min(0).max(2_147_483_647) });

export const reportMessageSchema = z.object({ reason: requiredString(CHAT_REPORT_REASON_MAX) });

export const chatSettingsSchema = z.object({
  /** The spec's "chat active flag" of the event. */
  enabled: z.boolean(),
  /** A chat per session, joined by whoever sees the session. */
  sessionChats: z.boolean(),
  groupMemberCap: z.number().int().min(2).max(CHAT_GROUP_CAP_MAX),
});
export type ChatSettings = z.output<typeof chatSettingsSchema>;
export const chatSettingsPatchSchema = chatSettingsSchema.partial();

/** What the participant app reads first: the spec's client flags. */
export const chatAccessSchema = z.object({
  participantId: z.uuid(),
  /** The event's "chat active flag". */
  chatActive: z.boolean(),
  /** "user-has-chat-access flag": false when the organiser blacklisted the participant. */
  hasChatAccess: z.boolean(),
  sessionChats: z.boolean(),
  groupMemberCap: z.number().int(),
  unread: z.number().int().min(0),
});
export type ChatAccess = z.output<typeof chatAccessSchema>;

export const chatPersonSchema = z.object({
  participantId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().nullable(),
});
export type ChatPerson = z.output<typeof chatPersonSchema>;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  seq: z.number().int(),
  sender: chatPersonSchema.nullable(),
  /** Empty when a moderator hid the message. */
  text: z.string(),
  hidden: z.boolean(),
  clientId: z.string().nullable(),
  createdAt: timestampSchema,
});
export type ChatMessage = z.output<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CHAT_KINDS),
  /** Group name; a session chat's session name; a 1:1's other person's name. */
  name: z.string(),
  sessionId: z.uuid().nullable(),
  createdBy: z.uuid().nullable(),
  /** For 1:1: the other person. */
  other: chatPersonSchema.nullable(),
  memberCount: z.number().int(),
  lastSeq: z.number().int(),
  lastReadSeq: z.number().int(),
  unread: z.number().int().min(0),
  lastMessage: chatMessageSchema.nullable(),
  lastMessageAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type Conversation = z.output<typeof conversationSchema>;

export const conversationDetailSchema = conversationSchema.extend({
  members: z.array(chatPersonSchema),
  /** The caller may add members (the group's creator, below the cap). */
  canAddMembers: z.boolean(),
});
export type ConversationDetail = z.output<typeof conversationDetailSchema>;

export const conversationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const conversationListSchema = z.object({
  records: z.array(conversationSchema),
  total: z.number().int(),
});

export const messagesQuerySchema = z.object({
  /** Messages with seq > after, oldest first (catch-up after a reconnect). */
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  /** Messages with seq < before, the newest of them, oldest first (scrolling back). */
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_MESSAGES_PAGE_MAX).default(50),
});
export const messagesPageSchema = z.object({
  messages: z.array(chatMessageSchema),
  /** More messages exist beyond the page in the direction asked. */
  more: z.boolean(),
  lastSeq: z.number().int(),
  lastReadSeq: z.number().int(),
});
export type MessagesPage = z.output<typeof messagesPageSchema>;

export const chatParticipantsQuerySchema = listQuerySchema;
export const chatReportListQuerySchema = listQuerySchema.extend({
  status: z.enum(CHAT_REPORT_STATUSES).optional(),
});
export const chatBlacklistQuerySchema = listQuerySchema;
export const chatParticipantsSchema = z.object({
  records: z.array(chatPersonSchema),
  total: z.number().int(),
});

export const blockSchema = z.object({ participantId: z.uuid(), blocked: z.boolean() });
export const blockListSchema = z.object({ records: z.array(chatPersonSchema) });

export const chatReportSchema = z.object({
  id: z.uuid(),
  messageId: z.uuid(),
  conversationId: z.uuid(),
  messageText: z.string(),
  messageHidden: z.boolean(),
  senderName: z.string(),
  senderParticipantId: z.uuid().nullable(),
  reporterName: z.string(),
  reason: z.string(),
  status: z.enum(CHAT_REPORT_STATUSES),
  createdAt: timestampSchema,
});
export type ChatReport = z.output<typeof chatReportSchema>;

export const resolveReportSchema = z.object({ action: z.enum(['HIDE', 'DISMISS']) });

export const blacklistEntrySchema = z.object({
  participantId: z.uuid(),
  name: z.string(),
  email: z.string(),
  createdAt: timestampSchema,
});
export type BlacklistEntry = z.output<typeof blacklistEntrySchema>;

/** Realtime contracts of the chat (spread into REALTIME_EVENTS). */
export const chatMessageEventSchema = chatMessageSchema;
/** User room: a conversation of the user changed (new message, read elsewhere): refresh badges. */
export const chatActivityEventSchema = z.object({
  conversationId: z.uuid(),
  lastSeq: z.number().int(),
  lastReadSeq: z.number().int().optional(),
});
export const CHAT_REALTIME_EVENTS = {
  /** Conversation room, sent individually (never coalesced): one committed message. */
  'chat.message': chatMessageEventSchema,
  /** Conversation room, sent individually: a moderator hid a message. */
  'chat.hidden': z.object({ conversationId: z.uuid(), messageId: z.uuid(), seq: z.number().int() }),
  /** Each member's user room, sent individually: the conversation's last seq moved (badges). */
  'chat.activity': chatActivityEventSchema,
} as const;

/**
 * Merges messages by seq: what the client holds and what arrived (live or from a catch-up read), each
 * seq once (the later copy wins: a hidden flag), in ascending seq order. Pending messages of the
 * sender (no seq yet) stay after them until their acknowledgement replaces them by `clientId`.
 */
export function mergeMessages<M extends { seq: number; clientId?: string | null }>(
  held: readonly M[],
  arrived: readonly M[],
): M[] {
  const bySeq = new Map<number, M>();
  for (const m of held) bySeq.set(m.seq, m);
  for (const m of arrived) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}
