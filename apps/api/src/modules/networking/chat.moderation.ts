import { CHAT_MESSAGES, rooms, type ChatPerson, type ChatSettings } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import { fieldsError } from '../../platform/http.js';
import * as mod from './chat-moderation.repo.js';
import * as repo from './chat.repo.js';
import { memberConversation, type ChatCaller } from './chat.service.js';

type Deps = Pick<AppDeps, 'db' | 'realtime'>;

export const settingsOf = repo.settingsOf;

/** PUT/DELETE …/chat/blocks/{participantId}: the caller blocks (or unblocks) someone of the event. */
export async function setBlock(
  db: Db,
  caller: ChatCaller,
  participantId: string,
  blocked: boolean,
): Promise<{ participantId: string; blocked: boolean }> {
  if (participantId === caller.participantId) throw fieldsError({ participantId: CHAT_MESSAGES.self });
  if (!(await repo.personOf(db, caller.event.id, participantId))) throw notFound();
  await db
    .transaction()
    .execute((tx: Db) => mod.setBlock(tx, caller.event.id, caller.participantId, participantId, blocked));
  return { participantId, blocked };
}

export async function blocks(db: Db, caller: ChatCaller): Promise<{ records: ChatPerson[] }> {
  return { records: await mod.blocksOf(db, caller.participantId) };
}

/** POST …/chat/messages/{messageId}/report: a member reports someone else's message (once). */
export async function report(
  db: Db,
  caller: ChatCaller,
  messageId: string,
  reason: string,
): Promise<{ id: string }> {
  const message = await repo.messageById(db, caller.event.id, messageId);
  if (!message) throw notFound();
  await memberConversation(db, caller, message.conversationId);
  if (message.senderId === caller.participantId) throw fieldsError({ messageId: CHAT_MESSAGES.ownMessage });
  const row = await db.transaction().execute((tx: Db) =>
    mod.insertReport(tx, {
      messageId,
      eventId: caller.event.id,
      reporterId: caller.participantId,
      reason,
    }),
  );
  if (!row) throw conflict(CHAT_MESSAGES.alreadyReported);
  return row;
}

export async function saveSettings(
  db: Db,
  eventId: string,
  patch: Partial<ChatSettings>,
  userId: string,
): Promise<ChatSettings> {
  const next = { ...(await repo.settingsOf(db, eventId)), ...patch };
  await db.transaction().execute((tx: Db) => repo.saveSettings(tx, eventId, next, userId));
  return next;
}

/** PUT/DELETE …/chat/blacklist/{participantId}; the blacklisted person's sockets leave their conversation rooms. */
export async function setBlacklisted(
  deps: Deps,
  eventId: string,
  participantId: string,
  on: boolean,
  by: string,
): Promise<{ participantId: string; blacklisted: boolean }> {
  const p = await repo.personOf(deps.db, eventId, participantId);
  if (!p) throw notFound();
  await deps.db.transaction().execute((tx: Db) => mod.setBlacklisted(tx, eventId, participantId, on, by));
  if (on) await deps.realtime.accessChanged(p.userId);
  return { participantId, blacklisted: on };
}

/**
 * POST …/chat/reports/{reportId}/resolve: HIDE hides the message (all its open reports close, members'
 * clients blank it at once), DISMISS closes an open report (a closed one answers its status).
 */
export async function resolve(
  deps: Deps,
  eventId: string,
  reportId: string,
  action: 'HIDE' | 'DISMISS',
  by: string,
): Promise<{ id: string; status: 'OPEN' | 'HIDDEN' | 'DISMISSED' }> {
  const r = await mod.findReport(deps.db, eventId, reportId);
  if (!r) throw notFound();
  if (action === 'DISMISS') {
    if (r.status !== 'OPEN') return { id: reportId, status: r.status };
    await deps.db.transaction().execute((tx: Db) => mod.dismissReport(tx, reportId, by));
    return { id: reportId, status: 'DISMISSED' };
  }
  await deps.db.transaction().execute((tx: Db) => mod.hideMessage(tx, r.messageId, by));
  deps.realtime.emit(rooms.conversation(r.conversationId), 'chat.hidden', {
    conversationId: r.conversationId,
    messageId: r.messageId,
    seq: r.seq,
  });
  return { id: reportId, status: 'HIDDEN' };
}
