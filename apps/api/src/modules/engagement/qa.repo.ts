import { sql, type RawBuilder } from 'kysely';
import type { QaBoardSort, QaStatus } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';

/** A question row with what every view of it needs (the author's name only where not anonymous). */
export interface QuestionRow {
  id: string;
  instanceId: string;
  participantId: string;
  text: string;
  originalText: string | null;
  anonymous: boolean;
  status: QaStatus;
  starred: boolean;
  highlighted: boolean;
  answered: boolean;
  upvoteCount: number;
  createdAt: Date;
  /** The participant's name; null when asked anonymously (nobody, moderators included, sees it). */
  author: string | null;
}

export interface ReplyRow {
  id: string;
  questionId: string;
  text: string;
  author: string;
  createdAt: Date;
}

const orderBy: Record<QaBoardSort, RawBuilder<unknown>> = {
  NEWEST_FIRST: sql`q.created_at DESC`,
  NEWEST_LAST: sql`q.created_at ASC`,
  MOST_VOTED: sql`q.upvote_count DESC, q.created_at DESC`,
};

const questionColumns = sql`
  q.id, q.instance_id AS "instanceId", q.participant_id AS "participantId", q.text,
  q.original_text AS "originalText", q.anonymous, q.status, q.starred, q.highlighted, q.answered,
  q.upvote_count AS "upvoteCount", q.created_at AS "createdAt",
  CASE WHEN q.anonymous THEN NULL ELSE trim(p.first_name || ' ' || p.last_name) END AS author`;

/**
 * Questions of an instance: the highlighted one first, answered (archived) ones last, then `sort`.
 * `statuses` limits them (participants: APPROVED only).
 */
export async function questionsOf(
  db: Db,
  instanceId: string,
  sort: QaBoardSort,
  statuses: readonly QaStatus[],
): Promise<QuestionRow[]> {
  const { rows } = await sql<QuestionRow>`
    SELECT ${questionColumns}
    FROM qa_questions q JOIN participants p ON p.id = q.participant_id
    WHERE q.instance_id = ${instanceId} AND q.status IN (${sql.join(statuses)})
    ORDER BY q.answered, q.highlighted DESC, ${orderBy[sort]}, q.id`.execute(db);
  return rows;
}

/** One question of the event (another event's id reads as none). */
export async function findQuestion(
  db: Db,
  eventId: string,
  questionId: string,
): Promise<QuestionRow | undefined> {
  const { rows } = await sql<QuestionRow>`
    SELECT ${questionColumns}
    FROM qa_questions q JOIN participants p ON p.id = q.participant_id
    WHERE q.id = ${questionId} AND q.event_id = ${eventId}`.execute(db);
  return rows[0];
}

/** The row locked for a moderation decision (decisions on one question are taken one after another). */
export async function lockQuestion(
  db: Db,
  eventId: string,
  questionId: string,
): Promise<QuestionRow | undefined> {
  const { rows } = await sql<QuestionRow>`
    SELECT ${questionColumns}
    FROM qa_questions q JOIN participants p ON p.id = q.participant_id
    WHERE q.id = ${questionId} AND q.event_id = ${eventId}
    FOR NO KEY UPDATE OF q`.execute(db);
  return rows[0];
}

export async function repliesOf(db: Db, questionIds: readonly string[]): Promise<ReplyRow[]> {
  if (questionIds.length === 0) return [];
  const { rows } = await sql<ReplyRow>`
    SELECT r.id, r.question_id AS "questionId", r.text, r.created_at AS "createdAt",
      coalesce(trim(u.first_name || ' ' || u.last_name), '') AS author
    FROM qa_replies r LEFT JOIN users u ON u.id = r.author_user_id
    WHERE r.question_id IN (${sql.join(questionIds)})
    ORDER BY r.created_at, r.id`.execute(db);
  return rows;
}

/** Which of `questionIds` the participant upvoted. */
export async function upvotedBy(
  db: Db,
  participantId: string,
  questionIds: readonly string[],
): Promise<string[]> {
  if (questionIds.length === 0) return [];
  const rows = await db
    .selectFrom('qaUpvotes')
    .select('questionId')
    .where('participantId', '=', participantId)
    .where('questionId', 'in', questionIds)
    .execute();
  return rows.map((r) => r.questionId);
}

