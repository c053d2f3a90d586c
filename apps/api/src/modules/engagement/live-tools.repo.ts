import { sql } from 'kysely';
import type { EngagementQuestion, LiveTool } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { FILES_PATH } from '../../platform/storage.js';
import { viewerInAudience, visibleTo, type Viewer } from '../agenda/index.js';
import { questionsJson } from './tools.repo.js';

/** The session is one the participant sees (published, in its audience and its collections'). */
export async function sessionVisible(
  db: Db,
  eventId: string,
  sessionId: string,
  v: Viewer,
): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    SELECT s.id FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id
    WHERE s.event_id = ${eventId} AND s.id = ${sessionId} AND ${visibleTo(v)}`.execute(db);
  return rows.length > 0;
}

interface LiveRow {
  instanceId: string;
  sessionId: string;
  toolId: string;
  type: LiveTool['type'];
  name: string;
  description: string;
  anonymity: LiveTool['anonymity'];
  settings: Record<string, unknown>;
  material: LiveTool['material'];
  questions: EngagementQuestion[];
  myAnswers: LiveTool['myAnswers'];
  closesAt: Date | null;
}

/**
 * OPEN instances in the session of tools whose audience includes the viewer (the session's own
 * visibility is the caller's check), oldest opened first, with the viewer's answers by question.
 */
export async function liveTools(db: Db, eventId: string, sessionId: string, v: Viewer): Promise<LiveRow[]> {
  const { rows } = await sql<LiveRow>`
    SELECT i.id AS "instanceId", i.session_id AS "sessionId", t.id AS "toolId", t.type, t.name, t.description,
      t.anonymity, t.settings, i.closes_at AS "closesAt",
      (SELECT jsonb_build_object('id', m.id, 'name', m.name, 'url', ${FILES_PATH} || m.file_key, 'fileType', m.file_type)
        FROM materials m WHERE m.id = t.material_id AND t.type = 'DOCUMENT') AS material,
      ${questionsJson(sql.ref('t.id'))} AS questions,
      (SELECT coalesce(jsonb_object_agg(a.question_id, jsonb_build_object('optionIds', a.option_ids, 'text', a.text, 'value', a.value)), '{}'::jsonb)
        FROM engagement_answers a WHERE a.instance_id = i.id AND a.participant_id = ${v.participantId}) AS "myAnswers"
    FROM engagement_instances i JOIN engagement_tools t ON t.id = i.tool_id
    WHERE i.event_id = ${eventId} AND i.session_id = ${sessionId} AND i.status = 'OPEN'
      AND ${viewerInAudience(sql.ref('t.audience'), v)}
    ORDER BY i.opened_at NULLS FIRST, i.created_at, i.id`.execute(db);
  return rows;
}
