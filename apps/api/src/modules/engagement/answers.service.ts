import {
  ENGAGEMENT_MESSAGES,
  MESSAGES,
  normaliseWord,
  TEXT_FIELD_MAX_LENGTH,
  TEXTBOX_MAX_LENGTH,
  toolSettingsSchema,
  type SubmitAnswers,
  type ToolSettings,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { prepareKeyed } from '../../platform/domain-events.js';
import { conflict } from '../../platform/errors.js';
import { fieldsError } from '../../platform/http.js';
import { rooms } from '../../platform/realtime.js';
import * as repo from './answers.repo.js';
import type { ParticipantInstance } from './instance-access.js';
import type { InstanceRow } from './instance-access.js';
import { isProfane } from './profanity.js';

type Deps = Pick<AppDeps, 'db' | 'realtime'>;

/** Tools that take answers on POST …/answers (quizzes, Q&A and documents have routes of their own). */
export const ANSWERED_KINDS = ['POLL', 'SURVEY'] as const;
export const WRONG_TOOL = 'This tool does not take answers here';

export const settingsOf = (instance: Pick<InstanceRow, 'settings'>): ToolSettings =>
  toolSettingsSchema.parse(instance.settings ?? {});

/** Whether the answers are stored anonymously, or the 400 for asking what the tool does not allow. */
export function anonymityOf(instance: Pick<InstanceRow, 'anonymity'>, asked: boolean): boolean {
  if (instance.anonymity === 'ANONYMOUS') return true;
  if (instance.anonymity === 'ALLOW_ANONYMOUS') return asked;
  if (asked) throw fieldsError({ anonymous: ENGAGEMENT_MESSAGES.anonymousNotAllowed });
  return false;
}

/**
 * Checks every answer against its question and answers what is stored: 400 with `fields` keyed
 * `answers.<i>.<field>` for the first problem of each answer, and `questions.<questionId>` for each
 * required survey question left out.
 */
export function validateAnswers(
  kind: string,
  settings: ToolSettings,
  questions: readonly repo.QuestionRow[],
  answers: SubmitAnswers['answers'],
): repo.AnswerWrite[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  const out: repo.AnswerWrite[] = [];
  answers.forEach((a, i) => {
    const at = (field: string, message: string) => {
      fields[`answers.${i}.${field}`] ??= message;
    };
    const q = byId.get(a.questionId);
    if (!q) return at('questionId', MESSAGES.notFound);
    if (seen.has(q.id)) return at('questionId', ENGAGEMENT_MESSAGES.alreadyAnswered);
    seen.add(q.id);
    const write: repo.AnswerWrite = { questionId: q.id, optionIds: [], text: null, word: null, value: null };
    switch (q.type) {
      case 'RADIOBOX':
      case 'CHECKBOX': {
        const ids = new Set(q.options.map((o) => o.id));
        const chosen = [...new Set(a.optionIds)];
        if (chosen.length === 0) return at('optionIds', MESSAGES.pleaseSelectValue);
        if (q.type === 'RADIOBOX' && chosen.length !== 1)
          return at('optionIds', ENGAGEMENT_MESSAGES.unknownOption);
        if (chosen.some((id) => !ids.has(id))) return at('optionIds', ENGAGEMENT_MESSAGES.unknownOption);
        // Stored in the question's order of options, so equal answers look the same.
        write.optionIds = q.options.map((o) => o.id).filter((id) => chosen.includes(id));
        break;
      }
      case 'LINEAR_SCALE':
        if (a.value === null || q.scaleMax === null || a.value < 1 || a.value > q.scaleMax)
          return at('value', ENGAGEMENT_MESSAGES.scaleOutOfRange);
        write.value = a.value;
        break;
      case 'TEXTBOX':
      case 'TEXT_FIELD': {
        const text = (a.text ?? '').trim();
        if (text.length === 0) return at('text', MESSAGES.pleaseEnterValue);
        const max = q.type === 'TEXT_FIELD' ? TEXT_FIELD_MAX_LENGTH : TEXTBOX_MAX_LENGTH;
        if (text.length > max) return at('text', MESSAGES.maxLength);
        if (q.type === 'TEXT_FIELD' && /[\r\n]/.test(text)) return at('text', MESSAGES.pleaseEnterValue);
        write.text = text;
        if (kind === 'POLL' && settings.wordCloud) {
          const word = normaliseWord(text);
          if (word === undefined) return at('text', ENGAGEMENT_MESSAGES.wordTooLong);
          // A profane word is kept for the record but never shown nor tallied.
          write.word = isProfane(word) ? null : word;
        }
        break;
      }
    }
    out.push(write);
  });
  if (kind === 'SURVEY') {
    const missing = questions.filter((q) => q.required && !seen.has(q.id));
    if (missing.length > 0 && Object.keys(fields).length === 0)
      for (const q of missing) fields[`questions.${q.id}`] = MESSAGES.required;
  }
  if (Object.keys(fields).length > 0) throw fieldsError(fields);
  return out;
}

/**
 * After a commit that changed an instance's answers: the new tallies, coalesced, to the staff
 * (moderator-queue room: results screens, console) always, and to the engagement room (where
 * participants are) only when the tool shows its results to participants — a participant's
 * socket never receives tallies the tool keeps to staff.
 */
export function announceResults(
  deps: Pick<AppDeps, 'realtime'>,
  instanceId: string,
  settings: Pick<ToolSettings, 'showResultsToParticipants'>,
): void {
  deps.realtime.publishLatest(rooms.moderatorQueue(instanceId), 'engagement.results', instanceId);
  if (settings.showResultsToParticipants)
    deps.realtime.publishLatest(rooms.engagement(instanceId), 'engagement.results', instanceId);
}

/**
 * POST …/instances/{instanceId}/answers: a poll vote or a survey submission. The instance must be
 * OPEN when the write happens (read under a share lock in the same transaction: a close racing the
 * vote either waits for it or refuses it). A participant's first submission publishes
 * `answer.submitted`; after the commit the results screens get the new tallies (coalesced).
 */
export async function submitAnswers(
  deps: Deps,
  access: ParticipantInstance,
  body: SubmitAnswers,
): Promise<{ accepted: true; replaced: boolean }> {
  const { instance, participantId } = access;
  if (!(ANSWERED_KINDS as readonly string[]).includes(instance.toolType)) throw conflict(WRONG_TOOL);
  const settings = settingsOf(instance);
  const anonymous = anonymityOf(instance, body.anonymous);
  const questions = await repo.toolQuestions(deps.db, instance.toolId);
  const writes = validateAnswers(instance.toolType, settings, questions, body.answers);

  const event = prepareKeyed({
    first: {
      name: 'answer.submitted',
      payload: {
        eventId: instance.eventId,
        sessionId: instance.sessionId,
        toolId: instance.toolId,
        instanceId: instance.id,
        participantId,
        kind: instance.toolType as 'POLL' | 'SURVEY',
      },
    },
  });
  const outcome = await repo.submitOnce(
    deps.db,
    { instanceId: instance.id, eventId: instance.eventId, participantId, anonymous },
    writes,
    settings.allowChangeAnswer,
    event,
  );
  if (!outcome.open) throw conflict(ENGAGEMENT_MESSAGES.notOpen);
  if (outcome.written < writes.length) throw conflict(ENGAGEMENT_MESSAGES.alreadyAnswered);
  const replaced = outcome.replaced;
  announceResults(deps, instance.id, settings);
  return { accepted: true, replaced };
}
