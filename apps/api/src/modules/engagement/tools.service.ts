import { randomBytes } from 'node:crypto';
import {
  CONTENT_NAME_MAX_LENGTH,
  DEFAULT_TOOL_SETTINGS,
  ENGAGEMENT_MESSAGES,
  isChoice,
  MESSAGES,
  rooms,
  toolSettingsSchema,
  type CreateTool,
  type EngagementKind,
  type EngagementTool,
  type QuestionInput,
  type UpdateTool,
} from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/index.js';
import type { EventAccess } from '../../platform/event-access.js';
import { notFound } from '../../platform/errors.js';
import { fieldsError } from '../../platform/http.js';
import { validateAudience } from '../agenda/index.js';
import * as repo from './tools.repo.js';

const ENTITY = 'engagementTool';

export type ToolDeps = Pick<AppDeps, 'db' | 'realtime'>;

export async function getTool(db: Db, eventId: string, id: string): Promise<EngagementTool> {
  const record = await repo.toolList.byId(db, eventId, id);
  if (!record) throw notFound();
  return record;
}

/** A short option id (unique within its question). */
const optionId = () => randomBytes(6).toString('base64url').replace(/[_]/g, 'x').toLowerCase().slice(0, 8);

/**
 * The questions as stored: ids of existing questions kept (others → 400), option ids kept or
 * generated, `correctOptionIndexes` → `correctOptionIds` (quizzes only). A quiz question must be a
 * single or multiple choice with at least one correct option.
 */
export function questionValues(
  type: EngagementKind,
  questions: readonly QuestionInput[],
  existingIds: ReadonlySet<string>,
): repo.QuestionValues[] {
  const fields: Record<string, string> = {};
  const seenQuestions = new Set<string>();
  const values = questions.map((q, i): repo.QuestionValues => {
    const at = `questions.${i}`;
    if (q.id !== undefined && (!existingIds.has(q.id) || seenQuestions.has(q.id)))
      fields[`${at}.id`] = MESSAGES.pleaseSelectValue;
    if (q.id) seenQuestions.add(q.id);
    const given = new Set(q.options.flatMap((o) => (o.id ? [o.id] : [])));
    const used = new Set<string>();
    const options = (isChoice(q.type) ? q.options : []).map((o, j) => {
      let id = o.id;
      if (id !== undefined && used.has(id)) fields[`${at}.options.${j}.id`] = MESSAGES.pleaseSelectValue;
      while (id === undefined || (o.id === undefined && (used.has(id) || given.has(id)))) id = optionId();
      used.add(id);
      return { id, label: o.label };
    });
    if (type === 'QUIZ') {
      if (!isChoice(q.type)) fields[`${at}.type`] = ENGAGEMENT_MESSAGES.invalidCorrectAnswer;
      else if (q.correctOptionIndexes.length === 0)
        fields[`${at}.correctOptionIndexes`] = ENGAGEMENT_MESSAGES.invalidCorrectAnswer;
    }
    return {
      ...(q.id ? { id: q.id } : {}),
      position: i,
      type: q.type,
      text: q.text,
      required: q.required,
      options,
      scaleMax: q.type === 'LINEAR_SCALE' ? q.scaleMax : null,
      scaleMinLabel: q.type === 'LINEAR_SCALE' ? q.scaleMinLabel : '',
      scaleMaxLabel: q.type === 'LINEAR_SCALE' ? q.scaleMaxLabel : '',
      correctOptionIds:
        type === 'QUIZ' ? [...new Set(q.correctOptionIndexes)].sort().map((k) => options[k]!.id) : [],
      points: q.points,
      timeLimitSec: q.timeLimitSec,
    };
  });
  if (Object.keys(fields).length > 0) throw fieldsError(fields);
  return values;
}

/** Sessions and the material named belong to the event ('Please select value' on the field otherwise). */
async function checkReferences(
  db: Db,
  eventId: string,
  body: { sessionIds?: string[] | undefined; materialId?: string | null | undefined },
): Promise<void> {
  const fields: Record<string, string> = {};
  if (body.sessionIds?.length) {
    const found = new Set(await repo.sessionIdsOfEvent(db, eventId, [...new Set(body.sessionIds)]));
    const bad = body.sessionIds.findIndex((id) => !found.has(id));
    if (bad >= 0) fields[`sessionIds.${bad}`] = MESSAGES.pleaseSelectValue;
  }
  if (body.materialId) {
    if (!(await repo.materialOfEvent(db, eventId, body.materialId)))
      fields.materialId = MESSAGES.pleaseSelectValue;
  }
  if (Object.keys(fields).length > 0) throw fieldsError(fields);
}

