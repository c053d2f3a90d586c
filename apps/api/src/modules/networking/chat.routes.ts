import {
  addMembersSchema,
  blockListSchema,
  blockSchema,
  blacklistEntrySchema,
  chatAccessSchema,
  chatMessageSchema,
  chatPersonSchema,
  chatReportSchema,
  chatSettingsPatchSchema,
  chatSettingsSchema,
  conversationDetailSchema,
  conversationListQuerySchema,
  conversationListSchema,
  createConversationSchema,
  markReadSchema,
  messagesPageSchema,
  messagesQuerySchema,
  reportMessageSchema,
  resolveReportSchema,
  sendMessageSchema,
} from '@plenary/domain';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { errorResponses as errors } from '../../platform/errors.js';
import { eventParams } from '../../platform/http.js';
import { listRoute, type ZodApp } from '../../platform/list.js';
import { participantIdOfUser } from '../attendees/index.js';
import { chatBlacklistList, chatPartnerList, chatReportList } from './chat-moderation.repo.js';
import { CHAT_LIMITS, chatLimiter } from './chat.limits.js';
import * as moderation from './chat.moderation.js';
import * as service from './chat.service.js';

const TAG = 'chat';
const conversationParams = eventParams.extend({ conversationId: z.uuid() });
const participantParams = eventParams.extend({ participantId: z.uuid() });
const WHO =
  "The event's participants (others with a role in the event, and other tenants: 404); 403 when the chat is " +
  'switched off or the caller is blacklisted; a conversation the caller is not a member of: 404.';
const ADMINS = "The event's admins (moderators and participants 403).";

/**
 * Chat (issue 13): conversations, messages, read pointers, blocks and reports for participants;
 * settings, blacklist and reported messages for organisers. See README.md and docs/guides/chat.md.
 */
