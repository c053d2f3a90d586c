import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ENGAGEMENT_MESSAGES,
  MESSAGES,
  quizPoints,
  quizStateSchema,
  type QuizLeaderboard,
  type QuizPhase,
  type QuizState,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/index.js';
import { publish } from '../../platform/domain-events.js';
import { conflict, HttpError, notFound } from '../../platform/errors.js';
import { fieldsError } from '../../platform/http.js';
import { rooms } from '../../platform/realtime.js';
import * as answers from './answers.repo.js';
import { anonymityOf } from './answers.service.js';
import * as access from './instance-access.repo.js';
import {
  participantInstance,
  staffInstance,
  type InstanceRow,
  type ParticipantInstance,
  type StaffInstance,
} from './instance-access.js';
import * as repo from './quiz.repo.js';

type Deps = Pick<AppDeps, 'db' | 'realtime'>;

export const NOT_A_QUIZ = 'This is not a quiz';
/** Players on the leaderboard (screens and the realtime message); the report has everyone. */
export const LEADERBOARD_SIZE = 50;

const notQuiz = (instance: InstanceRow) => {
  if (instance.toolType !== 'QUIZ') throw conflict(NOT_A_QUIZ);
};

/** Staff of the session, else a participant who may take part (GET quiz state and leaderboard). */
export async function anyInstance(
  db: Db,
  request: FastifyRequest,
  eventId: string,
  instanceId: string,
): Promise<StaffInstance | ParticipantInstance> {
  try {
    return await staffInstance(db, request, eventId, instanceId);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 403)
      return participantInstance(db, request, eventId, instanceId);
    throw err;
  }
}

export async function quizState(db: Db, instance: InstanceRow): Promise<QuizState> {
  notQuiz(instance);
  const [row, questions] = await Promise.all([
    repo.quizRow(db, instance.id),
    answers.toolQuestions(db, instance.toolId),
  ]);
  if (!row) throw notFound();
  return {
    instanceId: instance.id,
    phase: row.phase,
    questionIndex: row.questionIndex,
    questionId: row.questionIndex === null ? null : (questions[row.questionIndex]?.id ?? null),
    questionCount: questions.length,
    startedAt: row.startedAt,
    deadline: row.deadline,
    serverNow: row.now,
  };
}

/**
 * PUT …/quiz (staff): NEXT_QUESTION asks the next question (from the lobby, a question or its
 * leaderboard; 409 after the last), SHOW_LEADERBOARD ends the question early and shows the
 * standings (from a question), FINISH ends the quiz. Only while the instance is OPEN. Every move
 * goes to the engagement room as `quiz.state`.
 */
export async function moveQuiz(
  deps: Deps,
  staff: StaffInstance,
  toolId: string,
  action: 'NEXT_QUESTION' | 'SHOW_LEADERBOARD' | 'FINISH',
): Promise<QuizState> {
  const { instance } = staff;
  if (instance.toolId !== toolId) throw notFound();
  notQuiz(instance);
  const [row, questions] = await Promise.all([
    repo.quizRow(deps.db, instance.id),
    answers.toolQuestions(deps.db, instance.toolId),
  ]);
  if (!row) throw notFound();
  if (row.status !== 'OPEN') throw conflict(ENGAGEMENT_MESSAGES.notOpen);
  const from = { phase: row.phase, questionIndex: row.questionIndex };
  let to: { phase: QuizPhase; questionIndex: number | null; timeLimitSec?: number };
  const invalid = () => conflict(ENGAGEMENT_MESSAGES.invalidTransition);
  switch (action) {
    case 'NEXT_QUESTION': {
      const next = row.questionIndex === null ? 0 : row.questionIndex + 1;
      const question = questions[next];
      if (row.phase === 'FINISHED' || !question) throw invalid();
      to = { phase: 'QUESTION', questionIndex: next, timeLimitSec: question.timeLimitSec };
      break;
    }
    case 'SHOW_LEADERBOARD':
      if (row.phase !== 'QUESTION' && row.phase !== 'LEADERBOARD') throw invalid();
      to = { phase: 'LEADERBOARD', questionIndex: row.questionIndex };
      break;
    case 'FINISH':
      to = { phase: 'FINISHED', questionIndex: row.questionIndex };
      break;
  }
  if (!(await repo.moveQuiz(deps.db, instance.id, from, to))) {
    // Moved by someone else meanwhile (or closed): what it is now decides.
    const now = await repo.quizRow(deps.db, instance.id);
    if (now?.status !== 'OPEN') throw conflict(ENGAGEMENT_MESSAGES.notOpen);
    if (!(now.phase === to.phase && now.questionIndex === to.questionIndex)) throw invalid();
  }
  const state = await quizState(deps.db, instance);
  deps.realtime.emit(rooms.engagement(instance.id), 'quiz.state', z.encode(quizStateSchema, state));
  if (to.phase !== 'QUESTION')
    deps.realtime.publishLatest(rooms.engagement(instance.id), 'quiz.leaderboard', instance.id);
  return state;
}

