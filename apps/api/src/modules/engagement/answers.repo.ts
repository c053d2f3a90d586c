import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { keyedEventInsert, type KeyedEvent } from '../../platform/domain-events.repo.js';
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

export interface SubmitOutcome {
  /** False: the instance was not OPEN (nothing written). */
  open: boolean;
  /** The participant had answered this instance before (or a racing submission of theirs won). */
  replaced: boolean;
  /** Rows inserted or updated. */
  written: number;
}

/**
 * A submission as one statement, run on its own (a statement is atomic), so no lock is held across
 * a round trip to Node: the instance row is read FOR SHARE (a close waits for the statement, and a
 * statement after the close sees CLOSED), the answers are upserted by the unique index (instance,
 * question, participant) — replacing earlier ones when `replace`, else only when the participant
 * had answered nothing yet — and `answer.submitted` is written with its NOTIFY only for a first
 * submission: nothing answered before and every row freshly inserted (`xmax = 0`), so of two
 * identical submissions racing, the one that waited on the other's rows publishes nothing.
 */
export async function submitOnce(
  db: Db,
  at: { instanceId: string; eventId: string; participantId: string; anonymous: boolean },
  answers: readonly AnswerWrite[],
  replace: boolean,
  event: KeyedEvent,
): Promise<SubmitOutcome> {
  const rows = JSON.stringify(
    answers.map((a) => ({
      question_id: a.questionId,
      option_ids: a.optionIds,
      text: a.text,
      word: a.word,
      value: a.value,
    })),
  );
  const onConflict = replace
    ? sql`DO UPDATE SET option_ids = excluded.option_ids, text = excluded.text, word = excluded.word,
        value = excluded.value, anonymous = excluded.anonymous, updated_at = now()`
    : sql`DO NOTHING`;
  const { rows: result } = await sql<{
    open: boolean;
    answeredBefore: boolean;
    written: number;
    fresh: boolean;
  }>`
    WITH inst AS (
      SELECT id FROM engagement_instances WHERE id = ${at.instanceId} AND status = 'OPEN' FOR SHARE
    ), prior AS (
      SELECT EXISTS (SELECT 1 FROM engagement_answers
        WHERE instance_id = ${at.instanceId} AND participant_id = ${at.participantId}) AS answered
    ), written AS (
      INSERT INTO engagement_answers
        (instance_id, question_id, event_id, participant_id, option_ids, text, word, value, anonymous)
      SELECT inst.id, v.question_id, ${at.eventId}, ${at.participantId}, v.option_ids, v.text, v.word,
        v.value, ${at.anonymous}
      FROM inst, prior,
        jsonb_to_recordset(${rows}::jsonb) AS v(question_id uuid, option_ids jsonb, text text, word text, value int)
      WHERE ${replace} OR NOT prior.answered
      ON CONFLICT (instance_id, question_id, participant_id) ${onConflict}
      RETURNING (xmax = 0) AS inserted
    ), first AS (
      SELECT 'first'::text AS key FROM prior
      WHERE NOT prior.answered AND EXISTS (SELECT 1 FROM written)
        AND NOT EXISTS (SELECT 1 FROM written WHERE NOT inserted)
    ), published AS (${keyedEventInsert(event, 'first', 'key')})
    SELECT EXISTS (SELECT 1 FROM inst) AS open, prior.answered AS answered_before,
      (SELECT count(*)::int FROM written) AS written, EXISTS (SELECT 1 FROM published) AS fresh
    FROM prior`.execute(db);
  const row = result[0]!;
  return { open: row.open, replaced: !row.fresh && row.written > 0, written: row.written };
}
