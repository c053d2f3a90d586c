import type { AnswerInput, QaBoardSort } from '@plenary/domain';
import type { LiveQuestion, QaQuestionView, Results } from './api';

/** What the participant has entered for one question. */
export interface Draft {
  optionIds: string[];
  text: string;
  value: number | null;
}
export const EMPTY_DRAFT: Draft = { optionIds: [], text: '', value: null };

export function isAnswered(question: Pick<LiveQuestion, 'type'>, draft: Draft | undefined): boolean {
  if (!draft) return false;
  switch (question.type) {
    case 'RADIOBOX':
    case 'CHECKBOX':
      return draft.optionIds.length > 0;
    case 'LINEAR_SCALE':
      return draft.value !== null;
    default:
      return draft.text.trim() !== '';
  }
}

/** The answers to send: one per answered question, in the questions' order. */
export function answersOf(
  questions: readonly Pick<LiveQuestion, 'id' | 'type'>[],
  drafts: Readonly<Record<string, Draft>>,
): AnswerInput[] {
  const out: AnswerInput[] = [];
  for (const q of questions) {
    const d = drafts[q.id];
    if (!d || !isAnswered(q, d)) continue;
    if (q.type === 'RADIOBOX' || q.type === 'CHECKBOX')
      out.push({ questionId: q.id, optionIds: d.optionIds, text: null, value: null });
    else if (q.type === 'LINEAR_SCALE')
      out.push({ questionId: q.id, optionIds: [], text: null, value: d.value });
    else out.push({ questionId: q.id, optionIds: [], text: d.text.trim(), value: null });
  }
  return out;
}

/**
 * The API's field errors by question id. Fields name either the position in the `answers` sent
 * (`answers.2.text`) or a question id; anything else is kept under '' (shown above the form).
 */
export function errorsByQuestion(
  fields: Readonly<Record<string, string>> | undefined,
  sent: readonly Pick<AnswerInput, 'questionId'>[],
  questionIds: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const byIndex = /^answers\.(\d+)(\.|$)/.exec(key);
    const sentQuestion = byIndex ? sent[Number(byIndex[1])]?.questionId : undefined;
    const named = questionIds.find((id) => key.includes(id));
    const target = sentQuestion ?? named ?? '';
    out[target] ??= message;
  }
  return out;
}

/** Drafts from the participant's stored answers (so a returning participant sees their vote). */
export function draftsFrom(
  myAnswers: Readonly<Record<string, { optionIds?: string[]; text?: string | null; value?: number | null }>>,
) {
  const out: Record<string, Draft> = {};
  for (const [id, a] of Object.entries(myAnswers))
    out[id] = { optionIds: a.optionIds ?? [], text: a.text ?? '', value: a.value ?? null };
  return out;
}

export interface ResultRow {
  optionId: string;
  label: string;
  count: number;
  /** Whole percent of the question's responses (0 when nobody answered). */
  percent: number;
}

/** One choice question's bars, in the options' order. */
export function resultRows(question: Pick<LiveQuestion, 'id' | 'options'>, results: Results | undefined) {
  const r = results?.questions.find((q) => q.questionId === question.id);
  const responses = r?.responses ?? 0;
  return question.options.map((o): ResultRow => {
    const count = r?.options.find((x) => x.optionId === o.id)?.count ?? 0;
    return {
      optionId: o.id,
      label: o.label,
      count,
      percent: responses === 0 ? 0 : Math.round((count / responses) * 100),
    };
  });
}

/**
 * The participant board: the highlighted question pinned first, then the open ones in the chosen
 * order; answered ones apart (same order).
 */
export function arrangeBoard(
  questions: readonly QaQuestionView[],
  sort: QaBoardSort,
): { pinned: QaQuestionView[]; open: QaQuestionView[]; answered: QaQuestionView[] } {
  const time = (q: QaQuestionView) => Date.parse(String(q.createdAt));
  const cmp = (a: QaQuestionView, b: QaQuestionView): number => {
    if (sort === 'MOST_VOTED') return b.upvotes - a.upvotes || time(b) - time(a);
    if (sort === 'NEWEST_LAST') return time(a) - time(b);
    return time(b) - time(a);
  };
  const sorted = [...questions].sort(cmp);
  return {
    pinned: sorted.filter((q) => q.highlighted && !q.answered),
    open: sorted.filter((q) => !q.highlighted && !q.answered),
    answered: sorted.filter((q) => q.answered),
  };
}

/** The board after this participant (un)did an upvote: their count changes by one. */
export function withUpvote<B extends { records: QaQuestionView[]; myUpvotes: string[] }>(
  board: B,
  questionId: string,
  on: boolean,
): B {
  const had = board.myUpvotes.includes(questionId);
  if (had === on) return board;
  return {
    ...board,
    myUpvotes: on ? [...board.myUpvotes, questionId] : board.myUpvotes.filter((id) => id !== questionId),
    records: board.records.map((q) =>
      q.id === questionId ? { ...q, upvotes: Math.max(0, q.upvotes + (on ? 1 : -1)) } : q,
    ),
  };
}

/**
 * Milliseconds left before the server's deadline, on the server's clock: the state said the server
 * read `serverNow` when this device received it at `receivedAt` (device clock); time since then is
 * measured on the device, so a device clock set wrong does not matter.
 */
export function msLeft(
  deadline: string | null,
  serverNow: string,
  receivedAt: number,
  deviceNow: number,
): number {
  if (deadline === null) return 0;
  const left = Date.parse(deadline) - Date.parse(serverNow) - (deviceNow - receivedAt);
  return Math.max(0, left);
}

/** The participant's place on the leaderboard, if they have one. */
export function ownEntry<E extends { participantId: string }>(
  entries: readonly E[],
  participantId: string | undefined,
) {
  return participantId ? entries.find((e) => e.participantId === participantId) : undefined;
}
