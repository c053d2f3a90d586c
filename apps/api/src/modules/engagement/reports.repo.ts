import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { PARTICIPANT_NAME } from './results.repo.js';

/** Instances of a tool with their session, oldest first. */
export async function toolInstances(
  db: Db,
  toolId: string,
): Promise<{ id: string; sessionName: string; openedAt: Date | null }[]> {
  return db
    .selectFrom('engagementInstances as i')
    .innerJoin('sessions as s', 's.id', 'i.sessionId')
    .select(['i.id', 's.name as sessionName', 'i.openedAt'])
    .where('i.toolId', '=', toolId)
    .orderBy('i.createdAt')
    .orderBy('i.id')
    .execute();
}

export interface AnswerReportRow {
  instanceId: string;
  participantId: string;
  questionId: string;
  optionIds: string[];
  text: string | null;
  value: number | null;
  anonymous: boolean;
  /** Null for anonymous answers: never read for them. */
  name: string | null;
  email: string | null;
  createdAt: Date;
  correct: boolean | null;
  points: number;
}

/** Every answer of the tool's instances; names and e-mails only of answers that are not anonymous. */
export async function toolAnswers(db: Db, toolId: string): Promise<AnswerReportRow[]> {
  const { rows } = await sql<AnswerReportRow>`
    SELECT a.instance_id, a.participant_id, a.question_id, a.option_ids, a.text, a.value, a.anonymous,
           CASE WHEN a.anonymous THEN NULL ELSE ${PARTICIPANT_NAME} END AS name,
           CASE WHEN a.anonymous THEN NULL ELSE coalesce(nullif(p.email, ''), u.email) END AS email,
           a.created_at, a.correct, a.points
      FROM engagement_answers a
      JOIN engagement_instances i ON i.id = a.instance_id
      JOIN participants p ON p.id = a.participant_id JOIN users u ON u.id = p.user_id
     WHERE i.tool_id = ${toolId}
     ORDER BY a.instance_id, a.created_at, a.participant_id`.execute(db);
  return rows;
}

export interface QaReportRow {
  sessionName: string;
  text: string;
  anonymous: boolean;
  name: string | null;
  email: string | null;
  status: string;
  upvoteCount: number;
  answered: boolean;
  highlighted: boolean;
  createdAt: Date;
  replies: string | null;
}

/** The Q&A questions of the tool's instances (read only: the Q&A module writes them). */
export async function qaQuestions(db: Db, toolId: string): Promise<QaReportRow[]> {
  const { rows } = await sql<QaReportRow>`
    SELECT s.name AS session_name, q.text, q.anonymous,
           CASE WHEN q.anonymous THEN NULL ELSE ${PARTICIPANT_NAME} END AS name,
           CASE WHEN q.anonymous THEN NULL ELSE coalesce(nullif(p.email, ''), u.email) END AS email,
           q.status, q.upvote_count, q.answered, q.highlighted, q.created_at,
           (SELECT string_agg(r.text, ' | ' ORDER BY r.created_at) FROM qa_replies r WHERE r.question_id = q.id) AS replies
      FROM qa_questions q
      JOIN engagement_instances i ON i.id = q.instance_id
      JOIN sessions s ON s.id = i.session_id
      JOIN participants p ON p.id = q.participant_id JOIN users u ON u.id = p.user_id
     WHERE i.tool_id = ${toolId}
     ORDER BY i.created_at, q.created_at, q.id`.execute(db);
  return rows;
}
