import { sql, type SqlBool } from 'kysely';
import {
  moderationSessionListQuerySchema,
  timeSlotText,
  type EngagementInstance,
  type ModerationSession,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';

/** Whose sessions: the event's (admins: every one), or those listing `moderatorUserId`. */
export interface ModerationScope {
  eventId: string;
  moderatorUserId: string | null;
}

export const moderationSessionList = defineList({
  query: moderationSessionListQuerySchema,
  select: (db: Db, scope: ModerationScope) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('events as e', 'e.id', 's.eventId')
      .leftJoin('locations as l', 'l.id', 's.locationId')
      .select(['s.id', 's.eventId', 's.name', 's.startAt', 's.endAt', 'e.timezone', 'l.name as location'])
      .where('s.eventId', '=', scope.eventId)
      .$if(scope.moderatorUserId !== null, (qb) =>
        qb.where(
          sql<SqlBool>`EXISTS (SELECT 1 FROM session_moderators m WHERE m.session_id = s.id AND m.user_id = ${scope.moderatorUserId})`,
        ),
      ),
  pageColumns: {
    instanceCount: sql<number>`(SELECT count(*)::int FROM engagement_instances i WHERE i.session_id = list_page.id)`,
    openCount: sql<number>`(SELECT count(*)::int FROM engagement_instances i WHERE i.session_id = list_page.id AND i.status = 'OPEN')`,
    pendingCount: sql<number>`(SELECT count(*)::int FROM qa_questions q JOIN engagement_instances i ON i.id = q.instance_id
      WHERE i.session_id = list_page.id AND q.status = 'PENDING')`,
  },
  record: (row): ModerationSession => ({
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    startAt: row.startAt,
    endAt: row.endAt,
    timeSlot: timeSlotText(row.startAt, row.endAt, row.timezone),
    location: row.location,
    instanceCount: row.instanceCount,
    openCount: row.openCount,
    pendingCount: row.pendingCount,
  }),
  id: sql.ref('s.id'),
  fields: {
    name: { sql: sql.ref('s.name'), sortable: sql`lower(s.name)`, searchable: true, label: 'Name' },
    startAt: { sql: sql.ref('s.startAt'), sortable: true, label: 'Start' },
  },
  filters: {},
  defaultSort: 'startAt:asc',
});

/** The session of the event (another event's id reads as none). */
export async function sessionOfEvent(db: Db, eventId: string, sessionId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'name'])
    .where('id', '=', sessionId)
    .where('eventId', '=', eventId)
    .executeTakeFirst();
}

/** The session's instances, newest first, as the console's instance records. */
export async function instancesOfSession(db: Db, sessionId: string): Promise<EngagementInstance[]> {
  const { rows } = await sql<Omit<EngagementInstance, 'session'> & { sessionName: string }>`
    SELECT i.id, i.event_id AS "eventId", i.tool_id AS "toolId", t.name AS "toolName", t.type AS "toolType",
      i.session_id AS "sessionId", s.name AS "sessionName", i.status, i.opens_at AS "opensAt",
      i.closes_at AS "closesAt", i.opened_at AS "openedAt", i.closed_at AS "closedAt", i.created_at AS "createdAt",
      CASE WHEN t.type = 'QA'
        THEN (SELECT count(DISTINCT q.participant_id)::int FROM qa_questions q WHERE q.instance_id = i.id)
        ELSE (SELECT count(DISTINCT a.participant_id)::int FROM engagement_answers a WHERE a.instance_id = i.id)
      END AS "respondentCount"
    FROM engagement_instances i
      JOIN engagement_tools t ON t.id = i.tool_id
      JOIN sessions s ON s.id = i.session_id
    WHERE i.session_id = ${sessionId}
    ORDER BY i.created_at DESC, i.id`.execute(db);
  return rows.map(({ sessionName, ...r }) => {
    const { sessionId: _sessionId, ...rest } = r as typeof r & { sessionId: string };
    return { ...rest, session: { id: _sessionId, name: sessionName } };
  });
}