export function chatRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  deps.realtime.registerRoomKind('conversation', service.conversationRoomCheck(db));
  const limiter = chatLimiter(app, deps);
  const base = '/events/:eventId/chat';

  app.get(
    `${base}/me`,
    {
      schema: {
        tags: [TAG],
        summary: "The caller's chat flags",
        description:
          'The spec\'s "chat active flag" (`chatActive`) and "user-has-chat-access flag" (`hasChatAccess`: false when ' +
          'blacklisted or the chat is off), session chats, the group cap and the total unread count. Answers whatever the state. ' +
          "The event's participants (others: 404).",
        params: eventParams,
        response: { 200: chatAccessSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      service.accessOf(db, await service.chatCaller(db, request, request.params.eventId, true)),
  );

  app.get(
    `${base}/conversations`,
    {
      schema: {
        tags: [TAG],
        summary: "The caller's conversations",
        description: `Newest activity first, with unread counts (lastSeq − lastReadSeq) and the last message; pages. ${WHO}`,
        params: eventParams,
        querystring: conversationListQuerySchema,
        response: { 200: conversationListSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.listConversations(
        db,
        await service.chatCaller(db, request, request.params.eventId),
        request.query,
      ),
  );

  app.post(
    `${base}/conversations`,
    {
      schema: {
        tags: [TAG],
        summary: 'Start a conversation',
        description:
          '`DIRECT`: the 1:1 with a participant, found or created (200 found, 201 created); refused (403) when either ' +
          'blocked the other, 400 for someone hidden, blacklisted or not of the event. `GROUP`: a new group with a name ' +
          `and members (the caller included, at most the event's cap: 400). ${WHO}`,
        params: eventParams,
        body: createConversationSchema,
        response: {
          200: conversationDetailSchema,
          201: conversationDetailSchema,
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = await service.chatCaller(db, request, request.params.eventId);
      await limiter.enforce('conversation', caller.participantId);
      const { detail, created } = await service.createConversation(db, caller, request.body);
      reply.code(created ? 201 : 200);
      return detail;
    },
  );

  app.get(
    `${base}/conversations/:conversationId`,
    {
      schema: {
        tags: [TAG],
        summary: 'A conversation with its members',
        description: `A session chat is joined by reading it (when session chats are on and the caller sees the session). ${WHO}`,
        params: conversationParams,
        response: { 200: conversationDetailSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.conversationDetail(
        db,
        await service.chatCaller(db, request, request.params.eventId),
        request.params.conversationId,
      ),
  );

  app.post(
    `${base}/conversations/:conversationId/members`,
    {
      schema: {
        tags: [TAG],
        summary: 'Add members to a group',
        description: `The group's creator only (others 403; 409 for a 1:1 or session chat); at most the event's cap (400). ${WHO}`,
        params: conversationParams,
        body: addMembersSchema,
        response: { 200: conversationDetailSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.addMembers(
        db,
        await service.chatCaller(db, request, request.params.eventId),
        request.params.conversationId,
        request.body.participantIds,
      ),
  );

  app.get(
    `${base}/conversations/:conversationId/messages`,
    {
      schema: {
        tags: [TAG],
        summary: 'Messages of a conversation',
        description:
          '`after=<seq>`: the messages after it, oldest first (the catch-up after a reconnect; merge by seq). ' +
          '`before=<seq>`: the newest ones before it, oldest first (scrolling back). Neither: the newest page. ' +
          `\`more\`: messages remain beyond the page. Hidden messages come with empty text. ${WHO}`,
        params: conversationParams,
        querystring: messagesQuerySchema,
        response: { 200: messagesPageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.messages(
        db,
        await service.chatCaller(db, request, request.params.eventId),
        request.params.conversationId,
        request.query,
      ),
  );

  app.post(
    `${base}/conversations/:conversationId/messages`,
    {
      schema: {
        tags: [TAG],
        summary: 'Send a message',
        description:
          'Text of 1–2,000 characters; HTML tags are removed (messages are plain text). Answers after the commit ' +
          '(201; 200 with the stored message for a repeated `clientId`); the conversation room then gets `chat.message` ' +
          "and every member's user room `chat.activity`. In a 1:1: 403 when either blocked the other or the other person " +
          `is hidden or blacklisted. At most ${CHAT_LIMITS.message.limit} messages in ${CHAT_LIMITS.message.windowSec} s per participant (429). ${WHO}`,
        params: conversationParams,
        body: sendMessageSchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const caller = await service.chatCaller(db, request, request.params.eventId);
      await limiter.enforce('message', caller.participantId);
      const { message, created } = await service.send(
        deps,
        caller,
        request.params.conversationId,
        request.body,
      );
      reply.code(created ? 201 : 200);
      return message;
    },
  );

  app.put(
    `${base}/conversations/:conversationId/read`,
    {
      schema: {
        tags: [TAG],
        summary: 'Mark read up to a seq',
        description: `Moves the caller's last-read pointer forward only, never past the last message. ${WHO}`,
        params: conversationParams,
        body: markReadSchema,
        response: {
          200: z.object({ lastReadSeq: z.number().int(), unread: z.number().int() }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      service.markRead(
        deps,
        await service.chatCaller(db, request, request.params.eventId),
        request.params.conversationId,
        request.body.seq,
      ),
  );

  app.post(
    `${base}/sessions/:sessionId/conversation`,
    {
      schema: {
        tags: [TAG],
        summary: "Join a session's chat",
        description: `The session's chat (created on first use) when the organiser turned session chats on (else 403) and the caller sees the session (else 404). ${WHO}`,
        params: eventParams.extend({ sessionId: z.uuid() }),
        response: { 200: conversationDetailSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.joinSessionChat(
        db,
        await service.chatCaller(db, request, request.params.eventId),
        request.params.sessionId,
      ),
  );

  app.get(
    `${base}/blocks`,
    {
      schema: {
        tags: [TAG],
        summary: 'People the caller blocked',
        description: WHO,
        params: eventParams,
        response: { 200: blockListSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => moderation.blocks(db, await service.chatCaller(db, request, request.params.eventId)),
  );

  const blockRoute = (blocked: boolean) =>
    ({
      schema: {
        tags: [TAG],
        summary: blocked ? 'Block someone' : 'Unblock someone',
        description: `Idempotent. A blocked person cannot message the caller (1:1 refused) nor find them among chat participants. ${WHO}`,
        params: participantParams,
        response: { 200: blockSchema, ...errors(400, 401, 403, 404) },
      },
    }) as const;
  app.put(`${base}/blocks/:participantId`, blockRoute(true), async (request) =>
    moderation.setBlock(
      db,
      await service.chatCaller(db, request, request.params.eventId),
      request.params.participantId,
      true,
    ),
  );
  app.delete(`${base}/blocks/:participantId`, blockRoute(false), async (request) =>
    moderation.setBlock(
      db,
      await service.chatCaller(db, request, request.params.eventId),
      request.params.participantId,
      false,
    ),
  );

  app.post(
    `${base}/messages/:chatMessageId/report`,
    {
      schema: {
        tags: [TAG],
        summary: 'Report a message',
        description: `With a reason (1–500 characters); once per message and person (409 again); not one's own (400). The organisers review it. ${WHO}`,
        params: eventParams.extend({ chatMessageId: z.uuid() }),
        body: reportMessageSchema,
        response: { 201: z.object({ id: z.uuid() }), ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const caller = await service.chatCaller(db, request, request.params.eventId);
      await limiter.enforce('report', caller.participantId);
      reply.code(201);
      return moderation.report(db, caller, request.params.chatMessageId, request.body.reason);
    },
  );

  // Spec part 7: whom one may message. Staff who do not take part see every messageable participant.
  listRoute(app, '/events/:eventId/participants/chat-participants', {
    db,
    list: chatPartnerList,
    scope: async (request) => {
      const eventId = eventIdOf(request);
      const { ctx, event } = await eventAccess(db, request, eventId, 'member');
      return {
        eventId: event.id,
        userId: ctx.principal.userId,
        participantId: (await participantIdOfUser(db, event.id, ctx.principal.userId)) ?? null,
      };
    },
    record: chatPersonSchema,
    tags: [TAG],
    summary:
      'Participants one may message: of the event, not the caller, profile not hidden, not blacklisted from the chat, ' +
      'and (for a participant) not blocked by or blocking the caller. Search by name or company. Anyone with a role in the event.',
  });

  // ── organisers ──
  app.get(
    `${base}/settings`,
    {
      schema: {
        tags: [TAG],
        summary: "The event's chat settings",
        description: `\`enabled\` is the spec's "chat active flag"; \`sessionChats\` a chat per session; \`groupMemberCap\` (default 20). ${ADMINS}`,
        params: eventParams,
        response: { 200: chatSettingsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'admin');
      return moderation.settingsOf(db, event.id);
    },
  );

  app.patch(
    `${base}/settings`,
    {
      schema: {
        tags: [TAG],
        summary: 'Change the chat settings',
        description: `Switch the chat off or on for the event, session chats, the group cap. ${ADMINS}`,
        params: eventParams,
        body: chatSettingsPatchSchema,
        response: { 200: chatSettingsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event, ctx } = await eventAccess(db, request, request.params.eventId, 'admin');
      return moderation.saveSettings(db, event.id, request.body, ctx.principal.userId);
    },
  );

  listRoute(app, '/events/:eventId/chat/blacklist', {
    db,
    list: chatBlacklistList,
    scope: async (request) => (await eventAccess(db, request, eventIdOf(request), 'admin')).event.id,
    record: blacklistEntrySchema,
    tags: [TAG],
    summary: `The spec's "chat blacklisted users": participants who may neither send nor read chat. ${ADMINS}`,
  });

  const blacklistRoute = (on: boolean) =>
    ({
      schema: {
        tags: [TAG],
        summary: on ? 'Blacklist a participant from the chat' : 'Take a participant off the chat blacklist',
        description: `Idempotent. A blacklisted participant's sockets leave their conversation rooms at once. ${ADMINS}`,
        params: participantParams,
        response: {
          200: z.object({ participantId: z.uuid(), blacklisted: z.boolean() }),
          ...errors(400, 401, 403, 404),
        },
      },
    }) as const;
  app.put(`${base}/blacklist/:participantId`, blacklistRoute(true), async (request) => {
    const { event, ctx } = await eventAccess(db, request, request.params.eventId, 'admin');
    return moderation.setBlacklisted(
      deps,
      event.id,
      request.params.participantId,
      true,
      ctx.principal.userId,
    );
  });
  app.delete(`${base}/blacklist/:participantId`, blacklistRoute(false), async (request) => {
    const { event, ctx } = await eventAccess(db, request, request.params.eventId, 'admin');
    return moderation.setBlacklisted(
      deps,
      event.id,
      request.params.participantId,
      false,
      ctx.principal.userId,
    );
  });

  listRoute(app, '/events/:eventId/chat/reports', {
    db,
    list: chatReportList,
    scope: async (request) => (await eventAccess(db, request, eventIdOf(request), 'admin')).event.id,
    record: chatReportSchema,
    tags: [TAG],
    summary: `Reported messages (filter status OPEN, HIDDEN, DISMISSED), newest first. ${ADMINS}`,
  });

  app.post(
    `${base}/reports/:chatReportId/resolve`,
    {
      schema: {
        tags: [TAG],
        summary: 'Hide a reported message or dismiss the report',
        description: `HIDE: the message is hidden for everyone (its open reports close; the room gets \`chat.hidden\`). DISMISS: this report closes. ${ADMINS}`,
        params: eventParams.extend({ chatReportId: z.uuid() }),
        body: resolveReportSchema,
        response: {
          200: z.object({ id: z.uuid(), status: z.enum(['OPEN', 'HIDDEN', 'DISMISSED']) }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { event, ctx } = await eventAccess(db, request, request.params.eventId, 'admin');
      return moderation.resolve(
        deps,
        event.id,
        request.params.chatReportId,
        request.body.action,
        ctx.principal.userId,
      );
    },
  );
}
