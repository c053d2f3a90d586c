import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { EngagementToolsTable } from '../../platform/db/schema.js';
import { viewerInAudience, visibleTo, type Viewer } from '../agenda/index.js';

/** An instance with what every access decision needs: its tool's kind, settings and the session. */
export interface InstanceRow {
  id: string;
  eventId: string;
  toolId: string;
  sessionId: string;
  status: 'OPEN' | 'CLOSED' | 'SCHEDULED';
  toolType: EngagementToolsTable['type'];
  anonymity: 'ANONYMOUS' | 'NOT_ANONYMOUS' | 'ALLOW_ANONYMOUS';
  settings: Record<string, unknown>;
}

const instanceColumns = [
  'i.id',
  'i.eventId',
  'i.toolId',
  'i.sessionId',
  'i.status',
  't.type as toolType',
  't.anonymity',
  't.settings',
] as const;

/** The instance of this event (another event's id reads as none). */
export async function findInstance(
  db: Db,
  eventId: string,
  instanceId: string,
): Promise<InstanceRow | undefined> {
  return db
    .selectFrom('engagementInstances as i')
    .innerJoin('engagementTools as t', 't.id', 'i.toolId')
    .select(instanceColumns)
    .where('i.id', '=', instanceId)
    .where('i.eventId', '=', eventId)
    .executeTakeFirst();
}

/** The instance with its event's tenant, for room checks (no event id in a room name). */
export async function findInstanceScope(
  db: Db,
  instanceId: string,
): Promise<(InstanceRow & { eventHubId: string; organizationId: string }) | undefined> {
  return db
    .selectFrom('engagementInstances as i')
    .innerJoin('engagementTools as t', 't.id', 'i.toolId')
    .innerJoin('events as e', 'e.id', 'i.eventId')
    .select([...instanceColumns, 'e.eventHubId', 'e.organizationId'])
    .where('i.id', '=', instanceId)
    .executeTakeFirst();
}

/** The participant may take part: the session is on their agenda and they are in the tool's audience. */
export async function participantMaySee(db: Db, instance: InstanceRow, viewer: Viewer): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`
    SELECT true AS ok FROM engagement_tools t
      JOIN sessions s ON s.id = ${instance.sessionId}
      LEFT JOIN breakouts b ON b.id = s.breakout_id
    WHERE t.id = ${instance.toolId} AND ${viewerInAudience(sql.ref('t.audience'), viewer)} AND ${visibleTo(viewer)}`.execute(
    db,
  );
  return rows.length > 0;
}

/** The user moderates the session (listed as one of its moderators). */
export async function isSessionModerator(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessionModerators')
    .select('userId')
    .where('sessionId', '=', sessionId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
