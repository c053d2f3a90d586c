import { sql, type Expression, type SqlBool } from 'kysely';
import {
  toolListQuerySchema,
  toolSettingsSchema,
  type EngagementQuestion,
  type EngagementTool,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AudienceJson, EngagementToolsTable } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';

/**
 * The SQL of engagement tools: the console list (defineList; a record is one row with its
 * sessions, material, questions and instance counts as JSON page columns), and the writes.
 */

/** The audience as a record: label names and colours from the event's labels (a deleted one is left out). */
const audienceJson = sql<EngagementTool['audience']>`jsonb_build_object(
    'type', list_page.audience->>'type',
    'labels', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'name', l.name, 'color', l.color) ORDER BY lower(l.name), l.id), '[]'::jsonb)
      FROM labels l WHERE l.event_id = list_page.event_id
        AND l.id::text IN (SELECT jsonb_array_elements_text(list_page.audience->'labelIds'))),
    'rules', coalesce(list_page.audience->'rules', '[]'::jsonb))`;

const sessionsJson = sql<
  EngagementTool['sessions']
>`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) ORDER BY s.start_at, lower(s.name), s.id), '[]'::jsonb)
    FROM engagement_tool_sessions ets JOIN sessions s ON s.id = ets.session_id WHERE ets.tool_id = list_page.id)`;

const materialJson = sql<
  EngagementTool['material']
>`(SELECT jsonb_build_object('id', m.id, 'name', m.name) FROM materials m WHERE m.id = list_page.material_id)`;

/** The staff view of a tool's questions, in order; `tid` is the tool id's SQL. */
export const questionsJson = (tid: Expression<unknown>) =>
  sql<EngagementQuestion[]>`(SELECT coalesce(jsonb_agg(jsonb_build_object(
      'id', q.id, 'position', q.position, 'type', q.type, 'text', q.text, 'required', q.required,
      'options', q.options, 'scaleMax', q.scale_max, 'scaleMinLabel', q.scale_min_label,
      'scaleMaxLabel', q.scale_max_label, 'correctOptionIds', q.correct_option_ids,
      'points', q.points, 'timeLimitSec', q.time_limit_sec) ORDER BY q.position, q.id), '[]'::jsonb)
    FROM engagement_questions q WHERE q.tool_id = ${tid})`;

/** `createdBy`: the author's name, else their e-mail ('' when the account is gone). */
const authorName = sql<string>`coalesce(nullif(trim(coalesce(cb.first_name, '') || ' ' || coalesce(cb.last_name, '')), ''), cb.email, '')`;

