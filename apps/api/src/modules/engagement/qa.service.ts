import {
  ENGAGEMENT_MESSAGES,
  rooms,
  toolSettingsSchema,
  qaBoardEventSchema,
  qaQueueEventSchema,
  type AskedQuestion,
  type ModeratorQuestion,
  type QaBoardSort,
  type QaQuestion,
  type QaStatus,
  type QaUpvote,
} from '@plenary/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { publish } from '../../platform/domain-events.js';
import { HttpError, conflict, notFound } from '../../platform/errors.js';
import { fieldsError } from '../../platform/http.js';
import type { ParticipantInstance } from './instance-access.js';
import * as repo from './qa.repo.js';

type Deps = Pick<AppDeps, 'db' | 'realtime'>;

/** The Q&A settings of a tool (stored jsonb; defaults fill what is missing). */
export function qaSettings(settings: Record<string, unknown>) {
  return toolSettingsSchema.parse(settings);
}

/** Whether a question is asked anonymously: ANONYMOUS tools always, ALLOW_ANONYMOUS as asked. */
export function askedAnonymously(
  anonymity: 'ANONYMOUS' | 'NOT_ANONYMOUS' | 'ALLOW_ANONYMOUS',
  asked: boolean,
): boolean {
  if (anonymity === 'ANONYMOUS') return true;
  if (anonymity === 'NOT_ANONYMOUS' && asked)
    throw fieldsError({ anonymous: ENGAGEMENT_MESSAGES.anonymousNotAllowed });
  return asked;
}

function requireQa(instance: { toolType: string }): void {
  if (instance.toolType !== 'QA') throw new HttpError(409, ENGAGEMENT_MESSAGES.notQa);
}

/** After a commit that changed the instance's questions: moderators always, the room when `board`. */
export function announceQa(deps: Pick<AppDeps, 'realtime'>, instanceId: string, board: boolean): void {
  deps.realtime.publishLatest(rooms.moderatorQueue(instanceId), 'qa.queue', instanceId);
  if (board) deps.realtime.publishLatest(rooms.engagement(instanceId), 'qa.board', instanceId);
}

/**
 * POST …/instances/{instanceId}/questions: an OPEN Q&A instance only (409 otherwise). PENDING when
 * the tool is moderated (only the moderator room hears of it), else APPROVED (the room too).
 */
export async function ask(
  deps: Deps,
  access: ParticipantInstance,
  body: { text: string; anonymous: boolean },
): Promise<AskedQuestion> {
  const { instance, participantId } = access;
  requireQa(instance);
  if (instance.status !== 'OPEN') throw conflict(ENGAGEMENT_MESSAGES.notOpen);
  const anonymous = askedAnonymously(instance.anonymity, body.anonymous);
  const status: QaStatus = qaSettings(instance.settings).moderated ? 'PENDING' : 'APPROVED';
  const text = body.text.trim();
  const row = await deps.db.transaction().execute(async (tx: Db) => {
    const q = await repo.insertQuestion(tx, {
      instanceId: instance.id,
      eventId: instance.eventId,
      participantId,
      text,
      anonymous,
      status,
    });
    await publish(tx, {
      name: 'answer.submitted',
      payload: {
        eventId: instance.eventId,
        sessionId: instance.sessionId,
        toolId: instance.toolId,
        instanceId: instance.id,
        participantId,
        kind: 'QA',
        questionId: q.id,
      },
    });
    return q;
  });
  announceQa(deps, instance.id, status === 'APPROVED');
  return { id: row.id, instanceId: instance.id, text, anonymous, status, createdAt: row.createdAt };
}

/** Questions with their replies, as the room sees them (no status, star nor original text). */
async function withReplies(
  db: Db,
  rows: repo.QuestionRow[],
): Promise<Array<QaQuestion & { row: repo.QuestionRow }>> {
  const replies = await repo.repliesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    row: r,
    id: r.id,
    instanceId: r.instanceId,
    text: r.text,
    author: r.author,
    upvotes: r.upvoteCount,
    highlighted: r.highlighted,
    answered: r.answered,
    replies: replies
      .filter((x) => x.questionId === r.id)
      .map((x) => ({ id: x.id, text: x.text, author: x.author, createdAt: x.createdAt })),
    createdAt: r.createdAt,
  }));
}

const publicQuestion = ({ row: _row, ...q }: QaQuestion & { row: repo.QuestionRow }): QaQuestion => q;

