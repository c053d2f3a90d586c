import type { InstanceResults, QuestionResult, ToolResults } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import type { EventAccess } from '../../platform/event-access.js';
import { fieldsError } from '../../platform/http.js';
import { MESSAGES } from '@plenary/domain';
import * as answers from './answers.repo.js';
import { ANSWERED_KINDS, settingsOf, WRONG_TOOL } from './answers.service.js';
import * as access from './instance-access.repo.js';
import type { ParticipantInstance, StaffInstance } from './instance-access.js';
import * as repo from './results.repo.js';

/** Every question with its tallies; options and scale values with no vote are there with 0. */
function questionResults(questions: readonly answers.QuestionRow[], t: repo.TallyRows): QuestionResult[] {
  return questions.map((q) => {
    const count = <T extends { questionId: string }>(rows: T[], match: (r: T) => boolean) =>
      rows.find((r) => r.questionId === q.id && match(r)) as (T & { count: number }) | undefined;
    return {
      questionId: q.id,
      responses: count(t.responses, () => true)?.count ?? 0,
      options: q.options.map((o) => ({
        optionId: o.id,
        count: count(t.options, (r) => r.optionId === o.id)?.count ?? 0,
      })),
      scale:
        q.type === 'LINEAR_SCALE' && q.scaleMax !== null
          ? Array.from({ length: q.scaleMax }, (_, i) => ({
              value: i + 1,
              count: count(t.scale, (r) => r.value === i + 1)?.count ?? 0,
            }))
          : [],
      words: t.words.filter((w) => w.questionId === q.id).map((w) => ({ text: w.text, count: w.count })),
    };
  });
}

/** The results of one instance (also the `engagement.results` payload). */
export async function instanceResults(
  db: Db,
  instance: { id: string; toolId: string },
): Promise<InstanceResults> {
  const [questions, t] = await Promise.all([
    answers.toolQuestions(db, instance.toolId),
    repo.tallies(db, { instanceId: instance.id }),
  ]);
  return {
    instanceId: instance.id,
    toolId: instance.toolId,
    respondents: t.respondents,
    questions: questionResults(questions, t),
  };
}

/** The coalesced reader of `engagement.results` (topic = instance id). */
export const resultsReader = (db: Db) => async (_room: string, instanceId: string) => {
  const instance = await access.findInstanceScope(db, instanceId);
  return instance ? instanceResults(db, instance) : undefined;
};

/** Staff: an instance's results, whatever the tool's settings. */
export async function staffResults(db: Db, staff: StaffInstance, toolId: string): Promise<InstanceResults> {
  if (staff.instance.toolId !== toolId) throw notFound();
  return instanceResults(db, staff.instance);
}

/**
 * A participant: the results of a poll or survey whose tool shows them to participants, once they
 * have answered it (403 before, and when the tool keeps its results to staff).
 */
export async function participantResults(db: Db, p: ParticipantInstance): Promise<InstanceResults> {
  const { instance } = p;
  if (!(ANSWERED_KINDS as readonly string[]).includes(instance.toolType)) throw conflict(WRONG_TOOL);
  if (!settingsOf(instance).showResultsToParticipants) throw forbidden(MESSAGES.forbidden);
  if (!(await answers.hasAnswered(db, instance.id, p.participantId))) throw forbidden(MESSAGES.forbidden);
  return instanceResults(db, instance);
}

/** Staff (admins and moderators): a tool's results over all its instances. */
export async function toolResults(db: Db, event: EventAccess, toolId: string): Promise<ToolResults> {
  const tool = await repo.findTool(db, event.event.id, toolId);
  if (!tool) throw notFound();
  const [questions, t, instanceCount] = await Promise.all([
    answers.toolQuestions(db, tool.id),
    repo.tallies(db, { toolId: tool.id }),
    repo.instanceCount(db, tool.id),
  ]);
  return {
    toolId: tool.id,
    instanceCount,
    respondents: t.respondents,
    questions: questionResults(questions, t),
  };
}

/**
 * Staff: the free-text answers of a question of the instance, newest first (authors hidden when
 * anonymous; in word clouds, profane answers left out — they stay in the reports, for the record).
 */
export async function textAnswers(
  db: Db,
  staff: StaffInstance,
  toolId: string,
  query: { questionId: string; page: number; limit: number },
) {
  if (staff.instance.toolId !== toolId) throw notFound();
  const questions = await answers.toolQuestions(db, toolId);
  if (!questions.some((q) => q.id === query.questionId)) throw fieldsError({ questionId: MESSAGES.notFound });
  const page = await repo.textAnswers(
    db,
    staff.instance.id,
    query.questionId,
    {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    },
    settingsOf(staff.instance).wordCloud,
  );
  return {
    total: page.total,
    records: page.records.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}