export async function createTool(
  db: Db,
  { ctx, event }: EventAccess,
  body: CreateTool,
): Promise<EngagementTool> {
  const questions = questionValues(body.type, body.questions, new Set());
  await checkReferences(db, event.id, body);
  const audience = await validateAudience(db, event.id, body.audience);
  const id = await db.transaction().execute(async (tx) => {
    const id = await repo.insertTool(
      tx,
      event.id,
      {
        type: body.type,
        name: body.name,
        description: body.description,
        anonymity: body.anonymity,
        settings: body.settings,
        audience,
        materialId: body.type === 'DOCUMENT' ? body.materialId : null,
      },
      ctx.actorId,
    );
    await repo.setToolSessions(tx, event.id, id, body.sessionIds);
    await repo.setQuestions(tx, event.id, id, questions);
    await audit(tx, ctx, 'create', ENTITY, id);
    return id;
  });
  return getTool(db, event.id, id);
}

/** PATCH: the fields given; `questions` is the whole new list, `sessionIds` the whole new set. */
export async function updateTool(
  db: Db,
  { ctx, event }: EventAccess,
  id: string,
  body: UpdateTool,
): Promise<EngagementTool> {
  const tool = await repo.findTool(db, event.id, id);
  if (!tool) throw notFound();
  if (tool.type === 'DOCUMENT' && body.materialId === null)
    throw fieldsError({ materialId: MESSAGES.pleaseSelectValue });
  if (tool.type === 'POLL' && body.questions?.length === 0)
    throw fieldsError({ questions: MESSAGES.required });
  const questions = body.questions
    ? questionValues(tool.type, body.questions, new Set(await repo.questionIdsOf(db, id)))
    : undefined;
  await checkReferences(db, event.id, body);
  const audience = body.audience ? await validateAudience(db, event.id, body.audience) : undefined;
  const settings = body.settings
    ? toolSettingsSchema.parse({ ...toolSettingsSchema.parse(tool.settings), ...body.settings })
    : undefined;
  await db.transaction().execute(async (tx) => {
    if (!(await repo.findTool(tx, event.id, id, true))) throw notFound();
    await repo.updateTool(
      tx,
      id,
      {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.anonymity !== undefined ? { anonymity: body.anonymity } : {}),
        ...(settings ? { settings } : {}),
        ...(audience ? { audience } : {}),
        ...(body.materialId !== undefined && tool.type === 'DOCUMENT' ? { materialId: body.materialId } : {}),
      },
      ctx.actorId,
    );
    if (body.sessionIds) await repo.setToolSessions(tx, event.id, id, body.sessionIds);
    if (questions) await repo.setQuestions(tx, event.id, id, questions);
    await audit(tx, ctx, 'update', ENTITY, id);
  });
  return getTool(db, event.id, id);
}

/** Deletes the tool with its instances and answers; sessions where one was OPEN are told it closed. */
export async function deleteTool(deps: ToolDeps, { ctx, event }: EventAccess, id: string): Promise<void> {
  const open = await deps.db.transaction().execute(async (tx) => {
    if (!(await repo.findTool(tx, event.id, id, true))) throw notFound();
    const open = await repo.openInstancesOf(tx, id);
    await repo.deleteTool(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
    return open;
  });
  for (const i of open)
    deps.realtime.emit(rooms.session(i.sessionId), 'engagement.instance', {
      sessionId: i.sessionId,
      instanceId: i.id,
      status: 'CLOSED',
    });
}

const COPY_SUFFIX = ' (copy)';
/** `<name> (copy)`, shortened to fit the name's limit. */
export const copyName = (name: string) =>
  `${[...name].slice(0, CONTENT_NAME_MAX_LENGTH - COPY_SUFFIX.length).join('')}${COPY_SUFFIX}`;

/** A new tool like this one (sessions, audience, material, questions with new ids), without instances or answers. */
export async function copyTool(db: Db, { ctx, event }: EventAccess, id: string): Promise<EngagementTool> {
  const tool = await repo.findTool(db, event.id, id);
  if (!tool) throw notFound();
  const [sessionIds, questions] = await Promise.all([repo.toolSessionIds(db, id), repo.questionsOf(db, id)]);
  const newId = await db.transaction().execute(async (tx) => {
    const newId = await repo.insertTool(
      tx,
      event.id,
      {
        type: tool.type,
        name: copyName(tool.name),
        description: tool.description,
        anonymity: tool.anonymity,
        settings: { ...DEFAULT_TOOL_SETTINGS, ...tool.settings },
        audience: tool.audience,
        materialId: tool.materialId,
      },
      ctx.actorId,
    );
    await repo.setToolSessions(tx, event.id, newId, sessionIds);
    await repo.setQuestions(
      tx,
      event.id,
      newId,
      questions.map(({ id: _id, ...q }) => q),
    );
    await audit(tx, ctx, 'create', ENTITY, newId);
    return newId;
  });
  return getTool(db, event.id, newId);
}
