import { sql } from 'kysely';
import type { EngagementInstance, InstanceContext } from '@plenary/domain';
import { toolSettingsSchema } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { questionsJson } from './tools.repo.js';

/** The SQL of instances: records, the status writes and the scheduler's due transitions. */

export type InstanceStatus = EngagementInstance['status'];

interface InstanceRecordRow {
  id: string;
  eventId: string;
  toolId: string;
  toolName: string;
  toolType: EngagementInstance['toolType'];
  sessionId: string;
  sessionName: string;
  status: InstanceStatus;
  opensAt: Date | null;
  closesAt: Date | null;
  openedAt: Date | null;
  closedAt: Date | null;
  respondentCount: number;
  createdAt: Date;
}

/** Participants who answered (Q&A: who asked). */
const respondents = sql<number>`(CASE WHEN t.type = 'QA'
    THEN (SELECT count(DISTINCT qq.participant_id)::int FROM qa_questions qq WHERE qq.instance_id = i.id)
    ELSE (SELECT count(DISTINCT a.participant_id)::int FROM engagement_answers a WHERE a.instance_id = i.id) END)`;

function records(db: Db, eventId: string) {
  return db
    .selectFrom('engagementInstances as i')
    .innerJoin('engagementTools as t', 't.id', 'i.toolId')
    .innerJoin('sessions as s', 's.id', 'i.sessionId')
    .select([
      'i.id',
      'i.eventId',
      'i.toolId',
      't.name as toolName',
      't.type as toolType',
      'i.sessionId',
      's.name as sessionName',
      'i.status',
      'i.opensAt',
      'i.closesAt',
      'i.openedAt',
      'i.closedAt',
      respondents.as('respondentCount'),
      'i.createdAt',
    ])
    .where('i.eventId', '=', eventId);
}

const toRecord = (r: InstanceRecordRow): EngagementInstance => ({
  id: r.id,
  eventId: r.eventId,
  toolId: r.toolId,
  toolName: r.toolName,
  toolType: r.toolType,
  session: { id: r.sessionId, name: r.sessionName },
  status: r.status,
  opensAt: r.opensAt,
  closesAt: r.closesAt,
  openedAt: r.openedAt,
  closedAt: r.closedAt,
  respondentCount: r.respondentCount,
  createdAt: r.createdAt,
});

/** The tool's instances, newest first. */
export async function instancesOfTool(
  db: Db,
  eventId: string,
  toolId: string,
): Promise<EngagementInstance[]> {
  const rows = await records(db, eventId)
    .where('i.toolId', '=', toolId)
    .orderBy('i.createdAt', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
  return rows.map(toRecord);
}

export async function instanceRecord(
  db: Db,
  eventId: string,
  id: string,
): Promise<EngagementInstance | undefined> {
  const row = await records(db, eventId).where('i.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** The instance of the tool (another tool's or event's reads as none). */
export async function findInstanceOfTool(db: Db, eventId: string, toolId: string, id: string, lock = false) {
  return db
    .selectFrom('engagementInstances')
    .select(['id', 'toolId', 'sessionId', 'status', 'opensAt', 'closesAt'])
    .where('eventId', '=', eventId)
    .where('toolId', '=', toolId)
    .where('id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function lockInstance(tx: Db, id: string) {
  return tx
    .selectFrom('engagementInstances')
    .select(['id', 'toolId', 'sessionId', 'status', 'opensAt', 'closesAt'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function toolAttachedTo(db: Db, toolId: string, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('engagementToolSessions')
    .select('toolId')
    .where('toolId', '=', toolId)
    .where('sessionId', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertInstance(
  tx: Db,
  v: {
    eventId: string;
    toolId: string;
    sessionId: string;
    status: InstanceStatus;
    opensAt: Date | null;
    closesAt: Date | null;
    actorId: string;
  },
): Promise<string> {
  const now = new Date();
  const row = await tx
    .insertInto('engagementInstances')
    .values({
      eventId: v.eventId,
      toolId: v.toolId,
      sessionId: v.sessionId,
      status: v.status,
      opensAt: v.opensAt,
      closesAt: v.closesAt,
      openedAt: v.status === 'OPEN' ? now : null,
      createdBy: v.actorId,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setSchedule(
  tx: Db,
  id: string,
  v: { status: InstanceStatus; opensAt: Date | null; closesAt: Date | null },
): Promise<void> {
  await tx
    .updateTable('engagementInstances')
    .set({ ...v, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Open or close now: opened_at / closed_at; a manual open forgets a closing time already past. */
export async function setStatus(tx: Db, id: string, status: 'OPEN' | 'CLOSED'): Promise<void> {
  await sql`UPDATE engagement_instances SET status = ${status}, updated_at = now(),
      opened_at = CASE WHEN ${status} = 'OPEN' THEN now() ELSE opened_at END,
      closed_at = CASE WHEN ${status} = 'CLOSED' THEN now() ELSE closed_at END,
      closes_at = CASE WHEN ${status} = 'OPEN' AND closes_at <= now() THEN NULL ELSE closes_at END
    WHERE id = ${id}`.execute(tx);
}

export async function deleteInstance(tx: Db, id: string): Promise<void> {
  await tx.deleteFrom('engagementInstances').where('id', '=', id).execute();
}

export interface Transition {
  id: string;
  sessionId: string;
  status: 'OPEN' | 'CLOSED';
}

/**
 * The scheduler's two statements: SCHEDULED instances whose time came open, OPEN ones whose closing
 * time came close. Each row changes in one statement of one process (the row lock and the re-check
 * of the WHERE make the others skip it), so every transition is announced once.
 */
export async function openDue(db: Db): Promise<Transition[]> {
  const { rows } = await sql<Transition>`UPDATE engagement_instances
      SET status = 'OPEN', opened_at = now(), updated_at = now()
    WHERE status = 'SCHEDULED' AND opens_at <= now()
    RETURNING id, session_id AS "sessionId", status`.execute(db);
  return rows;
}

export async function closeDue(db: Db): Promise<Transition[]> {
  const { rows } = await sql<Transition>`UPDATE engagement_instances
      SET status = 'CLOSED', closed_at = now(), updated_at = now()
    WHERE status = 'OPEN' AND closes_at IS NOT NULL AND closes_at <= now()
    RETURNING id, session_id AS "sessionId", status`.execute(db);
  return rows;
}

/** The staff context of an instance, by its id alone (the caller checks access on the event it names). */
export async function instanceContext(db: Db, instanceId: string): Promise<InstanceContext | undefined> {
  const row = await db
    .selectFrom('engagementInstances as i')
    .innerJoin('engagementTools as t', 't.id', 'i.toolId')
    .innerJoin('sessions as s', 's.id', 'i.sessionId')
    .select([
      'i.eventId',
      'i.toolId',
      't.type as toolType',
      't.name as toolName',
      'i.sessionId',
      's.name as sessionName',
      'i.status',
      't.anonymity',
      't.settings',
      questionsJson(sql.ref('t.id')).as('questions'),
    ])
    .where('i.id', '=', instanceId)
    .executeTakeFirst();
  return row && { ...row, settings: toolSettingsSchema.parse(row.settings) };
}

/** The session belongs to the event. */
export async function sessionOfEvent(db: Db, eventId: string, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('eventId', '=', eventId)
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined;
}
