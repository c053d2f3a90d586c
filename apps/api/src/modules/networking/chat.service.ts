import type { FastifyRequest } from 'fastify';
import {
  CHAT_MESSAGES,
  rooms,
  type ChatAccess,
  type ChatMessage,
  type ChatPerson,
  type ChatSettings,
  type Conversation,
  type ConversationDetail,
  type CreateConversation,
  type MessagesPage,
} from '@plenary/domain';
import { writeContext } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess, type EventAccess } from '../../platform/event-access.js';
import { HttpError, conflict, forbidden, notFound } from '../../platform/errors.js';
import { fieldsError } from '../../platform/http.js';
import type { RoomCheck } from '../../platform/realtime.js';
import { viewerOf } from '../agenda/index.js';
import { participantIdOfUser } from '../attendees/index.js';
import * as repo from './chat.repo.js';

type Deps = Pick<AppDeps, 'db' | 'realtime'>;

/** A participant using the chat of their event (not blacklisted, chat on unless `anyState`). */
export interface ChatCaller extends EventAccess {
  participantId: string;
  settings: ChatSettings;
}

/**
 * Who may use the participant chat routes: the event's participants (anyone else with a role in the
 * event, or none: 404). With the chat switched off: 403 `chatOff`; blacklisted: 403 `blacklisted`.
 */
export async function chatCaller(
  db: Db,
  request: FastifyRequest,
  eventId: string,
  anyState = false,
): Promise<ChatCaller> {
  const [access, participantId, settings] = await Promise.all([
    eventAccess(db, request, eventId, 'member'),
    participantIdOfUser(db, eventId, writeContext(request).principal.userId),
    repo.settingsOf(db, eventId),
  ]);
  if (!participantId) throw notFound();
  if (!anyState) {
    if (!settings.enabled) throw forbidden(CHAT_MESSAGES.chatOff);
    if (await repo.isBlacklisted(db, participantId)) throw forbidden(CHAT_MESSAGES.blacklisted);
  }
  return { ...access, participantId, settings };
}

export async function accessOf(db: Db, caller: ChatCaller): Promise<ChatAccess> {
  const [blacklisted, unread] = await Promise.all([
    repo.isBlacklisted(db, caller.participantId),
    repo.totalUnread(db, caller.event.id, caller.participantId),
  ]);
  return {
    participantId: caller.participantId,
    chatActive: caller.settings.enabled,
    hasChatAccess: caller.settings.enabled && !blacklisted,
    sessionChats: caller.settings.sessionChats,
    groupMemberCap: caller.settings.groupMemberCap,
    unread: blacklisted ? 0 : unread,
  };
}

const person = (p: {
  participantId: string;
  firstName: string;
  lastName: string;
  photoUrl: string | null;
}): ChatPerson => ({
  participantId: p.participantId,
  firstName: p.firstName,
  lastName: p.lastName,
  photoUrl: p.photoUrl,
});

export function toMessage(m: repo.MessageRow): ChatMessage {
  return {
    id: m.id,
    conversationId: m.conversationId,
    seq: m.seq,
    sender:
      m.senderId === null
        ? null
        : {
            participantId: m.senderId,
            firstName: m.firstName ?? '',
            lastName: m.lastName ?? '',
            photoUrl: m.photoUrl,
          },
    text: m.hidden ? '' : m.text,
    hidden: m.hidden,
    clientId: m.clientId,
    createdAt: m.createdAt,
  };
}

/** The conversation, when the caller is a member (a session chat: when they see the session; joined here). */
export async function memberConversation(
  db: Db,
  caller: ChatCaller,
  conversationId: string,
): Promise<repo.ConversationRow> {
  const c = await repo.findConversation(db, caller.event.id, conversationId);
  if (!c) throw notFound();
  if (c.kind === 'SESSION') {
    if (!caller.settings.sessionChats) throw forbidden(CHAT_MESSAGES.sessionChatsOff);
    const viewer = await viewerOf(db, caller.event.id, caller.participantId);
    if (!(await repo.visibleSession(db, caller.event.id, c.sessionId!, viewer))) throw notFound();
    await db
      .transaction()
      .execute((tx: Db) => repo.addMembers(tx, caller.event.id, c.id, [caller.participantId]));
    return c;
  }
  if (!(await repo.membership(db, c.id, caller.participantId))) throw notFound();
  return c;
}

