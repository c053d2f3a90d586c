import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { QuizPhase } from '@plenary/domain';
import { PARTICIPANT_NAME } from './results.repo.js';

export interface QuizRow {
  status: string;
  phase: QuizPhase;
  questionIndex: number | null;
  startedAt: Date | null;
  deadline: Date | null;
  /** The database's clock now. */
  now: Date;
}

export async function quizRow(db: Db, instanceId: string): Promise<QuizRow | undefined> {
  const { rows } = await sql<QuizRow>`
    SELECT status, quiz_phase AS phase, quiz_question_index AS question_index, quiz_started_at AS started_at,
           quiz_deadline AS deadline, clock_timestamp() AS now
      FROM engagement_instances WHERE id = ${instanceId}`.execute(db);
  return rows[0];
}

/**
 * Moves the quiz on, if it is still where the caller saw it (`from`): a concurrent move makes this
 * one change nothing. A new question starts now and ends `timeLimitSec` later, both by the
 * database's clock. Answers whether the row changed.
 */
export async function moveQuiz(
  db: Db,
  instanceId: string,
  from: { phase: QuizPhase; questionIndex: number | null },
  to: { phase: QuizPhase; questionIndex: number | null; timeLimitSec?: number },
): Promise<boolean> {
  const start =
    to.timeLimitSec === undefined
      ? sql``
      : sql`, quiz_started_at = clock_timestamp(), quiz_deadline = clock_timestamp() + make_interval(secs => ${to.timeLimitSec})`;
  const result = await sql`
    UPDATE engagement_instances
       SET quiz_phase = ${to.phase}, quiz_question_index = ${to.questionIndex}, updated_at = now() ${start}
     WHERE id = ${instanceId} AND status = 'OPEN'
       AND quiz_phase = ${from.phase} AND quiz_question_index IS NOT DISTINCT FROM ${from.questionIndex}::int`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0) === 1;
}

/**
 * A participant's answer to the question being asked, in one statement that checks, by the
 * database's clock, that the instance is OPEN, asks this question (`questionIndex`) and its deadline
 * has not passed; `elapsed_ms` is measured from the question's start. The unique index keeps one
 * answer per question. Answers the stored row, or nothing when refused.
 */
export async function insertQuizAnswer(
  tx: Db,
  a: {
    instanceId: string;
    questionId: string;
    questionIndex: number;
    participantId: string;
    optionIds: string[];
    anonymous: boolean;
    correct: boolean;
  },
): Promise<{ id: string; elapsedMs: number } | undefined> {
  const { rows } = await sql<{ id: string; elapsedMs: number }>`
    INSERT INTO engagement_answers
      (instance_id, question_id, event_id, participant_id, option_ids, anonymous, correct, points, elapsed_ms, created_at, updated_at)
    SELECT i.id, ${a.questionId}, i.event_id, ${a.participantId}, ${JSON.stringify(a.optionIds)}::jsonb, ${a.anonymous},
           ${a.correct}, 0, greatest(0, floor(extract(epoch FROM (c.at - i.quiz_started_at)) * 1000))::int, c.at, c.at
      FROM engagement_instances i CROSS JOIN (SELECT clock_timestamp() AS at) c
     WHERE i.id = ${a.instanceId} AND i.status = 'OPEN' AND i.quiz_phase = 'QUESTION'
       AND i.quiz_question_index = ${a.questionIndex} AND c.at <= i.quiz_deadline
    ON CONFLICT (instance_id, question_id, participant_id) DO NOTHING
    RETURNING id, elapsed_ms`.execute(tx);
  return rows[0];
}

export async function setPoints(tx: Db, answerId: string, points: number): Promise<void> {
  await tx.updateTable('engagementAnswers').set({ points }).where('id', '=', answerId).execute();
}

export async function answeredQuestion(
  db: Db,
  instanceId: string,
  questionId: string,
  participantId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('engagementAnswers')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where('questionId', '=', questionId)
    .where('participantId', '=', participantId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface LeaderRow {
  rank: number;
  participantId: string;
  name: string;
  email: string;
  anonymous: boolean;
  /** The order of joining (first answer): anonymous players are 'Player <n>'. */
  playerNumber: number;
  points: number;
  correct: number;
}

/** Points per participant (ties share a rank), best first; `limit` null for every row. */
export async function leaderboard(db: Db, instanceId: string, limit: number | null): Promise<LeaderRow[]> {
  const { rows } = await sql<LeaderRow>`
    SELECT rank() OVER (ORDER BY s.points DESC)::int AS rank, s.participant_id, ${PARTICIPANT_NAME} AS name, u.email,
           s.anonymous, s.player_number, s.points, s.correct
      FROM (
        SELECT participant_id, sum(points)::int AS points, (count(*) FILTER (WHERE correct))::int AS correct,
               bool_or(anonymous) AS anonymous,
               (row_number() OVER (ORDER BY min(created_at), participant_id))::int AS player_number
          FROM engagement_answers WHERE instance_id = ${instanceId} GROUP BY participant_id
      ) s
      JOIN participants p ON p.id = s.participant_id JOIN users u ON u.id = p.user_id
     ORDER BY s.points DESC, s.player_number
     ${limit === null ? sql`` : sql`LIMIT ${limit}`}`.execute(db);
  return rows;
}

/** Points per participant and question, for the quiz report. */
export async function pointsByQuestion(
  db: Db,
  instanceId: string,
): Promise<{ participantId: string; questionId: string; points: number; correct: boolean | null }[]> {
  return db
    .selectFrom('engagementAnswers')
    .select(['participantId', 'questionId', 'points', 'correct'])
    .where('instanceId', '=', instanceId)
    .execute();
}