/** The participant's own questions still waiting for a moderator. */
export async function pendingOf(db: Db, instanceId: string, participantId: string) {
  return db
    .selectFrom('qaQuestions')
    .select(['id', 'text', 'createdAt'])
    .where('instanceId', '=', instanceId)
    .where('participantId', '=', participantId)
    .where('status', '=', 'PENDING')
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

export async function insertQuestion(
  db: Db,
  values: {
    instanceId: string;
    eventId: string;
    participantId: string;
    text: string;
    anonymous: boolean;
    status: QaStatus;
  },
): Promise<{ id: string; createdAt: Date }> {
  return db
    .insertInto('qaQuestions')
    .values({ ...values, updatedAt: new Date() })
    .returning(['id', 'createdAt'])
    .executeTakeFirstOrThrow();
}

/**
 * The question a participant may upvote: APPROVED, of an OPEN instance of the event. Answers its
 * instance (undefined: none such).
 */
export async function upvotableQuestion(
  db: Db,
  eventId: string,
  questionId: string,
): Promise<{ instanceId: string; status: QaStatus; instanceStatus: string } | undefined> {
  return db
    .selectFrom('qaQuestions as q')
    .innerJoin('engagementInstances as i', 'i.id', 'q.instanceId')
    .select(['q.instanceId', 'q.status', 'i.status as instanceStatus'])
    .where('q.id', '=', questionId)
    .where('q.eventId', '=', eventId)
    .executeTakeFirst();
}

/**
 * Adds the participant's upvote (idempotent) and, only when the row is new, the count in the same
 * statement. Answers the count after.
 */
export async function addUpvote(db: Db, questionId: string, participantId: string): Promise<number> {
  const { rows } = await sql<{ upvoteCount: number }>`
    WITH added AS (
      INSERT INTO qa_upvotes (question_id, participant_id) VALUES (${questionId}, ${participantId})
      ON CONFLICT DO NOTHING RETURNING question_id
    ), bumped AS (
      UPDATE qa_questions SET upvote_count = upvote_count + 1
      WHERE id = ${questionId} AND EXISTS (SELECT 1 FROM added) RETURNING upvote_count
    )
    SELECT coalesce((SELECT upvote_count FROM bumped),
      (SELECT upvote_count FROM qa_questions WHERE id = ${questionId})) AS "upvoteCount"`.execute(db);
  return rows[0]?.upvoteCount ?? 0;
}

/** Removes the participant's upvote (idempotent), decrementing the count only when a row went. */
export async function removeUpvote(db: Db, questionId: string, participantId: string): Promise<number> {
  const { rows } = await sql<{ upvoteCount: number }>`
    WITH removed AS (
      DELETE FROM qa_upvotes WHERE question_id = ${questionId} AND participant_id = ${participantId}
      RETURNING question_id
    ), lowered AS (
      UPDATE qa_questions SET upvote_count = upvote_count - 1
      WHERE id = ${questionId} AND EXISTS (SELECT 1 FROM removed) RETURNING upvote_count
    )
    SELECT coalesce((SELECT upvote_count FROM lowered),
      (SELECT upvote_count FROM qa_questions WHERE id = ${questionId})) AS "upvoteCount"`.execute(db);
  return rows[0]?.upvoteCount ?? 0;
}

export type QuestionChange = Partial<
  Pick<QuestionRow, 'text' | 'originalText' | 'status' | 'starred' | 'highlighted' | 'answered'>
>;

export async function updateQuestion(db: Db, questionId: string, change: QuestionChange): Promise<void> {
  await db
    .updateTable('qaQuestions')
    .set({ ...change, updatedAt: new Date() })
    .where('id', '=', questionId)
    .execute();
}

/** At most one highlighted question per instance: the others lose it (answers their ids). */
export async function unhighlightOthers(db: Db, instanceId: string, questionId: string): Promise<string[]> {
  const rows = await db
    .updateTable('qaQuestions')
    .set({ highlighted: false, updatedAt: new Date() })
    .where('instanceId', '=', instanceId)
    .where('id', '!=', questionId)
    .where('highlighted', '=', true)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertReply(
  db: Db,
  values: { questionId: string; eventId: string; authorUserId: string; text: string },
): Promise<{ id: string; createdAt: Date }> {
  return db.insertInto('qaReplies').values(values).returning(['id', 'createdAt']).executeTakeFirstOrThrow();
}

/** Serialises highlights of one instance (so two at once still leave one highlighted). */
export async function lockInstanceForHighlight(tx: Db, instanceId: string): Promise<void> {
  await sql`SELECT 1 FROM engagement_instances WHERE id = ${instanceId} FOR NO KEY UPDATE`.execute(tx);
}

/** The instance's tool settings and kind (for the Q&A readers). */
export async function qaInstanceOf(db: Db, instanceId: string) {
  return db
    .selectFrom('engagementInstances as i')
    .innerJoin('engagementTools as t', 't.id', 'i.toolId')
    .select(['i.id', 't.settings', 't.type'])
    .where('i.id', '=', instanceId)
    .executeTakeFirst();
}