function toConversation(row: repo.ConversationListRow, last: repo.MessageRow | undefined): Conversation {
  const other =
    row.kind === 'DIRECT' && row.otherId
      ? {
          participantId: row.otherId,
          firstName: row.otherFirstName ?? '',
          lastName: row.otherLastName ?? '',
          photoUrl: row.otherPhotoUrl,
        }
      : null;
  const name =
    row.kind === 'GROUP'
      ? (row.name ?? '')
      : row.kind === 'SESSION'
        ? (row.sessionName ?? '')
        : other
          ? `${other.firstName} ${other.lastName}`.trim()
          : '';
  return {
    id: row.id,
    kind: row.kind,
    name,
    sessionId: row.sessionId,
    createdBy: row.createdBy,
    other,
    memberCount: row.memberCount,
    lastSeq: row.lastSeq,
    lastReadSeq: row.lastReadSeq,
    unread: Math.max(0, row.lastSeq - row.lastReadSeq),
    lastMessage: last ? toMessage(last) : null,
    lastMessageAt: row.lastMessageAt,
    createdAt: row.createdAt,
  };
}

export async function listConversations(
  db: Db,
  caller: ChatCaller,
  q: { page: number; limit: number },
): Promise<{ records: Conversation[]; total: number }> {
  const rows = await repo.conversationsOf(db, caller.event.id, caller.participantId, {
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  const last = await repo.lastMessages(db, rows);
  const byConversation = new Map(last.map((m) => [m.conversationId, m]));
  return {
    records: rows.map((r) => toConversation(r, byConversation.get(r.id))),
    total: rows[0]?.total ?? 0,
  };
}

export async function conversationDetail(
  db: Db,
  caller: ChatCaller,
  conversationId: string,
): Promise<ConversationDetail> {
  const c = await memberConversation(db, caller, conversationId);
  const [row] = await repo.conversationsOf(
    db,
    caller.event.id,
    caller.participantId,
    { offset: 0, limit: 1 },
    c.id,
  );
  if (!row) throw notFound();
  const [last, members] = await Promise.all([repo.lastMessages(db, [row]), repo.membersOf(db, c.id)]);
  return {
    ...toConversation(row, last[0]),
    members: members.map(person),
    canAddMembers:
      c.kind === 'GROUP' &&
      c.createdBy === caller.participantId &&
      row.memberCount < caller.settings.groupMemberCap,
  };
}

/** Refuses people the caller may not message: hidden profiles, blacklisted, blocked either way, the caller. */
async function checkMessageable(db: Db, caller: ChatCaller, ids: string[], field: string): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.includes(caller.participantId)) throw fieldsError({ [field]: CHAT_MESSAGES.self });
  const [people, blocked, blacklisted] = await Promise.all([
    repo.peopleOf(db, caller.event.id, unique),
    repo.blockedAmong(db, caller.participantId, unique),
    repo.blacklistedAmong(db, unique),
  ]);
  const found = new Map(people.map((p) => [p.participantId, p]));
  for (const id of unique) {
    const p = found.get(id);
    if (!p || p.profileHidden || blacklisted.includes(id))
      throw fieldsError({ [field]: CHAT_MESSAGES.notMessageable });
    if (blocked.includes(id))
      throw new HttpError(403, CHAT_MESSAGES.blocked, { [field]: CHAT_MESSAGES.blocked });
  }
}