/** Approved questions (highlighted first, answered last), in `sort` or the tool's default order. */
export async function approvedQuestions(
  db: Db,
  instance: { id: string; settings: Record<string, unknown> },
  sort?: QaBoardSort,
): Promise<QaQuestion[]> {
  const rows = await repo.questionsOf(db, instance.id, sort ?? qaSettings(instance.settings).qaSort, [
    'APPROVED',
  ]);
  return (await withReplies(db, rows)).map(publicQuestion);
}

/** Every question of the instance with its status, star and original text (moderators). */
export async function moderatorQuestions(
  db: Db,
  instance: { id: string; settings: Record<string, unknown> },
  opts: { status?: QaStatus | undefined; sort?: QaBoardSort | undefined } = {},
): Promise<ModeratorQuestion[]> {
  const statuses: QaStatus[] = opts.status ? [opts.status] : ['PENDING', 'APPROVED', 'REJECTED'];
  const rows = await repo.questionsOf(
    db,
    instance.id,
    opts.sort ?? qaSettings(instance.settings).qaSort,
    statuses,
  );
  return (await withReplies(db, rows)).map(({ row, ...q }) => ({
    ...q,
    status: row.status,
    starred: row.starred,
    originalText: row.originalText,
  }));
}

/** One question as moderators see it. */
export async function moderatorQuestion(db: Db, row: repo.QuestionRow): Promise<ModeratorQuestion> {
  const [{ row: r, ...q }] = (await withReplies(db, [row])) as [QaQuestion & { row: repo.QuestionRow }];
  return { ...q, status: r.status, starred: r.starred, originalText: r.originalText };
}

/** GET …/instances/{instanceId}/questions: the participant board (any status of the instance; Q&A only). */
export async function board(db: Db, access: ParticipantInstance, sort: QaBoardSort | undefined) {
  const { instance, participantId } = access;
  requireQa(instance);
  const [records, pending] = await Promise.all([
    approvedQuestions(db, instance, sort),
    repo.pendingOf(db, instance.id, participantId),
  ]);
  return {
    records,
    myUpvotes: await repo.upvotedBy(
      db,
      participantId,
      records.map((r) => r.id),
    ),
    myPending: pending,
  };
}

/**
 * PUT (upvoted true) / DELETE (false) …/questions/{questionId}/upvote: idempotent, one per
 * participant (the primary key), the count kept in the same statement. Only APPROVED questions of
 * OPEN instances the participant may take part in (404 for questions they can not see, 409 when
 * the instance is not open). Askers may upvote their own question (as Slido allows).
 */
export async function setUpvote(
  deps: Deps,
  participant: (instanceId: string) => Promise<ParticipantInstance>,
  eventId: string,
  questionId: string,
  upvoted: boolean,
): Promise<QaUpvote> {
  const found = await repo.upvotableQuestion(deps.db, eventId, questionId);
  if (!found || found.status !== 'APPROVED') throw notFound();
  const { participantId } = await participant(found.instanceId);
  if (found.instanceStatus !== 'OPEN') throw conflict(ENGAGEMENT_MESSAGES.notOpen);
  const upvotes = upvoted
    ? await repo.addUpvote(deps.db, questionId, participantId)
    : await repo.removeUpvote(deps.db, questionId, participantId);
  deps.realtime.publishLatest(rooms.engagement(found.instanceId), 'qa.board', found.instanceId);
  deps.realtime.publishLatest(rooms.moderatorQueue(found.instanceId), 'qa.queue', found.instanceId);
  return { questionId, upvoted, upvotes };
}

const instanceOf = (db: Db, instanceId: string) => repo.qaInstanceOf(db, instanceId);

/** `qa.board` (topic: the instance id): approved questions only, whatever the asker's status was. */
export const qaBoardReader = (db: Db) => async (_room: string, instanceId: string) => {
  const instance = await instanceOf(db, instanceId);
  if (!instance || instance.type !== 'QA') return undefined;
  return z.encode(qaBoardEventSchema, { instanceId, questions: await approvedQuestions(db, instance) });
};

/** `qa.queue` (topic: the instance id): every question, for the moderator room only. */
export const qaQueueReader = (db: Db) => async (_room: string, instanceId: string) => {
  const instance = await instanceOf(db, instanceId);
  if (!instance || instance.type !== 'QA') return undefined;
  return z.encode(qaQueueEventSchema, { instanceId, questions: await moderatorQuestions(db, instance) });
};