/**
 * POST …/quiz/answers: the answer to the question being asked. Accepted only for that question,
 * while the quiz is in its QUESTION phase and the database's clock is not past the deadline, all in
 * the statement that stores it (an answer 1 ms late is refused, whatever the client's clock says);
 * points per the domain's `quizPoints` from the elapsed time the database measured. One answer per
 * question (a second: 409). The leaderboard follows, coalesced.
 */
export async function answerQuiz(
  deps: Deps,
  p: ParticipantInstance,
  body: { questionId: string; optionIds: string[] },
): Promise<{ accepted: true }> {
  const { instance, participantId } = p;
  notQuiz(instance);
  const questions = await answers.toolQuestions(deps.db, instance.toolId);
  const index = questions.findIndex((q) => q.id === body.questionId);
  const question = questions[index];
  if (!question) throw fieldsError({ questionId: MESSAGES.notFound });
  const chosen = [...new Set(body.optionIds)];
  const optionIds = question.options.map((o) => o.id);
  if (chosen.some((id) => !optionIds.includes(id)) || (question.type === 'RADIOBOX' && chosen.length !== 1))
    throw fieldsError({ optionIds: ENGAGEMENT_MESSAGES.unknownOption });
  const correctIds = new Set(question.correctOptionIds);
  const correct = chosen.length === correctIds.size && chosen.every((id) => correctIds.has(id));
  const anonymous = anonymityOf(instance, instance.anonymity === 'ANONYMOUS');

  const stored = await deps.db.transaction().execute(async (tx) => {
    const row = await repo.insertQuizAnswer(tx, {
      instanceId: instance.id,
      questionId: question.id,
      questionIndex: index,
      participantId,
      optionIds: optionIds.filter((id) => chosen.includes(id)),
      anonymous,
      correct,
    });
    if (!row) return undefined;
    await repo.setPoints(
      tx,
      row.id,
      quizPoints(correct, row.elapsedMs, question.timeLimitSec * 1000, question.points),
    );
    await publish(tx, {
      name: 'answer.submitted',
      payload: {
        eventId: instance.eventId,
        sessionId: instance.sessionId,
        toolId: instance.toolId,
        instanceId: instance.id,
        participantId,
        kind: 'QUIZ',
        questionId: question.id,
        correct,
      },
    });
    return row;
  });
  if (!stored) throw await refusal(deps.db, instance.id, index, question.id, participantId);
  deps.realtime.publishLatest(rooms.engagement(instance.id), 'quiz.leaderboard', instance.id);
  return { accepted: true };
}

/** Why the insert stored nothing (the insert decided; this only names the reason). */
async function refusal(
  db: Db,
  instanceId: string,
  index: number,
  questionId: string,
  participantId: string,
): Promise<HttpError> {
  if (await repo.answeredQuestion(db, instanceId, questionId, participantId))
    return conflict(ENGAGEMENT_MESSAGES.alreadyAnswered);
  const row = await repo.quizRow(db, instanceId);
  if (!row || row.status !== 'OPEN') return conflict(ENGAGEMENT_MESSAGES.notOpen);
  if (row.phase !== 'QUESTION' || row.questionIndex !== index)
    return conflict(ENGAGEMENT_MESSAGES.notCurrentQuestion);
  return conflict(ENGAGEMENT_MESSAGES.tooLate);
}

/**
 * The standings: points summed per participant, ties sharing a rank. Names are the participants'
 * own, except in an anonymous quiz (or an answer given anonymously): 'Player <n>', n being the
 * order in which they first answered (stable for the whole quiz).
 */
export async function leaderboard(db: Db, instance: Pick<InstanceRow, 'id'>): Promise<QuizLeaderboard> {
  const rows = await repo.leaderboard(db, instance.id, LEADERBOARD_SIZE);
  return {
    instanceId: instance.id,
    entries: rows.map((r) => ({
      rank: r.rank,
      participantId: r.participantId,
      name: r.anonymous ? playerName(r.playerNumber) : r.name,
      points: r.points,
      correct: r.correct,
    })),
  };
}
export const playerName = (n: number) => `Player ${n}`;

export async function quizLeaderboard(db: Db, instance: InstanceRow): Promise<QuizLeaderboard> {
  notQuiz(instance);
  return leaderboard(db, instance);
}

/** The coalesced reader of `quiz.leaderboard` (topic = instance id). */
export const leaderboardReader = (db: Db) => async (_room: string, instanceId: string) => {
  const instance = await access.findInstanceScope(db, instanceId);
  return instance?.toolType === 'QUIZ' ? leaderboard(db, instance) : undefined;
};