/** POST …/chat/conversations: a 1:1 (found or created) or a new group with its first members. */
export async function createConversation(
  db: Db,
  caller: ChatCaller,
  body: CreateConversation,
): Promise<{ detail: ConversationDetail; created: boolean }> {
  if (body.kind === 'DIRECT') {
    await checkMessageable(db, caller, [body.participantId], 'participantId');
    const { id, created } = await db
      .transaction()
      .execute((tx: Db) =>
        repo.directConversation(tx, caller.event.id, caller.participantId, body.participantId),
      );
    return { detail: await conversationDetail(db, caller, id), created };
  }
  const ids = [...new Set(body.participantIds)].filter((id) => id !== caller.participantId);
  if (ids.length + 1 > caller.settings.groupMemberCap)
    throw fieldsError({ participantIds: CHAT_MESSAGES.groupFull });
  await checkMessageable(db, caller, ids, 'participantIds');
  const id = await db.transaction().execute(async (tx: Db) => {
    const conversationId = await repo.insertGroup(tx, caller.event.id, body.name, caller.participantId);
    await repo.addMembers(tx, caller.event.id, conversationId, [caller.participantId, ...ids]);
    return conversationId;
  });
  return { detail: await conversationDetail(db, caller, id), created: true };
}

/** POST …/conversations/{id}/members: the group's creator adds people, up to the event's cap. */
export async function addMembers(
  db: Db,
  caller: ChatCaller,
  conversationId: string,
  participantIds: string[],
): Promise<ConversationDetail> {
  const c = await memberConversation(db, caller, conversationId);
  if (c.kind !== 'GROUP') throw conflict(CHAT_MESSAGES.notGroup);
  if (c.createdBy !== caller.participantId) throw forbidden(CHAT_MESSAGES.notCreator);
  const ids = [...new Set(participantIds)].filter((id) => id !== caller.participantId);
  await checkMessageable(db, caller, ids, 'participantIds');
  await db.transaction().execute(async (tx: Db) => {
    await repo.lockConversation(tx, c.id);
    const current = await repo.memberIds(tx, c.id);
    const fresh = ids.filter((id) => !current.includes(id));
    if (current.length + fresh.length > caller.settings.groupMemberCap)
      throw fieldsError({ participantIds: CHAT_MESSAGES.groupFull });
    await repo.addMembers(tx, caller.event.id, c.id, fresh);
  });
  return conversationDetail(db, caller, c.id);
}

/** POST …/chat/sessions/{sessionId}/conversation: the session's chat, joined (session chats on, session seen). */
export async function joinSessionChat(
  db: Db,
  caller: ChatCaller,
  sessionId: string,
): Promise<ConversationDetail> {
  const viewer = await viewerOf(db, caller.event.id, caller.participantId);
  const session = await repo.visibleSession(db, caller.event.id, sessionId, viewer);
  if (!session) throw notFound();
  if (!caller.settings.sessionChats) throw forbidden(CHAT_MESSAGES.sessionChatsOff);
  const id = await db.transaction().execute(async (tx: Db) => {
    const conversationId = await repo.sessionConversation(tx, caller.event.id, sessionId);
    await repo.addMembers(tx, caller.event.id, conversationId, [caller.participantId]);
    return conversationId;
  });
  return conversationDetail(db, caller, id);
}

export async function messages(
  db: Db,
  caller: ChatCaller,
  conversationId: string,
  q: { after?: number | undefined; before?: number | undefined; limit: number },
): Promise<MessagesPage> {
  const c = await memberConversation(db, caller, conversationId);
  const [page, member, fresh] = await Promise.all([
    repo.messagesOf(db, c.id, q),
    repo.membership(db, c.id, caller.participantId),
    repo.findConversation(db, caller.event.id, c.id),
  ]);
  return {
    messages: page.rows.map(toMessage),
    more: page.more,
    lastSeq: fresh?.lastSeq ?? c.lastSeq,
    lastReadSeq: member?.lastReadSeq ?? 0,
  };
}

/** Refusals of a send in a 1:1: blocked either way, or the other person hidden or blacklisted now. */
async function checkDirectSend(db: Db, caller: ChatCaller, conversationId: string): Promise<void> {
  const others = (await repo.memberIds(db, conversationId)).filter((id) => id !== caller.participantId);
  if ((await repo.blockedAmong(db, caller.participantId, others)).length > 0)
    throw forbidden(CHAT_MESSAGES.blocked);
  const [people, blacklisted] = await Promise.all([
    repo.peopleOf(db, caller.event.id, others),
    repo.blacklistedAmong(db, others),
  ]);
  if (blacklisted.length > 0 || people.some((p) => p.profileHidden))
    throw forbidden(CHAT_MESSAGES.notMessageable);
}

