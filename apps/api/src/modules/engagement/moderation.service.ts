import {
  ENGAGEMENT_MESSAGES,
  MESSAGES,
  type Moderate,
  type ModeratorQuestion,
  type QaBoardSort,
  type QaStatus,
} from '@plenary/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess } from '../../platform/event-access.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import * as decisions from './decisions.repo.js';
import { moderatesSession, staffInstance, type StaffInstance } from './instance-access.js';
import { findInstance, type InstanceRow } from './instance-access.repo.js';
import * as repo from './qa.repo.js';
import { announceQa, moderatorQuestion, moderatorQuestions } from './qa.service.js';

type Deps = Pick<AppDeps, 'db' | 'realtime'>;

/** Staff of the instance addressed by tool and instance (an instance of another tool: 404). */
export async function staffToolInstance(
  db: Db,
  request: FastifyRequest,
  eventId: string,
  toolId: string,
  instanceId: string,
): Promise<StaffInstance> {
  const access = await staffInstance(db, request, eventId, instanceId);
  if (access.instance.toolId !== toolId) throw notFound();
  return access;
}

export interface StaffQuestion {
  userId: string;
  eventId: string;
  instance: InstanceRow;
}

/**
 * A question ("answer" in the spec's paths) for a moderation decision: of the event (404
 * otherwise), and the caller moderates its session (event admins, or listed moderators; 403).
 */
export async function staffQuestion(
  db: Db,
  request: FastifyRequest,
  eventId: string,
  questionId: string,
): Promise<StaffQuestion> {
  const [access, question] = await Promise.all([
    eventAccess(db, request, eventId, 'read'),
    repo.findQuestion(db, eventId, questionId),
  ]);
  if (!question) throw notFound();
  const instance = await findInstance(db, eventId, question.instanceId);
  if (!instance) throw notFound();
  if (!(await moderatesSession(db, access.ctx.principal, access.event, instance.sessionId)))
    throw forbidden(MESSAGES.forbidden);
  return { userId: access.ctx.principal.userId, eventId, instance };
}

/** GET …/instances/{instanceId}/answers: the queue, every status (or the one asked for). */
export async function queue(
  db: Db,
  { instance }: StaffInstance,
  query: { status?: QaStatus | undefined; sort?: QaBoardSort | undefined },
): Promise<{ records: ModeratorQuestion[]; total: number }> {
  if (instance.toolType !== 'QA') throw conflict(ENGAGEMENT_MESSAGES.notQa);
  const records = await moderatorQuestions(db, instance, query);
  return { records, total: records.length };
}

/** What a decision changes, or a refusal (409) when the question is not in a state for it. */
function change(q: repo.QuestionRow, body: Moderate): repo.QuestionChange {
  switch (body.action) {
    case 'APPROVE':
      return { status: 'APPROVED' };
    case 'REJECT':
      return { status: 'REJECTED', highlighted: false };
    case 'EDIT_AND_APPROVE':
      // The text as asked is kept once: a second edit does not overwrite it.
      return { status: 'APPROVED', text: body.text!.trim(), originalText: q.originalText ?? q.text };
    case 'STAR':
      return { starred: true };
    case 'UNSTAR':
      return { starred: false };
    case 'HIGHLIGHT':
      if (q.status !== 'APPROVED') throw conflict(ENGAGEMENT_MESSAGES.notApproved);
      // Highlighting an archived question brings it back.
      return { highlighted: true, answered: false };
    case 'UNHIGHLIGHT':
      return { highlighted: false };
    case 'MARK_ANSWERED':
      if (q.status !== 'APPROVED') throw conflict(ENGAGEMENT_MESSAGES.notApproved);
      return { answered: true, highlighted: false };
    case 'RESTORE':
      return { answered: false };
  }
}

/**
 * POST …/answers/{answerId}/moderate. One transaction: the question (locked), the change, and the
 * decision row (who, when, the text before and after an edit). HIGHLIGHT takes the instance's row
 * lock so two highlights at once still leave one. After the commit the moderator room always hears
 * of it, the participants' room when the question was or is approved.
 */
export async function moderate(deps: Deps, who: StaffQuestion, questionId: string, body: Moderate) {
  const { eventId, instance, userId } = who;
  const result = await deps.db.transaction().execute(async (tx: Db) => {
    if (body.action === 'HIGHLIGHT') await repo.lockInstanceForHighlight(tx, instance.id);
    const before = await repo.lockQuestion(tx, eventId, questionId);
    if (!before) throw notFound();
    const patch = change(before, body);
    await repo.updateQuestion(tx, questionId, patch);
    if (patch.highlighted === true) await repo.unhighlightOthers(tx, instance.id, questionId);
    await decisions.insertDecision(tx, {
      questionId,
      instanceId: instance.id,
      eventId,
      action: body.action,
      byUserId: userId,
      beforeText: body.action === 'EDIT_AND_APPROVE' ? before.text : null,
      afterText: body.action === 'EDIT_AND_APPROVE' ? (patch.text ?? null) : null,
    });
    const after = (await repo.findQuestion(tx, eventId, questionId))!;
    return { before, after };
  });
  announceQa(deps, instance.id, result.before.status === 'APPROVED' || result.after.status === 'APPROVED');
  return moderatorQuestion(deps.db, result.after);
}

/** POST …/reply/{answerId}: the moderator's reply (shown with the question once approved), logged as REPLY. */
export async function reply(deps: Deps, who: StaffQuestion, questionId: string, text: string) {
  const { eventId, instance, userId } = who;
  const row = await deps.db.transaction().execute(async (tx: Db) => {
    const q = await repo.lockQuestion(tx, eventId, questionId);
    if (!q) throw notFound();
    await repo.insertReply(tx, { questionId, eventId, authorUserId: userId, text: text.trim() });
    await decisions.insertDecision(tx, {
      questionId,
      instanceId: instance.id,
      eventId,
      action: 'REPLY',
      byUserId: userId,
      beforeText: null,
      afterText: text.trim(),
    });
    return q;
  });
  announceQa(deps, instance.id, row.status === 'APPROVED');
  return moderatorQuestion(deps.db, row);
}

/** GET …/instances/{instanceId}/decisions: the log, newest first. */
export async function decisionLog(
  db: Db,
  { instance }: StaffInstance,
  query: { page: number; limit: number },
) {
  return decisions.decisionsOf(db, instance.id, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
}