/** `GET events/{eventId}/engagement-tools` (admins and moderators; scope = the event id). */
export const toolList = defineList({
  query: toolListQuerySchema,
  select: (db: Db, eventId: string) =>
    db
      .selectFrom('engagementTools as t')
      .leftJoin('users as cb', 'cb.id', 't.createdBy')
      .select([
        't.id',
        't.eventId',
        't.type',
        't.name',
        't.description',
        't.anonymity',
        't.settings',
        't.audience',
        't.materialId',
        authorName.as('createdBy'),
        't.createdAt',
        't.updatedAt',
      ])
      .where('t.eventId', '=', eventId),
  pageColumns: {
    audienceRecord: audienceJson,
    sessions: sessionsJson,
    material: materialJson,
    questions: questionsJson(sql.ref('list_page.id')),
    instanceCount: sql<number>`(SELECT count(*)::int FROM engagement_instances i WHERE i.tool_id = list_page.id)`,
    openCount: sql<number>`(SELECT count(*)::int FROM engagement_instances i WHERE i.tool_id = list_page.id AND i.status = 'OPEN')`,
  },
  record: (row): EngagementTool => ({
    id: row.id,
    eventId: row.eventId,
    type: row.type,
    name: row.name,
    description: row.description,
    anonymity: row.anonymity,
    settings: toolSettingsSchema.parse(row.settings),
    audience: row.audienceRecord,
    sessions: row.sessions,
    material: row.material ?? null,
    questions: row.questions,
    questionCount: row.questions.length,
    instanceCount: row.instanceCount,
    openCount: row.openCount,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }),
  id: sql.ref('t.id'),
  fields: {
    name: { sql: sql.ref('t.name'), sortable: sql`lower(t.name)`, searchable: true, label: 'Name' },
    type: { sql: sql.ref('t.type'), sortable: true, label: 'Type' },
    description: { label: 'Description' },
    sessions: { label: 'Sessions', cell: (r) => r.sessions.map((s) => s.name).join(', ') },
    questionCount: { label: 'Questions' },
    instanceCount: { label: 'Instances' },
    createdBy: { label: 'Created by' },
    createdAt: { sql: sql.ref('t.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('t.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {
    type: (types) => sql<SqlBool>`t.type = ANY(${types}::text[])`,
    sessionId: (sessionId) =>
      sql<SqlBool>`EXISTS (SELECT 1 FROM engagement_tool_sessions fs WHERE fs.tool_id = t.id AND fs.session_id = ${sessionId})`,
  },
  defaultSort: 'createdAt:desc',
});

export type ToolRow = Pick<
  EngagementToolsTable,
  'eventId' | 'type' | 'name' | 'materialId' | 'settings' | 'audience'
> & { id: string; description: string; anonymity: EngagementTool['anonymity'] };

export async function findTool(db: Db, eventId: string, id: string, lock = false) {
  return db
    .selectFrom('engagementTools')
    .select([
      'id',
      'eventId',
      'type',
      'name',
      'description',
      'anonymity',
      'settings',
      'audience',
      'materialId',
    ])
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export interface ToolValues {
  type: EngagementToolsTable['type'];
  name: string;
  description: string;
  anonymity: EngagementTool['anonymity'];
  settings: Record<string, unknown>;
  audience: AudienceJson;
  materialId: string | null;
}

export async function insertTool(tx: Db, eventId: string, v: ToolValues, actorId: string): Promise<string> {
  const row = await tx
    .insertInto('engagementTools')
    .values({
      eventId,
      type: v.type,
      name: v.name,
      description: v.description,
      anonymity: v.anonymity,
      settings: JSON.stringify(v.settings),
      audience: JSON.stringify(v.audience),
      materialId: v.materialId,
      createdBy: actorId,
      updatedBy: actorId,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTool(
  tx: Db,
  id: string,
  patch: Partial<Omit<ToolValues, 'type'>>,
  actorId: string,
): Promise<void> {
  const { settings, audience, ...rest } = patch;
  await tx
    .updateTable('engagementTools')
    .set({
      ...rest,
      ...(settings ? { settings: JSON.stringify(settings) } : {}),
      ...(audience ? { audience: JSON.stringify(audience) } : {}),
      updatedBy: actorId,
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteTool(tx: Db, id: string): Promise<void> {
  await tx.deleteFrom('engagementTools').where('id', '=', id).execute();
}

/** The tool's sessions become exactly `sessionIds`. */
export async function setToolSessions(
  tx: Db,
  eventId: string,
  toolId: string,
  sessionIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(sessionIds)];
  let del = tx.deleteFrom('engagementToolSessions').where('toolId', '=', toolId);
  if (ids.length > 0) del = del.where('sessionId', 'not in', ids);
  await del.execute();
  if (ids.length > 0)
    await tx
      .insertInto('engagementToolSessions')
      .values(ids.map((sessionId) => ({ toolId, sessionId, eventId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
}

export async function toolSessionIds(db: Db, toolId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('engagementToolSessions')
    .select('sessionId')
    .where('toolId', '=', toolId)
    .execute();
  return rows.map((r) => r.sessionId);
}

export interface QuestionValues {
  id?: string;
  position: number;
  type: EngagementQuestion['type'];
  text: string;
  required: boolean;
  options: Array<{ id: string; label: string }>;
  scaleMax: number | null;
  scaleMinLabel: string;
  scaleMaxLabel: string;
  correctOptionIds: string[];
  points: number;
  timeLimitSec: number;
}

export async function questionIdsOf(db: Db, toolId: string): Promise<string[]> {
  const rows = await db.selectFrom('engagementQuestions').select('id').where('toolId', '=', toolId).execute();
  return rows.map((r) => r.id);
}

/**
 * The tool's questions become exactly `questions`: those with an id are updated (their answers
 * stay), new ones inserted, the others deleted (with their answers).
 */
export async function setQuestions(
  tx: Db,
  eventId: string,
  toolId: string,
  questions: readonly QuestionValues[],
): Promise<void> {
  const kept = questions.flatMap((q) => (q.id ? [q.id] : []));
  let del = tx.deleteFrom('engagementQuestions').where('toolId', '=', toolId);
  if (kept.length > 0) del = del.where('id', 'not in', kept);
  await del.execute();
  for (const q of questions) {
    const values = {
      position: q.position,
      type: q.type,
      text: q.text,
      required: q.required,
      options: JSON.stringify(q.options),
      scaleMax: q.scaleMax,
      scaleMinLabel: q.scaleMinLabel,
      scaleMaxLabel: q.scaleMaxLabel,
      correctOptionIds: JSON.stringify(q.correctOptionIds),
      points: q.points,
      timeLimitSec: q.timeLimitSec,
    };
    if (q.id)
      await tx
        .updateTable('engagementQuestions')
        .set(values)
        .where('id', '=', q.id)
        .where('toolId', '=', toolId)
        .execute();
    else
      await tx
        .insertInto('engagementQuestions')
        .values({ ...values, toolId, eventId })
        .execute();
  }
}

/** The staff questions of a tool (for copies and the instance context). */
export async function questionsOf(db: Db, toolId: string): Promise<EngagementQuestion[]> {
  const { rows } = await sql<{
    questions: EngagementQuestion[];
  }>`SELECT ${questionsJson(sql`${toolId}::uuid`)} AS questions`.execute(db);
  return rows[0]?.questions ?? [];
}

/** Instances OPEN now (their rooms are told when the tool goes). */
export async function openInstancesOf(db: Db, toolId: string) {
  return db
    .selectFrom('engagementInstances')
    .select(['id', 'sessionId'])
    .where('toolId', '=', toolId)
    .where('status', '=', 'OPEN')
    .execute();
}

/** Which of these sessions belong to the event. */
export async function sessionIdsOfEvent(db: Db, eventId: string, ids: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('eventId', '=', eventId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}

/** The material belongs to the event. */
export async function materialOfEvent(db: Db, eventId: string, materialId: string): Promise<boolean> {
  const row = await db
    .selectFrom('materials')
    .select('id')
    .where('eventId', '=', eventId)
    .where('id', '=', materialId)
    .executeTakeFirst();
  return row !== undefined;
}