/**
 * POST …/messages: committed (with the next seq, the sender's read pointer on it) before the answer;
 * after the commit the message goes to the conversation room, one message each, and every member's
 * user room hears that the conversation moved (badges). A repeated clientId answers the stored message.
 */
export async function send(
  deps: Deps,
  caller: ChatCaller,
  conversationId: string,
  body: { text: string; clientId?: string | undefined },
): Promise<{ message: ChatMessage; created: boolean }> {
  const { db } = deps;
  const c = await memberConversation(db, caller, conversationId);
  if (c.kind === 'DIRECT') await checkDirectSend(db, caller, c.id);
  const clientId = body.clientId ?? null;
  if (clientId) {
    const existing = await repo.messageByClientId(db, c.id, caller.participantId, clientId);
    if (existing) return { message: toMessage(existing), created: false };
  }
  const inserted = await db.transaction().execute(async (tx: Db) => {
    const m = await repo.insertMessage(tx, {
      conversationId: c.id,
      senderId: caller.participantId,
      text: body.text,
      clientId,
    });
    await repo.markRead(tx, c.id, caller.participantId, m.seq);
    return m;
  });
  const sender = await repo.personOf(db, caller.event.id, caller.participantId);
  const message: ChatMessage = {
    id: inserted.id,
    conversationId: c.id,
    seq: inserted.seq,
    sender: sender ? person(sender) : null,
    text: body.text,
    hidden: false,
    clientId,
    createdAt: inserted.createdAt,
  };
  deps.realtime.emit(rooms.conversation(c.id), 'chat.message', {
    ...message,
    createdAt: message.createdAt.toISOString(),
  });
  for (const m of await repo.memberUsers(db, c.id))
    deps.realtime.emit(rooms.user(m.userId), 'chat.activity', {
      conversationId: c.id,
      lastSeq: inserted.seq,
      ...(m.participantId === caller.participantId ? { lastReadSeq: inserted.seq } : {}),
    });
  return { message, created: true };
}

/** PUT …/read: moves the caller's last-read pointer forward (never back, never past the last message). */
export async function markRead(
  deps: Deps,
  caller: ChatCaller,
  conversationId: string,
  seq: number,
): Promise<{ lastReadSeq: number; unread: number }> {
  const c = await memberConversation(deps.db, caller, conversationId);
  const lastReadSeq = await deps.db
    .transaction()
    .execute((tx: Db) => repo.markRead(tx, c.id, caller.participantId, seq));
  const fresh = await repo.findConversation(deps.db, caller.event.id, c.id);
  const lastSeq = fresh?.lastSeq ?? c.lastSeq;
  deps.realtime.emit(rooms.user(caller.ctx.principal.userId), 'chat.activity', {
    conversationId: c.id,
    lastSeq,
    lastReadSeq,
  });
  return { lastReadSeq, unread: Math.max(0, lastSeq - lastReadSeq) };
}

/**
 * `conversation:<id>`: its members only, while they may use the chat (chat on, not blacklisted); a
 * session chat: whoever sees the session (session chats on).
 */
export function conversationRoomCheck(db: Db): RoomCheck {
  return async (principal, conversationId) => {
    const c = await repo.conversationScope(db, conversationId);
    if (!c) return false;
    const participantId = await participantIdOfUser(db, c.eventId, principal.userId);
    if (!participantId) return false;
    const settings = await repo.settingsOf(db, c.eventId);
    if (!settings.enabled || (await repo.isBlacklisted(db, participantId))) return false;
    if (c.kind === 'SESSION') {
      if (!settings.sessionChats) return false;
      const viewer = await viewerOf(db, c.eventId, participantId);
      return (await repo.visibleSession(db, c.eventId, c.sessionId!, viewer)) !== undefined;
    }
    return (await repo.membership(db, c.id, participantId)) !== undefined;
  };
}
