import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { EngagementQuestionsTable } from '../../platform/db/schema.js';

/** A question of a tool, as answering and tallying need it. */
export interface QuestionRow {
  id: string;
  position: number;
  type: EngagementQuestionsTable['type'];
  text: string;
  required: boolean;
  options: { id: string; label: string }[];
  scaleMax: number | null;
  correctOptionIds: string[];
  points: number;
  timeLimitSec: number;
}

/** The tool's questions in their order (position, then id: the order quizzes ask them in). */
export async function toolQuestions(db: Db, toolId: string): Promise<QuestionRow[]> {
  return db
    .selectFrom('engagementQuestions')
    .select([
      'id',
      'position',
      'type',
      'text',
      'required',
      'options',
      'scaleMax',
      'correctOptionIds',
      'points',
      'timeLimitSec',
    ])
    .where('toolId', '=', toolId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * The instance's status, read under a share lock: a close (an UPDATE of the row) waits for the
 * votes already past this point and the votes after it see CLOSED, while votes do not block each other.
 */
export async function lockedStatus(tx: Db, instanceId: string): Promise<string | undefined> {
  const { rows } = await sql<{ status: string }>`
    SELECT status FROM engagement_instances WHERE id = ${instanceId} FOR SHARE`.execute(tx);
  return rows[0]?.status;
}

/**
 * Serialises one participant's submissions to one instance (a transaction-scoped advisory lock),
 * so "first submission" is decided once even when the same vote is sent twice at once.
 */
export async function lockParticipantInstance(
  tx: Db,
  instanceId: string,
  participantId: string,
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`answers:${instanceId}:${participantId}`}, 0))`.execute(
    tx,
  );
}

export async function hasAnswered(db: Db, instanceId: string, participantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('engagementAnswers')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where('participantId', '=', participantId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface AnswerWrite {
  questionId: string;
  optionIds: string[];
  text: string | null;
  word: string | null;
  value: number | null;
}

/**
 * One statement for every answer of a submission. The unique index (instance, question,
 * participant) decides: with `replace` a second answer overwrites the first (ON CONFLICT DO
 * UPDATE), else it is dropped (DO NOTHING). Answers the number of rows written.
 */
export async function writeAnswers(
  tx: Db,
  at: { instanceId: string; eventId: string; participantId: string; anonymous: boolean },
  answers: readonly AnswerWrite[],
  replace: boolean,
): Promise<number> {
  const rows = answers.map((a) => ({
    instanceId: at.instanceId,
    eventId: at.eventId,
    participantId: at.participantId,
    questionId: a.questionId,
    optionIds: JSON.stringify(a.optionIds),
    text: a.text,
    word: a.word,
    value: a.value,
    anonymous: at.anonymous,
    updatedAt: new Date(),
  }));
  const result = await tx
    .insertInto('engagementAnswers')
    .values(rows)
    .onConflict((oc) => {
      const target = oc.columns(['instanceId', 'questionId', 'participantId']);
      return replace
        ? target.doUpdateSet((eb) => ({
            optionIds: eb.ref('excluded.optionIds'),
            text: eb.ref('excluded.text'),
            word: eb.ref('excluded.word'),
            value: eb.ref('excluded.value'),
            anonymous: eb.ref('excluded.anonymous'),
            updatedAt: sql<Date>`now()`,
          }))
        : target.doNothing();
    })
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
